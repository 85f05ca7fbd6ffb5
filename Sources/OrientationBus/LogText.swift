/// Text from files made safe for one log line: control characters (ESC, CR, LF, …) written as
/// `\u{XX}` so that a file cannot forge or hide lines, and cut after `limit` characters so that a
/// 1 MB value does not become a 1 MB line.
enum LogText {
    /// What a log line shows of one value from a file at most.
    static let limit = 200

    /// `value` escaped and cut to `limit` characters, saying how much was left out.
    static func quoted(_ value: String, limit: Int = LogText.limit) -> String {
        var out = ""
        var shown = 0
        var left = 0
        for scalar in value.unicodeScalars {
            if shown >= limit {
                left += 1
                continue
            }
            shown += 1
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return left == 0 ? out : out + "… (\(left) more characters)"
    }

    /// A path from a listing or the environment: escaped, cut only past 1,024 characters.
    static func path(_ value: String) -> String { quoted(value, limit: 1024) }
}
