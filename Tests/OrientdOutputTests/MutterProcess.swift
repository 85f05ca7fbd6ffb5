import GLibBridge
import TestSupport
import XCTest

/// A real mutter, headless with virtual monitors, on the test's private bus.
extension OutputTestCase {
    static let displayConfig = MutterDisplayConfig.name
    static let displayConfigPath = MutterDisplayConfig.path

    /// Starts `mutter --wayland --headless --no-x11` with one virtual monitor per size
    /// (Meta-0, Meta-1, ...) and waits until DisplayConfig lists Meta-0 (`MutterSession`,
    /// stopped after the test); the test's `compositor` from then on.
    @discardableResult
    func startMutter(monitors: [String] = ["800x1280"]) throws -> MutterSession {
        let mutter = try MutterSession(bus: bus, monitors: monitors, environment: childEnvironment, timeout: deadline,
                                       start: startProcess)
        addTeardownBlock { mutter.stop() }
        compositor = mutter
        return mutter
    }

    /// Starts the stand-in `DisplayConfig` (`MutterPhoshTests.script`: Phosh's, or mutter's
    /// with `--mutter`) and waits until it owns the name.
    func startDisplayConfigStandIn(_ name: String, _ arguments: [String]) throws -> ChildProcess {
        let standIn = try start(name, ["/usr/bin/python3", MutterPhoshTests.script] + arguments)
        let connection = try bus.connect()
        defer { connection.close() }
        try eventually("the stand-in owns \(Self.displayConfig)", timeout: deadline) {
            if let status = standIn.exitStatus { throw TestSupportError("the stand-in exited (\(status)):\n\(standIn.standardError)") }
            return try connection.nameOwner(Self.displayConfig) != nil
        }
        return standIn
    }

    /// The `ApplyMonitorsConfig` calls a stand-in logged, each as `method=… transform=… -> …`.
    func applies(_ standIn: ChildProcess) -> [String] {
        standIn.standardOutput.split(separator: "\n").filter { $0.hasPrefix("ApplyMonitorsConfig") }.map {
            String($0.split(separator: " ").dropFirst(2).joined(separator: " "))
        }
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

    /// Sets `connector`'s transform as another program (gnome-control-center, a script) would:
    /// a method-1 ApplyMonitorsConfig of the current single-monitor layout.
    /// `method` 1 is temporary (mutter may put the persistent configuration back on its own),
    /// 2 persistent.
    func applyTransformAsSomeoneElse(_ connector: String, _ transform: UInt32, method: UInt32 = 1) throws {
        try MutterDisplayConfig.applyTransform(client.connection, connector, transform, method: method)
    }
}
