/// Text from the bus made safe for a terminal.
///
/// Controller ids, display names, app-ids and orientd's messages come from other clients.
/// Printed raw, a planted ESC sequence could clear the screen, set the terminal's title or
/// forge a line ("← decides"). Every such string in orientctl's text output goes through
/// `escaped`, which writes control characters the way C and systemd do: `\n`, `\r`, `\t`,
/// `\e`, `\a`, `\b`, `\f`, `\v`, other C0 and C1 controls and DEL as `\xNN`, and the
/// Unicode line separators and direction overrides (which reorder what follows) as `\u{NNNN}`.
/// A backslash is doubled, so an escaped text reads back unambiguously. JSON output is not
/// affected: JSON escapes every control character itself.
///
/// A text longer than `maxLength` Unicode scalars (a 4 MB app-id from whoever owns orientd's
/// name) is cut there, before escaping, and ends with `…[N more characters]`; JSON output
/// cuts its strings the same way (`cut`).
public enum TerminalText {
    /// The most of one string printed: PATH_MAX, so no real path or id is ever cut.
    public static let maxLength = 4_096

    public static func escaped(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if scalars.count > maxLength { return escaped(String(scalars.prefix(maxLength))) + cutMark(scalars.count) }
        guard scalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in scalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{1B}": out += "\\e"
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{0B}": out += "\\v"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\x" + hex(scalar.value, digits: 2)
            case _ where isInvisibleControl(scalar):
                out += "\\u{" + hex(scalar.value, digits: 4) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` cut at `maxLength` scalars, with the mark saying how much was left out (JSON
    /// output, which escapes as JSON does).
    public static func cut(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > maxLength else { return text }
        return String(scalars.prefix(maxLength)) + cutMark(scalars.count)
    }

    private static func cutMark(_ count: Int) -> String { "…[\(count - maxLength) more characters]" }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\\" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleControl(scalar)
    }

    /// Line and paragraph separators, bidirectional embeddings, overrides and isolates.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension String {
    /// The string with control characters escaped for a terminal (`TerminalText.escaped`).
    var terminalSafe: String { TerminalText.escaped(self) }
}
