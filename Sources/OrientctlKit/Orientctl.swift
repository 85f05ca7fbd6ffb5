import OrientationClient

/// orientctl's entry point: parse, run the verb, report, return the exit status.
public enum Orientctl {
    /// A client on the session bus (`DBUS_SESSION_BUS_ADDRESS`). Calls go to orientd's name
    /// without `NO_AUTO_START`, so where orientd is installed with its activation file, the
    /// first call starts it; they wait as long as GDBus's default (25 s) for it.
    public static func sessionClient() throws(CommandError) -> OrientationClient {
        do throws(OrientationClientError) {
            return try OrientationClient(timeout: .seconds(25))
        } catch {
            throw .noBus(error)
        }
    }

    /// Runs orientctl with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment: [String: String], console: Console,
                           connect: @escaping () throws(CommandError) -> OrientationClient = sessionClient) -> Int32 {
        let command: ParsedCommand
        do throws(UsageError) {
            command = try VerbTable.parser.parse(arguments)
        } catch {
            return report(.usage(error), console)
        }
        switch command.action {
        case .version:
            console.print(HelpText.version)
            return ExitCode.success
        case .help:
            console.print(command.verb.map(HelpText.verb) ?? HelpText.overall(VerbTable.all))
            return ExitCode.success
        case .run:
            guard let verb = command.verb else { return ExitCode.usage }
            let invocation = Invocation(command: command, verb: verb, console: console, environment: environment,
                                        verbs: VerbTable.all, connect: connect)
            do throws(CommandError) {
                try verb.run(invocation)
                return ExitCode.success
            } catch {
                return report(error, console, command: command)
            }
        }
    }

    /// Prints the error on standard error: text (with the D-Bus error name under
    /// `--verbose`), or one JSON object under `--json`; returns the exit status.
    static func report(_ error: CommandError, _ console: Console, command: ParsedCommand? = nil) -> Int32 {
        if command?.wantsJSON == true {
            console.printError(error.json.serialized(pretty: false))
        } else {
            for line in error.lines(verbose: command?.has(GlobalOptions.verbose.name) ?? false) { console.printError(line) }
        }
        return error.exitStatus
    }
}
