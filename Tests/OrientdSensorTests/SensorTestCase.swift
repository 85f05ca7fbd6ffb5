import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A test of orientd with a private bus it reaches as its system bus, where a test starts a
/// mock or the real sensor; orientd starts with `--sensor auto` when a test calls
/// `startOrientd()`. Adds the sensor's own checks: claims, the mock's properties and calls.
class SensorTestCase: OrientdTestCase {
    override var startsOrientdInSetUp: Bool { false }
    override var orientdArguments: [String] { ["--sensor", "auto"] }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try startSystemBus()
    }

    /// A new connection on orientd's session bus, closed after the test.
    func connectToOrientd() throws -> LoopConnection {
        try connect(name: "extra-client")
    }

    // MARK: orientd

    /// A scene that allows every orientation (pad idiom, every orientation listed as supported), on
    /// `display` (default the built-in one); returns its path.
    func registerScene(display: String = "builtin", on connection: LoopConnection? = nil) throws -> String {
        let options: [String: Variant] = [
            "app-id": .s("com.example.sensor"), "idiom": .s("pad"), "display": .s(display),
            "supported-orientations": Variant(strings: ["all"]),
        ]
        let reply = try callManager("RegisterScene", [Variant(vardict: options)], on: connection)
        return try XCTUnwrap(reply.child(at: 0).string)
    }

    func unregister(_ scene: String, on connection: LoopConnection? = nil) throws {
        try callManager("UnregisterScene", [Variant(objectPath: scene)], on: connection)
    }

    /// Waits until the manager's (or a scene's) property `name` shows `value` (a string or a Bool).
    func waitFor(_ name: String, of path: String = Contract.managerPath, _ value: String,
                 timeout: Duration = .seconds(20), file: StaticString = #filePath, line: UInt = #line) throws {
        var last = "?"
        do {
            try eventually("\(name) = \(value)", timeout: timeout, file: file, line: line) {
                let current = try property(name, of: path)
                last = current.string ?? current.bool.map { "\($0)" } ?? current.description
                return last == value
            }
        } catch {
            throw TestSupportError("\(error) (last seen: \(last))")
        }
    }

    /// Device orientation, SensorAvailable and SensorSource of the manager, and the scene's orientation.
    func assertState(device: String, scene: String?, sceneOrientation: String?, available: Bool, source: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try property("DeviceOrientation").string, device, "DeviceOrientation", file: file, line: line)
        XCTAssertEqual(try property("SensorAvailable").bool, available, "SensorAvailable", file: file, line: line)
        XCTAssertEqual(try property("SensorSource").string, source, "SensorSource", file: file, line: line)
        if let scene {
            XCTAssertEqual(try property("InterfaceOrientation", of: scene).string, sceneOrientation,
                           "InterfaceOrientation", file: file, line: line)
        }
    }

    // MARK: the system bus

    /// The process id of a connection on the system bus.
    func systemBusPid(of uniqueName: String) throws -> UInt32 {
        let reply = try systemClient.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetConnectionUnixProcessID", parameters: Variant(tuple: [.s(uniqueName)]), replyType: "(u)")
        return try XCTUnwrap(reply.child(at: 0).uint32)
    }

    /// The unique names on the system bus that belong to orientd's process.
    func orientdConnectionsOnSystemBus() throws -> [String] {
        let reply = try systemClient.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "ListNames", replyType: "(as)")
        let names = try XCTUnwrap(reply.child(at: 0).stringArray).filter { $0.hasPrefix(":") }
        return try names.filter { try systemBusPid(of: $0) == UInt32(orientd.process.pid) }
    }

    /// Whether orientd holds the mock's claim (and nobody else does).
    func orientdHoldsClaim(on bus: BusConnection? = nil) throws -> Bool {
        let owners = try claimants(on: bus)
        guard owners.count == 1 else { return false }
        let pid = try (bus.map { connection in
            try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "GetConnectionUnixProcessID", parameters: Variant(tuple: [.s(owners[0])]), replyType: "(u)"
            ).child(at: 0).uint32
        } ?? systemBusPid(of: owners[0]))
        return pid == UInt32(orientd.process.pid)
    }

    /// How many times the mock was called with `method` (its `-l` call log).
    func mockCalls(_ method: String, in sensor: SensorService) -> Int {
        sensor.log.split(separator: "\n").filter { $0.contains(" \(method)") }.count
    }
}
