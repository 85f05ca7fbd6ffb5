/// A family's entries are the only list of its adapters' names: the option's values, its
/// `--help` paragraph and its usage errors are read from them (a test proves the core's kinds
/// and the man page name the same).
extension AdapterFamily {
    /// The entries a user can name: every one but a test's fake.
    var namedEntries: [AdapterEntry<Adapter>] { entries.filter { $0.fakeVariable == nil } }

    /// The option's values, in `--help`'s order: `auto`, each entry a user can name, `none`.
    var optionValues: [String] { ["auto"] + namedEntries.map(\.name) + ["none"] }

    /// The fake entry whose variable is set in orientd's environment (never on a user's
    /// machine: only a test sets it), for `auto` to take before any real peer.
    func fakeChosen(_ context: AdapterContext) -> AdapterEntry<Adapter>? {
        entries.first { $0.fakeVariable != nil && $0.probe(context) == .present }
    }

    /// `--help`'s paragraph on the option: its values, then what each entry drives.
    var helpParagraph: String {
        let drives = namedEntries.map { $0.help.isEmpty ? $0.name : $0.help }.joined(separator: ", ")
        return HelpParagraph.option("\(option) \(optionValues.joined(separator: "|"))", helpBefore + drives + helpAfter)
    }
}

/// An option's paragraph in `--help`: the option at column 2, its description from column 30
/// (on the next line when the option is longer), wrapped at 100 columns.
enum HelpParagraph {
    static let column = 30, width = 100

    static func option(_ head: String, _ text: String) -> String {
        var lines: [String] = []
        var line = "  " + head
        if line.count >= column - 1 {
            lines.append(line)
            line = ""
        }
        for word in text.split(separator: " ") {
            let indented = line.isEmpty ? String(repeating: " ", count: column) : line
            let padded = indented + String(repeating: " ", count: max(0, column - indented.count))
            let joined = padded.count == column ? padded + word : padded + " " + word
            if joined.count > width, padded.count > column {
                lines.append(padded)
                line = String(repeating: " ", count: column) + word
            } else {
                line = joined
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
