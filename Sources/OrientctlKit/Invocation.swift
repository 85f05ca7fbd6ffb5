import OrientationClient

/// What a verb runs with: its parsed command line, the console and the bus.
public final class Invocation {
    public let command: ParsedCommand
    public let verb: VerbSpec
    public let console: Console
    public let environment: [String: String]
    /// Every verb, for `help`.
    public let verbs: [VerbSpec]
    private var connected: OrientationClient?
    private let connect: () throws(CommandError) -> OrientationClient

    public init(command: ParsedCommand, verb: VerbSpec, console: Console, environment: [String: String],
                verbs: [VerbSpec], connect: @escaping () throws(CommandError) -> OrientationClient = Orientctl.sessionClient) {
        self.command = command
        self.verb = verb
        self.console = console
        self.environment = environment
        self.verbs = verbs
        self.connect = connect
    }

    /// The client, connected on first use.
    public func client() throws(CommandError) -> OrientationClient {
        if let connected { return connected }
        let client = try connect()
        connected = client
        return client
    }

    /// Runs calls to orientd for this verb, turning their errors into `Failed to <verb>` or
    /// "not running".
    @discardableResult
    public func bus<T>(_ body: (OrientationClient) throws(OrientationClientError) -> T) throws(CommandError) -> T {
        let client = try client()
        do throws(OrientationClientError) {
            return try body(client)
        } catch {
            throw CommandError.call(verb.name, error)
        }
    }

    /// A usage error about this verb.
    public func usage(_ message: String) -> CommandError { .usage(UsageError(message, verb: verb)) }

    // MARK: Arguments

    /// The positional word at `index` (the parser checked the count).
    public func argument(_ index: Int) -> String { command.argument(index) ?? "" }

    /// The scene named by the positional word at `index`: a number or an object path.
    public func scene(_ index: Int) throws(CommandError) -> SceneReference {
        do throws(UsageError) {
            return try SceneReference(argument(index))
        } catch {
            throw usage(error.message)
        }
    }

    /// A word read the way orientd reads it (`UserInput`); a bad one fails this verb with
    /// the error orientd gives for it. Connects first, so that without a bus the verb fails
    /// as it would if orientd had read the word.
    public func read<T>(_ body: () throws(OrientationClientError) -> T) throws(CommandError) -> T {
        _ = try client()
        do throws(OrientationClientError) {
            return try body()
        } catch {
            throw CommandError.call(verb.name, error)
        }
    }

    /// An unsigned number given as the positional word at `index` or as an option value.
    public func number(_ word: String, what: String) throws(CommandError) -> UInt32 {
        guard let value = UInt32(word) else { throw usage("\(what) must be a whole number of 0 or more, not '\(word)'") }
        return value
    }

    /// A size written `WIDTHxHEIGHT`, such as `390x844`.
    public func size(_ word: String) throws(CommandError) -> (width: UInt32, height: UInt32) {
        let parts = word.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = UInt32(parts[0]), let height = UInt32(parts[1]) else {
            throw usage("a size is WIDTHxHEIGHT in points, such as 390x844, not '\(word)'")
        }
        return (width, height)
    }

    // MARK: Output

    /// Whether `--json` was given (and not `--json=off` last).
    public var wantsJSON: Bool { command.wantsJSON }
    /// `-q`: no informational messages on standard error.
    public var quiet: Bool { command.has(GlobalOptions.quiet.name) }
    /// `--no-legend`: tables without header and footer.
    public var legend: Bool { !command.has(GlobalOptions.noLegend.name) }

    /// Writes an informational message on standard error, unless `-q`.
    public func note(_ line: String) {
        if !quiet { console.printError(line) }
    }

    /// Prints a JSON value: pretty on a terminal or with `--json=pretty`, else on one line.
    public func printJSON(_ value: PrintedJSON) {
        let mode = command.value("json") ?? ""
        let pretty = mode == "pretty" || (mode.isEmpty && console.isTerminal)
        console.print(value.serialized(pretty: pretty))
    }

    /// Prints text lines, or the JSON value with `--json`.
    public func emit(_ lines: @autoclosure () -> [String], json: @autoclosure () -> PrintedJSON) {
        if wantsJSON { printJSON(json()) } else { console.print(lines: lines()) }
    }

    public var style: Style { console.style }
    /// Whether output goes to the process's standard output (not a test's capture).
    public var watchesOutput: Bool { console.isStandardOutput }
    public var aligned: Bool { console.isTerminal }
}
