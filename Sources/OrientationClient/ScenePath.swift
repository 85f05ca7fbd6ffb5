import OrientationWire

/// Scene object paths: the short path that names a scene by its number, and the number a
/// path ends in.
public enum ScenePath {
    /// What every scene path starts with.
    public static let prefix = BusNames.scenesPrefix

    /// The short path of scene `number`, `<prefix><number>`: orientd accepts it for calls and
    /// property reads of that scene, while its signals carry the full path
    /// `<prefix><creator>/<number>`.
    public static func short(_ number: UInt64) -> String { prefix + String(number) }

    /// The number at the end of a scene path (full or short), nil for other paths.
    public static func number(of path: String) -> UInt64? {
        guard path.hasPrefix(prefix) else { return nil }
        let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, let last = parts.last, last.first != "0" else { return nil }
        return UInt64(last)
    }

    /// Whether `path` is a scene's full or short path.
    public static func isScenePath(_ path: String) -> Bool { number(of: path) != nil }
}
