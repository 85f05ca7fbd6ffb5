import OrientationWire
/// A SCENE word: a scene's object path, or its number.
public enum SceneReference {
    /// The object path `word` names. A number gives the scene's short path,
    /// `/io/github/orientd/OrientationManager1/scene/<n>`, which orientd accepts for calls and
    /// property reads of scene n (its own path names the connection that registered it); a
    /// path is taken as given.
    public static func path(_ word: String) throws(UsageError) -> String {
        if let number = UInt64(word), number > 0 { return BusNames.scenesPrefix + String(number) }
        if word.hasPrefix("/"), isObjectPath(word) { return word }
        throw UsageError("'\(word)' is not a scene: give its number (as in 'orientctl list') or its object path")
    }

    /// The number at the end of a scene path (`<scenesPrefix><owner>/<n>`, or the short
    /// `<scenesPrefix><n>`), nil for other paths.
    public static func number(of path: String) -> UInt64? {
        guard path.hasPrefix(BusNames.scenesPrefix) else { return nil }
        let parts = path.dropFirst(BusNames.scenesPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, let last = parts.last, last.first != "0" else { return nil }
        return UInt64(last)
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
