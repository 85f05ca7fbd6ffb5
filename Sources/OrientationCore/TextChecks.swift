/// Control characters in ids and names: C0 (U+0000–U+001F), DEL (U+007F) and C1
/// (U+0080–U+009F). They are refused everywhere a client names something, so that no id or
/// name can move a terminal's cursor, set its title or forge a line in another program's output.
public enum ControlCharacters {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Invisible format characters that change how the text around them is shown: the
    /// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F,
    /// U+202A–U+202E, U+2066–U+2069), the line and paragraph separators, zero-width space,
    /// word joiner and invisible operators (U+200B, U+2060–U+2064), the byte order mark. Allowed
    /// in names (scripts need some), but escaped wherever a message quotes them, so that a
    /// right-to-left override cannot turn the rest of an error or log line around.
    public static func isFormatControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x2064,
             0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// `value` with every control character written as `\u{XX}` and every format control
    /// (`isFormatControl`) as `\u{XXXX}` (at most 300 characters), for error messages and for
    /// log lines that quote what a peer sent.
    public static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars.prefix(300) {
            if isControl(scalar) || isFormatControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `InvalidArgs` when `value` holds a control character.
    static func refuse(in value: String, what: String) throws(OrientationError) {
        guard let bad = value.unicodeScalars.first(where: isControl) else { return }
        let hex = String(bad.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        throw .invalidArgs("The \(what) '\(escaped(value))' contains the control character \(code); ids and names must not contain control characters (U+0000–U+001F, U+007F–U+009F)")
    }
}

extension SceneCommand {
    /// Every controller id the call names (new or existing), for the control-character check.
    var namedIDs: [String] {
        switch self {
        case .setRoot(let spec): return [spec.id]
        case .push(let parent, let spec), .addTab(let parent, let spec), .present(let parent, let spec): return [parent, spec.id]
        case .pop(let id), .dismiss(let id), .setProperties(let id, _), .setMode(let id, _): return [id]
        case .selectTab(let tab, let child): return [tab, child]
        case .update, .request, .setWindowOrientations, .setGeometry, .setActivation: return []
        }
    }
}
