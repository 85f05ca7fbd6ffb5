import OrientationClient

/// A SCENE word: a scene's number, or its object path.
public enum SceneReference: Sendable, Equatable {
    case numbered(UInt64)
    case objectPath(String)

    /// Reads a SCENE word. A number names the scene through its short path, which orientd
    /// accepts for calls and property reads of scene n (its own path names the connection that
    /// registered it); a path is taken as given.
    public init(_ word: String) throws(UsageError) {
        if let number = UInt64(word), number > 0 {
            self = .numbered(number)
        } else if word.hasPrefix("/"), Self.isObjectPath(word) {
            self = .objectPath(word)
        } else {
            throw UsageError("'\(word)' is not a scene: give its number (as in 'orientctl list') or its object path")
        }
    }

    /// The object path the word names.
    public var path: String {
        switch self {
        case .numbered(let number): return ScenePath.short(number)
        case .objectPath(let path): return path
        }
    }

    /// The object path `word` names.
    public static func path(_ word: String) throws(UsageError) -> String { try SceneReference(word).path }

    /// A handle on the scene through `client` (no call is made).
    public func scene(in client: OrientationClient) throws(OrientationClientError) -> OrientationScene {
        switch self {
        case .numbered(let number): return client.scene(number: number)
        case .objectPath(let path):
            // A short path given in full is the number's.
            if let number = ScenePath.number(of: path), path == ScenePath.short(number) { return client.scene(number: number) }
            return try client.scene(at: path)
        }
    }

    /// The number at the end of a scene path, nil for other paths.
    public static func number(of path: String) -> UInt64? { ScenePath.number(of: path) }

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
