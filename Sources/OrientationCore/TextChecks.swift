/// Control characters in ids and names: C0 (U+0000–U+001F), DEL (U+007F) and C1
/// (U+0080–U+009F). They are refused everywhere a client names something, so that no id or
/// name can move a terminal's cursor, set its title or forge a line in another program's output.
public enum ControlCharacters {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `value` with every control character written as `\u{XX}` (at most 300 characters), for
    /// error messages and for log lines that quote what a peer sent.
    public static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars.prefix(300) {
            if isControl(scalar) {
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
