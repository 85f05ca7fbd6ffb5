/// Text from files made safe for one log line: control characters (ESC, CR, LF, …) written as
/// `\u{XX}` so that a file cannot forge or hide lines, and cut after `limit` characters so that a
/// 1 MB value does not become a 1 MB line.
enum LogText {
    /// What a log line shows of one value from a file at most.
    static let limit = 200

    /// `value` escaped and cut to `limit` characters, saying how much was left out (the log's
    /// own escaping, `LogLine.sanitized`, with a tighter bound for one value).
    static func quoted(_ value: String, limit: Int = LogText.limit) -> String {
        LogLine.sanitized(value, limit: limit)
    }

    /// A path from a listing or the environment: escaped, cut only past 1,024 characters.
    static func path(_ value: String) -> String { quoted(value, limit: 1024) }
}
