/// One line of the results table.
struct Row: Sendable {
    enum Verdict: String, Sendable {
        case pass = "PASS"
        case miss = "MISS"
        /// A figure with no target of its own (a floor, a component of a ratio).
        case info = "—"
    }

    /// A stable key the test suite parses the table by.
    var key: String
    var figure: String
    /// The number, formatted; the first word of `measured` (the unit follows).
    var value: Double
    var unit: String
    var target: String
    var verdict: Verdict

    /// The value and its unit; counts (ticks) as whole numbers.
    /// Ratios with three decimals, so that one just over its target does not print as equal to it.
    var measured: String {
        switch unit {
        case "ticks", "wake-ups": return "\(Int(value)) \(unit)"
        case "×" where abs(value) < 10: return "\(format(value, decimals: 3)) \(unit)"
        default: return "\(format(value)) \(unit)"
        }
    }
}

/// Collects rows as the sections run and prints them as a Markdown table.
final class Report {
    private(set) var rows: [Row] = []

    /// A figure with no target.
    func info(_ key: String, _ figure: String, _ value: Double, _ unit: String, note: String = "") {
        add(Row(key: key, figure: figure, value: value, unit: unit, target: note.isEmpty ? "—" : note, verdict: .info))
    }

    /// A figure that must be at most `limit`.
    func atMost(_ key: String, _ figure: String, _ value: Double, _ unit: String, _ limit: Double, target: String? = nil) {
        add(Row(key: key, figure: figure, value: value, unit: unit, target: target ?? "≤ \(format(limit)) \(unit)",
                verdict: value <= limit ? .pass : .miss))
    }

    /// A figure that must lie within `range`.
    func within(_ key: String, _ figure: String, _ value: Double, _ unit: String, _ range: ClosedRange<Double>, target: String) {
        add(Row(key: key, figure: figure, value: value, unit: unit, target: target,
                verdict: range.contains(value) ? .pass : .miss))
    }

    func add(_ row: Row) {
        rows.append(row)
        print("  \(row.figure): \(row.measured) (\(row.target)) \(row.verdict.rawValue)")
        fflushAll()
    }

    /// The table, as Markdown.
    var table: String {
        var lines = ["| key | figure | measured | target | result |", "|---|---|---|---|---|"]
        for row in rows {
            lines.append("| \(row.key) | \(row.figure) | \(row.measured) | \(row.target) | \(row.verdict.rawValue) |")
        }
        let targeted = rows.filter { $0.verdict != .info }
        let passed = targeted.filter { $0.verdict == .pass }.count
        lines.append("")
        lines.append("targets: \(passed) of \(targeted.count) PASS" + (passed == targeted.count ? "" : ", \(targeted.count - passed) MISS"))
        return lines.joined(separator: "\n")
    }
}

/// A number with as many decimals as its size deserves.
func format(_ value: Double, decimals fixed: Int? = nil) -> String {
    let magnitude = abs(value)
    let decimals = fixed ?? (magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3)
    var text = String(Int64((magnitude * pow10(decimals)).rounded()))
    if decimals > 0 {
        while text.count <= decimals { text = "0" + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
    }
    return (value < 0 ? "-" : "") + text
}

private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { result, _ in result * 10 } }
