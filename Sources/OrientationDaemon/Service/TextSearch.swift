/// Substring search with the standard library alone: `StringProtocol.contains(String)` comes
/// from `_StringProcessing`, and one call to it links that module's regex engine (1.4 MB) into
/// the static binary.
extension StringProtocol {
    /// Whether `needle` occurs in this text (compared character by character, like `==`).
    func containsText(_ needle: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var rest = self[...]
        while !rest.isEmpty {
            if rest.hasPrefix(needle) { return true }
            rest = rest.dropFirst()
        }
        return false
    }
}
