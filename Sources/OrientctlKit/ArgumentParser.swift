/// Parses a command line against the verb table.
///
/// Rules: global options (`--help`, `--version`, `--json`) go anywhere; a verb's own options
/// go after the verb; `--name=value` and `--name value` are the same, as are `-p NAME` and
/// `-pNAME`; a list option takes every following word up to the next option (and splits at
/// commas); `--` ends the options. No verb means `status`.
public struct ArgumentParser: Sendable {
    public let verbs: [VerbSpec]
    /// The verb run when none is named.
    public let defaultVerb: String

    public init(verbs: [VerbSpec], defaultVerb: String = "status") {
        self.verbs = verbs
        self.defaultVerb = defaultVerb
    }

    public func verb(named name: String) -> VerbSpec? { verbs.first { $0.name == name } }

    public func parse(_ words: [String]) throws(UsageError) -> ParsedCommand {
        var verb: VerbSpec?
        var arguments: [String] = []
        var options: [String: [String]] = [:]
        var rest = words[...]
        var optionsEnded = false

        while let word = rest.popFirst() {
            // A negative number ("-5") is a positional word, so that the verb can say what is
            // wrong with it rather than calling it an unknown option.
            if optionsEnded || word == "-" || !word.hasPrefix("-") || Self.isNegativeNumber(word) {
                if verb == nil {
                    guard let named = self.verb(named: word) else { throw unknownVerb(word) }
                    verb = named
                } else {
                    arguments.append(word)
                }
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (spec, inline) = try option(in: word, verb: verb)
            options[spec.name, default: []] += try values(of: spec, inline: inline, written: word, rest: &rest, verb: verb)
        }

        if options["help"] != nil { return ParsedCommand(action: .help, verb: verb, arguments: arguments, options: options) }
        if options["version"] != nil { return ParsedCommand(action: .version, verb: verb, arguments: arguments, options: options) }
        if let mode = options["json"]?.last, !["", "pretty", "short", "off"].contains(mode) {
            throw UsageError("--json takes pretty, short or off, not '\(mode)'", verb: verb)
        }
        let chosen: VerbSpec
        if let verb {
            chosen = verb
        } else if let fallback = self.verb(named: defaultVerb) {
            chosen = fallback
        } else {
            throw UsageError("no verb given")
        }
        try checkCount(arguments, of: chosen)
        return ParsedCommand(action: .run, verb: chosen, arguments: arguments, options: options)
    }

    /// The option a word names, and its inline value (`--kind=tab`, `-pAppId`).
    private func option(in word: String, verb: VerbSpec?) throws(UsageError) -> (OptionSpec, String?) {
        let known = (verb?.options ?? []) + GlobalOptions.specs
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let inline = body.contains("=") ? String(body[body.index(after: body.firstIndex(of: "=")!)...]) : nil
            guard let spec = known.first(where: { $0.name == name }) else { throw unknownOption("--\(name)", verb: verb) }
            return (spec, inline)
        }
        let letter = word.dropFirst().first!
        guard let spec = known.first(where: { $0.short == letter }) else { throw unknownOption("-\(letter)", verb: verb) }
        let attached = String(word.dropFirst(2))
        if case .flag = spec.arity, !attached.isEmpty {
            throw UsageError("-\(letter) takes no value (in '\(word)')", verb: verb)
        }
        return (spec, attached.isEmpty ? nil : attached)
    }

    private func values(of spec: OptionSpec, inline: String?, written: String, rest: inout ArraySlice<String>,
                        verb: VerbSpec?) throws(UsageError) -> [String] {
        switch spec.arity {
        case .flag:
            if inline != nil { throw UsageError("--\(spec.name) takes no value (in '\(written)')", verb: verb) }
            return [""]
        case .optionalValue:
            return [inline ?? ""]
        case .value(let meta):
            if let inline { return [inline] }
            guard let next = rest.popFirst() else { throw UsageError("\(written) needs a value (\(meta))", verb: verb) }
            return [next]
        case .list(let meta):
            var words = inline.map { [$0] } ?? []
            while let next = rest.first, !next.hasPrefix("-") {
                words.append(next)
                rest.removeFirst()
            }
            let values = words.flatMap { $0.split(separator: ",").map(String.init) }
            if values.isEmpty { throw UsageError("\(written) needs at least one value (\(meta))", verb: verb) }
            return values
        }
    }

    /// `-5`, `-0.5`: a minus sign and a digit.
    static func isNegativeNumber(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        return scalars.count >= 2 && scalars[0] == "-" && ("0"..."9").contains(scalars[1])
    }

    private func checkCount(_ arguments: [String], of verb: VerbSpec) throws(UsageError) {
        let (least, most) = verb.argumentRange
        if arguments.count < least {
            let missing = verb.arguments[arguments.count..<least].map(\.name).joined(separator: " ")
            throw UsageError("\(verb.name) needs \(missing)", verb: verb)
        }
        if let most, arguments.count > most {
            throw UsageError("\(verb.name) takes \(most == 0 ? "no arguments" : "at most \(most) argument\(most == 1 ? "" : "s")"); unexpected '\(arguments[most])'", verb: verb)
        }
    }

    private func unknownVerb(_ word: String) -> UsageError {
        let names = verbs.map(\.name)
        if let close = names.min(by: { editDistance($0, word) < editDistance($1, word) }),
           editDistance(close, word) <= (word.count <= 3 ? 1 : 2) {
            return UsageError("unknown verb '\(word)'; did you mean '\(close)'?")
        }
        return UsageError("unknown verb '\(word)'")
    }

    private func unknownOption(_ written: String, verb: VerbSpec?) -> UsageError {
        if let verb { return UsageError("\(verb.name) has no option \(written)", verb: verb) }
        return UsageError("unknown option \(written) (a verb's own options go after the verb)")
    }
}

/// The Levenshtein distance between two words, for "did you mean".
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
