/// zsh and fish completion scripts, generated from the verb table so they never fall behind
/// (data/_orientctl and data/orientctl.fish are this output; a test compares them, and
/// `make completions` writes them again). Scenes come from `orientctl list --no-legend`,
/// controller ids from `orientctl tree SCENE --json=short`.
public enum ShellCompletion {
    /// Argument names that stand for a controller the scene already has.
    static let controllerArguments: Set<String> = ["NAV", "TAB", "CHILD", "PRESENTER"]

    /// Whether argument `index` of `verb` names an existing controller (`ID` is a new one
    /// for the verbs that declare a controller, which take `--kind`).
    static func isController(_ verb: VerbSpec, _ index: Int) -> Bool {
        let name = verb.arguments[index].name
        if controllerArguments.contains(name) { return true }
        return name == "ID" && !verb.options.contains { $0.name == "kind" }
    }

    // MARK: fish

    public static func fish(_ verbs: [VerbSpec]) -> String {
        var lines = [
            "# fish completion for orientctl(1). Generated from orientctl's verb table: do not edit,",
            "# run 'make completions'. Installed as .../fish/vendor_completions.d/orientctl.fish.",
            "",
            "function __orientctl_positional --description 'The words after the program name that are not options'",
            "    for word in (commandline -opc)[2..-1]",
            "        string match -q -- '-*' $word; or echo $word",
            "    end",
            "end",
            "",
            "function __orientctl_at --description 'Whether the word being completed is the Nth argument after the verb'",
            "    test (count (__orientctl_positional)) -eq $argv[1]",
            "end",
            "",
            "function __orientctl_scenes",
            "    orientctl list --no-legend 2>/dev/null | cut -f1",
            "end",
            "",
            "function __orientctl_controllers",
            "    set -l words (__orientctl_positional)",
            "    test (count $words) -ge 2; or return",
            "    orientctl tree $words[2] --json=short 2>/dev/null | string match -ra '\"id\":\"[^\"]*\"' | string replace -r '^\"id\":\"(.*)\"$' '$1'",
            "end",
            "",
            "complete -c orientctl -f",
            "",
            "# Verbs.",
        ]
        let names = verbs.map(\.name).joined(separator: " ")
        for verb in verbs {
            lines.append("complete -c orientctl -n 'not __fish_seen_subcommand_from \(names)' -a \(verb.name) -d \(fishQuoted(verb.summary))")
        }
        lines += ["", "# Options of every verb."]
        for option in GlobalOptions.specs { lines.append(fishOption(option, condition: nil)) }
        for verb in verbs {
            let condition = "__fish_seen_subcommand_from \(verb.name)"
            var verbLines: [String] = []
            for option in verb.options { verbLines.append(fishOption(option, condition: condition)) }
            for (index, argument) in verb.arguments.enumerated() {
                let at = argument.repeats ? condition : "\(condition); and __orientctl_at \(index + 1)"
                let words: String
                switch argument.kind {
                case .scene: words = "'(__orientctl_scenes)'"
                case .choice(let choices) where !choices.isEmpty: words = fishQuoted(choices.joined(separator: " "))
                case .choice: words = fishQuoted(verbs.map(\.name).joined(separator: " "))
                case .text:
                    guard isController(verb, index) else { continue }
                    words = "'(__orientctl_controllers)'"
                }
                verbLines.append("complete -c orientctl -n \(fishQuoted(at)) -a \(words)")
            }
            if !verbLines.isEmpty { lines += ["", "# \(verb.name)"] + verbLines }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func fishOption(_ option: OptionSpec, condition: String?) -> String {
        var words = ["complete -c orientctl"]
        if let condition { words.append("-n \(fishQuoted(condition))") }
        if let short = option.short { words.append("-s \(short)") }
        words.append("-l \(option.name)")
        switch option.arity {
        case .flag, .optionalValue: break
        case .value, .list:
            words.append("-r")
            if case .choice(let choices) = option.values { words.append("-a \(fishQuoted(choices.joined(separator: " ")))") }
        }
        words.append("-d \(fishQuoted(option.help))")
        return words.joined(separator: " ")
    }

    /// A fish single-quoted string.
    static func fishQuoted(_ text: String) -> String {
        "'" + replacingEach(in: text, ["\\": "\\\\", "'": "\\'"]) + "'"
    }

    // MARK: zsh

    public static func zsh(_ verbs: [VerbSpec]) -> String {
        var lines = [
            "#compdef orientctl",
            "# zsh completion for orientctl(1). Generated from orientctl's verb table: do not edit,",
            "# run 'make completions'. Installed as .../zsh/vendor-completions/_orientctl.",
            "",
            "_orientctl_scenes() {",
            "  local -a scenes",
            "  scenes=(${(f)\"$(orientctl list --no-legend 2>/dev/null | cut -f1)\"})",
            "  compadd -a scenes",
            "}",
            "",
            "_orientctl_controllers() {",
            "  local -a ids",
            "  ids=(${(f)\"$(orientctl tree \"$1\" --json=short 2>/dev/null | grep -o '\"id\":\"[^\"]*\"' | cut -d'\"' -f4)\"})",
            "  compadd -a ids",
            "}",
            "",
            "_orientctl() {",
            "  local curcontext=$curcontext state line",
            "  local -a global verbs",
            "  global=(",
        ]
        lines += GlobalOptions.specs.map { "    " + zshOption($0) }
        lines += ["  )", "  verbs=("]
        lines += verbs.map { "    " + zshQuoted("\($0.name):\(zshDescription($0.summary))") }
        lines += [
            "  )",
            "  _arguments -C -s $global '1: :->verb' '*:: :->arguments' && return",
            "  case $state in",
            "    verb) _describe -t verbs 'orientctl verb' verbs ;;",
            "    arguments)",
            "      curcontext=${curcontext%:*:*}:orientctl-$words[1]:",
            "      case $words[1] in",
        ]
        for verb in verbs {
            var specs = verb.options.map(zshOption)
            for (index, argument) in verb.arguments.enumerated() {
                let action: String
                switch argument.kind {
                case .scene: action = "_orientctl_scenes"
                case .choice(let choices) where !choices.isEmpty: action = "(\(choices.joined(separator: " ")))"
                case .choice: action = "(\(verbs.map(\.name).joined(separator: " ")))"
                case .text: action = isController(verb, index) ? "{_orientctl_controllers $words[2]}" : " "
                }
                let position = argument.repeats ? "*" : "\(index + 1)"
                specs.append(zshQuoted("\(position):\(argument.optional ? ":" : "")\(argument.name):\(action)"))
            }
            lines.append("        \(verb.name)) _arguments -s $global \(specs.joined(separator: " ")) ;;")
        }
        lines += ["      esac ;;", "  esac", "}", "", "_orientctl \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    static func zshOption(_ option: OptionSpec) -> String {
        let description = "[\(zshDescription(option.help))]"
        let valueAction: String
        switch option.values {
        case .choice(let choices) where !choices.isEmpty: valueAction = "(\(choices.joined(separator: " ")))"
        case .scene: valueAction = "_orientctl_scenes"
        default: valueAction = " "
        }
        // _arguments: `--name=[description]:META:action`, `::` for an optional value.
        let meta: String, longSuffix: String, shortSuffix: String
        var repeatable = ""
        switch option.arity {
        case .flag: (meta, longSuffix, shortSuffix) = ("", "", "")
        case .optionalValue(let name): (meta, longSuffix, shortSuffix) = ("::\(name):\(valueAction)", "=-", "")
        case .value(let name): (meta, longSuffix, shortSuffix) = (":\(name):\(valueAction)", "=", "+")
        case .list(let name):
            (meta, longSuffix, shortSuffix) = (":\(name):\(valueAction)", "=", "+")
            repeatable = "*"
        }
        guard let short = option.short else {
            return zshQuoted("\(repeatable)--\(option.name)\(longSuffix)\(description)\(meta)")
        }
        let exclusion = repeatable.isEmpty ? "(-\(short) --\(option.name))" : "*"
        return zshQuoted(exclusion) + "{-\(short)\(shortSuffix),--\(option.name)\(longSuffix)}" + zshQuoted("\(description)\(meta)")
    }

    /// Brackets and colons would end an _arguments description.
    static func zshDescription(_ text: String) -> String {
        replacingEach(in: text, ["[": "(", "]": ")", ":": " -"])
    }

    /// A zsh single-quoted word.
    static func zshQuoted(_ text: String) -> String {
        "'" + replacingEach(in: text, ["'": "'\\''"]) + "'"
    }

    /// `text` with each character in `replacements` replaced by its string (the standard
    /// library's `replacing(_:with:)` on strings comes from `_StringProcessing`, which would
    /// link a regex engine into orientctl).
    static func replacingEach(in text: String, _ replacements: [Character: String]) -> String {
        var result = ""
        for character in text { result += replacements[character] ?? String(character) }
        return result
    }
}
