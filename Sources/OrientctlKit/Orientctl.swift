/// orientctl's entry point: parse, run the verb, report, return the exit status.
public enum Orientctl {
    /// Runs orientctl with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment: [String: String], console: Console,
                           connect: @escaping () throws(CommandError) -> OrientdClient = { () throws(CommandError) in try OrientdClient.session() }) -> Int32 {
        let command: ParsedCommand
        do throws(UsageError) {
            command = try VerbTable.parser.parse(arguments)
        } catch {
            return report(.usage(error), console)
        }
        switch command.action {
        case .version:
            console.print(HelpText.version)
            return ExitStatus.success
        case .help:
            console.print(command.verb.map(HelpText.verb) ?? HelpText.overall(VerbTable.all))
            return ExitStatus.success
        case .run:
            guard let verb = command.verb else { return ExitStatus.usage }
            let invocation = Invocation(command: command, verb: verb, console: console, environment: environment,
                                        verbs: VerbTable.all, connect: connect)
            do throws(CommandError) {
                try verb.run(invocation)
                return ExitStatus.success
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
