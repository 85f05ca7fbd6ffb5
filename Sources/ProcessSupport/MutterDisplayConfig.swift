import GLibBridge

/// mutter's `org.gnome.Mutter.DisplayConfig` (served by mutter, GNOME Shell and Phosh), as
/// the tests and the benchmark read it back and turn the panel with it (not through orientd).
public enum MutterDisplayConfig {
    /// The bus name and interface.
    public static let name = "org.gnome.Mutter.DisplayConfig"
    /// The object path.
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

    /// The panel `connector` shows now, as a `Compositor` reports it; nil while no logical
    /// monitor shows it (or the transform is none of the four rotations).
    public static func panelTransform(_ connection: BusConnection, _ connector: String) throws -> PanelTransform? {
        transform(of: connector, in: try currentState(connection)).flatMap { PanelTransform(rawValue: Int($0)) }
    }

    /// Sets `connector`'s transform as another program (gnome-control-center, a script) would:
    /// an `ApplyMonitorsConfig` of the current single-monitor layout with that transform.
    /// `method` 1 is temporary (mutter may put the persistent configuration back on its own),
    /// 2 persistent.
    public static func applyTransform(_ connection: BusConnection, _ connector: String, _ transform: UInt32, method: UInt32 = 1) throws {
        let layout = try MutterLayout(currentState(connection))
        guard let shown = layout.monitor(connector), let mode = layout.modes[connector] else {
            throw ProcessSupportError("DisplayConfig shows no \(connector) to turn: \(layout)")
        }
        let monitor = Variant(tuple: [Variant(string: connector), Variant(string: mode), Variant(vardict: [:])])
        let logical = Variant(tuple: [Variant(int32: 0), Variant(int32: 0), Variant(double: 1), Variant(uint32: transform),
                                      Variant(bool: shown.primary), Variant(arrayOf: "(ssa{sv})", [monitor])])
        try connection.call(
            destination: name, path: path, interface: name, method: "ApplyMonitorsConfig",
            parameters: Variant(tuple: [Variant(uint32: layout.serial), Variant(uint32: method),
                                        Variant(arrayOf: "(iiduba(ssa{sv}))", [logical]), Variant(vardict: [:])]),
            timeoutMilliseconds: 10_000)
    }
}

/// A compositor that serves mutter's `DisplayConfig` (mutter, GNOME Shell), whose panel is
/// read and turned (mirrored too) through it.
public protocol DisplayConfigCompositor: FlippingCompositor {
    /// A connection of the compositor's own to the session bus it serves `DisplayConfig` on.
    var connection: BusConnection { get }
}

extension DisplayConfigCompositor {
    public func panelTransform() throws -> PanelTransform? { try MutterDisplayConfig.panelTransform(connection, output) }

    /// A temporary `ApplyMonitorsConfig` (method 1), as gnome-control-center makes before
    /// the user keeps it.
    public func turnPanel(to transform: PanelTransform) throws {
        try MutterDisplayConfig.applyTransform(connection, output, UInt32(transform.rawValue))
    }

    /// The same `ApplyMonitorsConfig` with `DisplayConfig`'s flipped transform (4–7).
    public func turnPanel(flipped transform: PanelTransform) throws {
        try MutterDisplayConfig.applyTransform(connection, output, UInt32(transform.rawValue + 4))
    }
}

/// What mutter's `DisplayConfig.GetCurrentState` says: its serial, the logical monitors and
/// each connector's current mode.
public struct MutterLayout: CustomStringConvertible, Sendable {
    /// One logical monitor: where it is, its transform, whether it is primary, its connectors.
    public struct Logical: Equatable, Sendable {
        public var x: Int32, y: Int32, transform: UInt32, primary: Bool, connectors: [String]

        public init(x: Int32, y: Int32, transform: UInt32, primary: Bool, connectors: [String]) {
            (self.x, self.y, self.transform, self.primary, self.connectors) = (x, y, transform, primary, connectors)
        }
    }

    /// The configuration's serial (an `ApplyMonitorsConfig` names the one it replaces).
    public var serial: UInt32
    /// The logical monitors, in mutter's order.
    public var logical: [Logical]
    /// Each connector's current mode id.
    public var modes: [String: String]

    /// Reads a `GetCurrentState` reply.
    /// - Throws: `ProcessSupportError` when it has no serial (not such a reply).
    public init(_ reply: Variant) throws {
        guard let serial = reply.child(at: 0).uint32 else { throw ProcessSupportError("not a GetCurrentState reply: \(reply)") }
        self.serial = serial
        logical = reply.child(at: 2).children.map { lm in
            Logical(x: lm.child(at: 0).int32 ?? -1, y: lm.child(at: 1).int32 ?? -1, transform: lm.child(at: 3).uint32 ?? 99,
                    primary: lm.child(at: 4).bool ?? false, connectors: lm.child(at: 5).children.map { $0.child(at: 0).string ?? "" })
        }
        var modes: [String: String] = [:]
        for monitor in reply.child(at: 1).children {
            let connector = monitor.child(at: 0).child(at: 0).string ?? ""
            for mode in monitor.child(at: 1).children where mode.child(at: 6).vardict?["is-current"]?.bool == true {
                modes[connector] = mode.child(at: 0).string
            }
        }
        self.modes = modes
    }

    /// The logical monitor showing `connector`.
    public func monitor(_ connector: String) -> Logical? { logical.first { $0.connectors.contains(connector) } }

    public var description: String {
        logical.map { "\($0.connectors.joined(separator: "+"))@(\($0.x),\($0.y)) transform \($0.transform)\($0.primary ? " primary" : "")" }
            .joined(separator: "; ") + " (serial \(serial))"
    }
}
