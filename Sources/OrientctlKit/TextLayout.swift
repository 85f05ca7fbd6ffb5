/// Tables and label blocks, aligned on a terminal and tab- or colon-separated otherwise.
public enum TextLayout {
    /// A table with a header row. Aligned: columns padded to their widest cell, two spaces
    /// apart, the header in bold. Not aligned: cells separated by tabs (for `cut -f`).
    /// Empty cells print as "-"; control characters in cells are escaped (`TerminalText`).
    /// Without `legend` (`--no-legend`), no header line.
    public static func table(header: [String], rows: [[String]], aligned: Bool, style: Style = Style(enabled: false),
                             legend: Bool = true) -> [String] {
        let rows = rows.map { $0.map { $0.isEmpty ? "-" : $0.terminalSafe } }
        guard aligned else { return ((legend ? [header] : []) + rows).map { $0.joined(separator: "\t") } }
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padded(to: widths[column] + 2)
            }.joined()
        }
        return (legend ? [style.bold(line(header))] : []) + rows.map(line)
    }

    /// Labelled values as hostnamectl prints them. Aligned: labels right-aligned, a value's
    /// further lines under its first. Not aligned: `Label: value`, the value's further lines
    /// indented by two spaces (the label once, not repeated on each).
    public static func labelled(_ entries: [(label: String, lines: [String])], aligned: Bool,
                                style: Style = Style(enabled: false)) -> [String] {
        let width = entries.map(\.label.count).max() ?? 0
        var result: [String] = []
        for entry in entries {
            for (index, value) in entry.lines.enumerated() {
                if !aligned {
                    // The label once; the entry's further lines under it, indented.
                    result.append(index == 0 ? "\(entry.label): \(value)" : "  \(value)")
                } else if index == 0 {
                    let padded = String(repeating: " ", count: width - entry.label.count) + entry.label
                    result.append("\(style.bold(padded)): \(value)")
                } else {
                    result.append(String(repeating: " ", count: width + 2) + value)
                }
            }
        }
        return result
    }
}

extension String {
    /// The string followed by spaces up to `length` characters.
    func padded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
