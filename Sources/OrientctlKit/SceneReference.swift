/// A SCENE word: a scene's object path, or its number.
public enum SceneReference {
    /// The object path `word` names: `3` and `/io/github/orientd/OrientationManager1/scene/3`
    /// both give the latter.
    public static func path(_ word: String) throws(UsageError) -> String {
        if let number = UInt64(word), number > 0 { return OrientdNames.scenesPrefix + String(number) }
        if word.hasPrefix("/"), isObjectPath(word) { return word }
        throw UsageError("'\(word)' is not a scene: give its number (as in 'orientctl list') or its object path")
    }

    /// The number at the end of a scene path, nil for other paths.
    public static func number(of path: String) -> UInt64? {
        guard path.hasPrefix(OrientdNames.scenesPrefix) else { return nil }
        return UInt64(path.dropFirst(OrientdNames.scenesPrefix.count))
    }

    /// A short name for a scene path: its number, or the path itself.
    public static func label(of path: String) -> String {
        number(of: path).map(String.init) ?? path
    }

    /// Whether `path` is a D-Bus object path (`/`, or `/`-separated runs of `[A-Za-z0-9_]`).
    static func isObjectPath(_ path: String) -> Bool {
        if path == "/" { return true }
        guard path.hasPrefix("/"), !path.hasSuffix("/") else { return false }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }
}
