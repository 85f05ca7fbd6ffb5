/// A command line after parsing: what to do, the positional words and the options given.
public struct ParsedCommand: Sendable {
    public enum Action: Sendable {
        /// Run a verb.
        case run
        /// Show the help of `verb`, or the overall help when nil.
        case help
        /// Show the version.
        case version
    }

    public let action: Action
    /// The verb named (nil: none was named, and no verb is needed).
    public let verb: VerbSpec?
    /// The positional words after the verb.
    public let arguments: [String]
    /// Every option given, by long name, with its values in order (a flag has one "" per use;
    /// a list option every value).
    public let options: [String: [String]]

    public init(action: Action, verb: VerbSpec?, arguments: [String] = [], options: [String: [String]] = [:]) {
        self.action = action
        self.verb = verb
        self.arguments = arguments
        self.options = options
    }

    /// Whether `--json` was given and the last one was not `--json=off`.
    public var wantsJSON: Bool { options["json"].map { $0.last != "off" } ?? false }

    /// Whether the option was given.
    public func has(_ name: String) -> Bool { options[name] != nil }

    /// The last value of a value option, nil when not given.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// Every value of a list option, nil when not given.
    public func list(_ name: String) -> [String]? { options[name] }

    /// The positional word at `index`, nil when not given.
    public func argument(_ index: Int) -> String? { index < arguments.count ? arguments[index] : nil }
}
