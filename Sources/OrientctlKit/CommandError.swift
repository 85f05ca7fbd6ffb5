import OrientationClient

/// Why a verb did not succeed, and how orientctl reports it.
public enum CommandError: Error, Sendable, Equatable {
    /// The command line is wrong (exit 64).
    case usage(UsageError)
    /// orientd (or the bus) refused a call of `verb` (exit 1).
    case failed(verb: String, OrientationClientError)
    /// Nobody owns orientd's name and D-Bus activation could not start it (exit 1).
    case notRunning(OrientationClientError)
    /// There is no session bus to talk to (exit 1).
    case noBus(OrientationClientError)

    /// The process exit status: 64 for usage errors (EX_USAGE), 1 for the rest.
    public var exitStatus: Int32 {
        if case .usage = self { return ExitCode.usage }
        return ExitCode.failure
    }

    /// The lines printed on standard error.
    public var lines: [String] { lines(verbose: false) }

    /// The lines printed on standard error; `verbose` (`--verbose`) adds the D-Bus error name
    /// of a refusal. orientd's message is escaped for the terminal (`TerminalText`).
    public func lines(verbose: Bool) -> [String] {
        switch self {
        case .usage(let error):
            return ["orientctl: \(error.message.terminalSafe)", error.hint]
        case .failed(let verb, let error):
            let name = verbose ? " (\(error.name.terminalSafe))" : ""
            return ["Failed to \(FailurePhrases.phrase(for: verb)): \(error.message.terminalSafe)\(name)"]
        case .notRunning(let error):
            // An activation that failed: the bus's reason, and the program the activation file runs.
            let why = error.isActivationFailure ? ": \(error.message.terminalSafe) (\(error.name.terminalSafe))" : " (\(error.name.terminalSafe))"
            var program = error.isActivationFailure ? ActivationFile.explanation().map { [$0] } ?? [] : []
            // orientd's own reason, when it ran and exited before it served (not when the bus
            // could not run it at all: an older record would be another failure's).
            if error.name.hasPrefix("org.freedesktop.DBus.Error.Spawn.Child"), let reason = LastFailureFile.reason() {
                program.append("Its last failure: \(reason)")
            }
            return ["orientd is not running: nothing owns \(OrientationClient.busName) on the session bus, and D-Bus activation did not start it\(why)."]
                + program + ["Start it with 'systemctl --user start orientd', or run 'orientd &' (see orientd(8))."]
        case .noBus(let error):
            return ["Failed to connect to the session bus: \(error.message.terminalSafe)",
                    "Is DBUS_SESSION_BUS_ADDRESS set? orientd and orientctl use the session bus of a graphical login."]
        }
    }

    /// The error as one JSON object, for `--json` (printed on standard error): `error` (the
    /// D-Bus error name, or `usage`), `message`, and for a refusal `verb` and `failed` (what
    /// the verb was doing).
    public var json: PrintedJSON {
        switch self {
        case .usage(let error):
            return .object([("error", .string("usage")), ("message", .string(error.message)),
                            ("verb", JSONConvention.text(error.verb ?? ""))])
        case .failed(let verb, let error):
            return .object([("error", .string(error.name)), ("message", .string(error.message)),
                            ("verb", .string(verb)), ("failed", .string(FailurePhrases.phrase(for: verb)))])
        case .notRunning(let error), .noBus(let error):
            return .object([("error", .string(error.name)), ("message", .string(lines(verbose: false)[0]))])
        }
    }

    /// Classifies an error of a call made for `verb`: the service missing, or a refusal.
    public static func call(_ verb: String, _ error: OrientationClientError) -> CommandError {
        error.meansServiceAbsent ? .notRunning(error) : .failed(verb: verb, error)
    }
}

/// orientctl's exit statuses.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    /// EX_USAGE from sysexits.h.
    public static let usage: Int32 = 64
}
