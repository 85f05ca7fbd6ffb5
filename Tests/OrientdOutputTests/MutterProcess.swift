import GLibBridge
import TestSupport
import XCTest

/// What mutter's `org.gnome.Mutter.DisplayConfig.GetCurrentState` says, read by the test
/// itself (not through orientd).
struct MutterLayout: CustomStringConvertible {
    struct Logical: Equatable {
        var x: Int32, y: Int32, transform: UInt32, primary: Bool, connectors: [String]
    }

    var serial: UInt32
    var logical: [Logical]
    /// Each connector's current mode id.
    var modes: [String: String]

    init(_ reply: Variant) throws {
        serial = try XCTUnwrap(reply.child(at: 0).uint32)
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
    func monitor(_ connector: String) -> Logical? { logical.first { $0.connectors.contains(connector) } }

    var description: String {
        logical.map { "\($0.connectors.joined(separator: "+"))@(\($0.x),\($0.y)) transform \($0.transform)\($0.primary ? " primary" : "")" }
            .joined(separator: "; ") + " (serial \(serial))"
    }
}

/// A real mutter, headless with virtual monitors, on the test's private bus.
extension OutputTestCase {
    static let displayConfig = MutterDisplayConfig.name
    static let displayConfigPath = MutterDisplayConfig.path

    /// Starts `mutter --wayland --headless --no-x11` with one virtual monitor per size
    /// (Meta-0, Meta-1, ...) and waits until DisplayConfig is on the bus.
    @discardableResult
    func startMutter(monitors: [String] = ["800x1280"]) throws -> ChildProcess {
        let mutter = try start("mutter", MutterLaunch.command(monitors: monitors))
        let connection = try bus.connect()
        defer { connection.close() }
        try eventually("mutter owns \(Self.displayConfig); its log:\n\(mutter.standardError)", timeout: deadline) {
            if let status = mutter.exitStatus { throw TestSupportError("mutter exited (\(status)):\n\(mutter.standardError)") }
            return try connection.nameOwner(Self.displayConfig) != nil
        }
        return mutter
    }

    /// mutter's layout now.
    func mutterLayout() throws -> MutterLayout {
        try MutterLayout(MutterDisplayConfig.currentState(client.connection))
    }

    /// Waits until mutter's layout satisfies `condition`; returns it.
    @discardableResult
    func waitForLayout(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                       _ condition: (MutterLayout) -> Bool) throws -> MutterLayout {
        var last: MutterLayout?
        try eventually("mutter's layout: \(what) (last: \(last.map(String.init(describing:)) ?? "none"))",
                       timeout: deadline, file: file, line: line) {
            last = try mutterLayout()
            return condition(last!)
        }
        return last!
    }

    /// Waits until `connector` shows `transform`.
    @discardableResult
    func waitForTransform(_ connector: String, _ transform: UInt32,
                          file: StaticString = #filePath, line: UInt = #line) throws -> MutterLayout {
        try waitForLayout("\(connector) transform \(transform)", file: file, line: line) {
            $0.monitor(connector)?.transform == transform
        }
    }

    /// Sets `connector`'s transform as another program (gnome-control-center, a script) would:
    /// a method-1 ApplyMonitorsConfig of the current single-monitor layout.
    /// `method` 1 is temporary (mutter may put the persistent configuration back on its own),
    /// 2 persistent.
    func applyTransformAsSomeoneElse(_ connector: String, _ transform: UInt32, method: UInt32 = 1) throws {
        let layout = try mutterLayout()
        let lm = try XCTUnwrap(layout.monitor(connector))
        let monitor = Variant(tuple: [.s(connector), .s(try XCTUnwrap(layout.modes[connector])), .vardict([:])])
        let logical = Variant(tuple: [Variant(int32: 0), Variant(int32: 0), Variant(double: 1), .u(transform), .b(lm.primary),
                                      Variant(arrayOf: "(ssa{sv})", [monitor])])
        try client.connection.call(
            destination: Self.displayConfig, path: Self.displayConfigPath, interface: Self.displayConfig,
            method: "ApplyMonitorsConfig",
            parameters: Variant(tuple: [.u(layout.serial), .u(method), Variant(arrayOf: "(iiduba(ssa{sv}))", [logical]), .vardict([:])]),
            timeoutMilliseconds: 10_000)
    }
}
