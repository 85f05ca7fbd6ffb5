import OrientationCore

/// What may go into one log line: every value orientd logs may come from a peer (a call, a
/// file, a compositor), so the line is escaped and bounded before it is written.
enum LogLine {
    /// The longest line written, in characters (a longer one is cut, saying how much went).
    static let maximumLength = 2_000

    /// `text` with control characters shown escaped (`\n`, `\r`, `\t`, `\e`, `\u{7F}`, C1
    /// as `\u{85}`…) and the invisible format controls too (a right-to-left override as
    /// `\u{202E}`, `ControlCharacters.isFormatControl`): a value can neither start a forged
    /// line, send terminal escapes nor turn the rest of the line around. Cut
    /// at `limit` characters with a note of how many were left out.
    static func sanitized(_ text: String, limit: Int = maximumLength) -> String {
        // Most lines are printable ASCII within the limit: kept as they are, without a second
        // string built scalar by scalar (which made logging a twentieth of the start-up).
        if text.utf8.count <= limit, text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
        var out = String.UnicodeScalarView()
        var written = 0
        var total = 0
        for scalar in text.unicodeScalars {
            total += 1
            guard written < limit else { continue }
            written += 1
            switch scalar.value {
            case 0x0A: out.append(contentsOf: #"\n"#.unicodeScalars)
            case 0x0D: out.append(contentsOf: #"\r"#.unicodeScalars)
            case 0x09: out.append(contentsOf: #"\t"#.unicodeScalars)
            case 0x1B: out.append(contentsOf: #"\e"#.unicodeScalars)
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || ControlCharacters.isFormatControl(scalar):
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default: out.append(scalar)
            }
        }
        var line = String(out)
        if total > limit { line += "… (\(total - limit) more characters left out)" }
        return line
    }
}
