import GLibBridge

/// mutter's `org.gnome.Mutter.DisplayConfig` (served by mutter, GNOME Shell and Phosh), as
/// the tests and the benchmark read it back (not through orientd).
public enum MutterDisplayConfig {
    public static let name = "org.gnome.Mutter.DisplayConfig"
    public static let path = "/org/gnome/Mutter/DisplayConfig"

    /// `GetCurrentState`'s reply (from `destination`: mutter's unique name, or the well-known one).
    public static func currentState(_ connection: BusConnection, destination: String = name) throws -> Variant {
        try connection.call(destination: destination, path: path, interface: name, method: "GetCurrentState", timeoutMilliseconds: 10_000)
    }

    /// The transform (0 normal, 1 90°, 2 180°, 3 270°) of the logical monitor showing
    /// `connector` in a `GetCurrentState` reply; nil when none shows it.
    public static func transform(of connector: String, in state: Variant) -> UInt32? {
        state.child(at: 2).children.first { logical in
            logical.child(at: 5).children.contains { $0.child(at: 0).string == connector }
        }?.child(at: 3).uint32
    }
}
