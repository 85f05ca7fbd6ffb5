/// Text read from desktop entries (an app's name) is untrusted: shown on one line, without
/// control or bidirectional-override characters, and cut to `maxCharacters` with "…", so
/// that a 60 KB `Name` or thirty names of 1,000 letters lay out as quickly as any other.
public enum DisplayText {
    /// The longest name shown, in characters (grapheme clusters).
    public static let maxCharacters = 80

    /// `text` fit for one line of the app.
    public static func oneLine(_ text: String) -> String {
        var result = ""
        var count = 0
        for character in text {
            guard count < maxCharacters else { return result + "…" }
            let scalars = character.unicodeScalars
            if scalars.contains(where: { isControl($0) }) {
                result.append(" ")
            } else {
                result.append(character)
            }
            count += 1
        }
        return result
    }

    /// C0 and C1 controls (newlines included) and the bidirectional embeddings, overrides and
    /// isolates, which would reorder the text around them.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
