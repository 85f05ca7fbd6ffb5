/// The app list's search field: what a person types narrows the list to the apps whose name
/// or app id holds every word typed, in any case; an empty search shows every app.
public enum AppSearch {
    public static func matches(_ query: String, _ app: AppRow) -> Bool {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        let text = Array((app.name + " " + app.appID).lowercased())
        return words.allSatisfy { holds(text, Array($0)) }
    }

    /// Whether `word` is in `text`, character by character (the standard library's own
    /// substring search is in _StringProcessing, which the installed binaries leave out).
    static func holds(_ text: [Character], _ word: [Character]) -> Bool {
        guard word.count <= text.count else { return false }
        for start in 0...(text.count - word.count) where text[start..<start + word.count].elementsEqual(word) {
            return true
        }
        return false
    }
}
