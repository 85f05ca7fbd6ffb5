import struct OrientationCore.ManagerSnapshot
import enum OrientationCore.ProductVersion

/// The texts of `--help`, `help VERB` and `--version`.
public enum HelpText {
    public static let version = "orientctl \(ProductVersion.number) (D-Bus interface version \(ManagerSnapshot.version))"

    /// The overall help: every verb by group, then the global options.
    public static func overall(_ verbs: [VerbSpec]) -> String {
        var lines = ["orientctl [OPTIONS…] VERB [ARGUMENTS…]", "",
                     "Query and control orientd, which decides each app window's interface orientation",
                     "with UIKit's rules. SCENE is a scene's number (as 'orientctl list' shows) or its object path."]
        let width = verbs.map { synopsisWithoutOptions($0).count }.max() ?? 0
        for group in VerbGroup.allCases {
            let members = verbs.filter { $0.group == group }
            if members.isEmpty { continue }
            lines += ["", "\(group.rawValue):"]
            for verb in members {
                lines.append("  " + synopsisWithoutOptions(verb).padded(to: width + 2) + verb.summary)
            }
        }
        lines += ["", "Options:"] + optionLines(GlobalOptions.specs)
        lines += ["", "Run 'orientctl help VERB' (or 'orientctl VERB --help') for a verb's options and examples.",
                  "Exit status: 0 on success, 1 on failure, 64 for a usage error. See orientctl(1)."]
        return lines.joined(separator: "\n")
    }

    /// One verb's help: synopsis, paragraph, options, examples.
    public static func verb(_ verb: VerbSpec) -> String {
        var lines = ["orientctl \(verb.synopsis)", "", verb.summary + ".", ""] + wrap(verb.details, width: 78)
        if !verb.options.isEmpty { lines += ["", "Options:"] + optionLines(verb.options) }
        lines += ["", "Global options:"] + optionLines(GlobalOptions.specs)
        if !verb.examples.isEmpty {
            lines += ["", "Examples:"] + verb.examples.map { "  orientctl \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    static func synopsisWithoutOptions(_ verb: VerbSpec) -> String {
        ([verb.name] + verb.arguments.map(\.synopsis)).joined(separator: " ")
    }

    static func optionLines(_ options: [OptionSpec]) -> [String] {
        let width = options.map(\.synopsis.count).max() ?? 0
        return options.map { "  " + $0.synopsis.padded(to: width + 2) + $0.help }
    }

    /// Words wrapped into lines of at most `width` characters.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
