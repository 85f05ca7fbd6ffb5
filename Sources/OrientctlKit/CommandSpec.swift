/// How an option takes its value.
public enum OptionArity: Sendable, Equatable {
    /// A switch: `--json`.
    case flag
    /// One value, as `--kind tab` or `--kind=tab`; the string names the value (`KIND`).
    case value(String)
    /// An optional value, given only inline: `--json` or `--json=pretty`.
    case optionalValue(String)
    /// One or more values: every following word up to the next option, each split at commas
    /// (`--supported portrait landscape`, `--supported=portrait,landscape`). Repeating the
    /// option adds to the list.
    case list(String)
}

/// What a word stands for, for help texts and shell completion.
public enum WordKind: Sendable, Equatable {
    /// Free text (an app-id, a controller id, a number).
    case text
    /// A scene: its object path or its number.
    case scene
    /// One of these words.
    case choice([String])
}

/// One option of a verb (or of every verb, for the global ones).
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes: `supported` for `--supported`.
    public let name: String
    /// The one-letter form, such as `p` for `-p`.
    public let short: Character?
    public let arity: OptionArity
    /// What the values are, for completion.
    public let values: WordKind
    /// One line for `--help`.
    public let help: String

    public init(_ name: String, short: Character? = nil, _ arity: OptionArity = .flag,
                values: WordKind = .text, help: String) {
        self.name = name
        self.short = short
        self.arity = arity
        self.values = values
        self.help = help
    }

    /// `-p, --property=NAME` as shown in help texts.
    public var synopsis: String {
        let long: String
        switch arity {
        case .flag: long = "--\(name)"
        case .value(let meta): long = "--\(name)=\(meta)"
        case .optionalValue(let meta): long = "--\(name)[=\(meta)]"
        case .list(let meta): long = "--\(name) \(meta)…"
        }
        return short.map { "-\($0), \(long)" } ?? "    \(long)"
    }
}

/// One positional argument of a verb.
public struct ArgumentSpec: Sendable, Equatable {
    /// The name shown in help texts, such as `SCENE`.
    public let name: String
    public let kind: WordKind
    /// Whether it may be left out (only trailing arguments may).
    public let optional: Bool
    /// Whether it takes every remaining word (only the last argument may).
    public let repeats: Bool

    public init(_ name: String, _ kind: WordKind = .text, optional: Bool = false, repeats: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.repeats = repeats
    }

    /// `SCENE`, `[ORIENTATION]` or `SCENE…`.
    public var synopsis: String {
        let base = repeats ? "\(name)…" : name
        return optional ? "[\(base)]" : base
    }
}

/// The sections of the overall help text.
public enum VerbGroup: String, CaseIterable, Sendable {
    case state = "Looking at the state"
    case settings = "Changing the settings"
    case policies = "Per-app policies"
    case scenes = "Detached scenes, for scripts and manual testing"
    case other = "Other"
}

/// One verb: its words, options and texts, and the code that runs it.
public struct VerbSpec: Sendable {
    public let name: String
    public let group: VerbGroup
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    /// One line for the overall help.
    public let summary: String
    /// The paragraph of `orientctl VERB --help`.
    public let details: String
    /// Command lines shown under "Examples" (without the program name).
    public let examples: [String]
    /// Runs the verb.
    public let run: @Sendable (Invocation) throws(CommandError) -> Void

    public init(_ name: String, group: VerbGroup, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
                summary: String, details: String, examples: [String] = [],
                run: @escaping @Sendable (Invocation) throws(CommandError) -> Void) {
        self.name = name
        self.group = group
        self.arguments = arguments
        self.options = options
        self.summary = summary
        self.details = details
        self.examples = examples
        self.run = run
    }

    /// `push SCENE NAV ID [OPTIONS…]`.
    public var synopsis: String {
        var words = [name] + arguments.map(\.synopsis)
        if !options.isEmpty { words.append("[OPTIONS…]") }
        return words.joined(separator: " ")
    }

    /// How many positional words it takes: at least, and at most (nil: no limit).
    public var argumentRange: (min: Int, max: Int?) {
        let required = arguments.filter { !$0.optional }.count
        return (required, arguments.last?.repeats == true ? nil : arguments.count)
    }

    /// The option with this long name or one-letter form, among its own and the global ones.
    public func option(named name: String) -> OptionSpec? {
        (options + GlobalOptions.specs).first { $0.name == name }
    }

    public func option(short: Character) -> OptionSpec? {
        (options + GlobalOptions.specs).first { $0.short == short }
    }
}
