import Foundation
import GLibBridge
import TestSupport
import XCTest

/// `orientctl monitor` following changes made by other clients, and ending on SIGINT/SIGTERM.
final class MonitorTests: OrientctlTestCase {
    /// Starts `orientctl monitor` and waits until it says it listens.
    private func startMonitor(_ extra: [String] = []) throws -> ChildProcess {
        let monitor = try ChildProcess([OrientdInstance.product("orientctl"), "monitor"] + extra, environment: environment)
        try eventually("monitor listens; stderr: \(monitor.standardError)") {
            if let status = monitor.exitStatus { throw TestSupportError("monitor ended (\(status)): \(monitor.standardError)") }
            return monitor.standardError.contains("Monitoring orientd")
        }
        return monitor
    }

    func testMonitorSeesARotationByAnotherClient() throws {
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        let monitor = try startMonitor()

        // Another client (a connection of this test process) turns the device.
        let client = try orientd.bus.connect()
        defer { client.close() }
        try client.call(destination: "io.github.orientd.OrientationManager1", path: "/io/github/orientd/OrientationManager1",
                        interface: "io.github.orientd.OrientationManager1", method: "SetDeviceOrientation",
                        parameters: Variant(tuple: [Variant(string: "landscape-left")]))
        try eventually("monitor prints the rotation; stdout: \(monitor.standardOutput)") {
            monitor.standardOutput.contains(" scene \(scene) org.example.Video: portrait → landscape-right (device)\n")
        }
        XCTAssertTrue(monitor.standardOutput.contains(" device: landscape-left\n"), monitor.standardOutput)

        try ok("lock")
        try ok("device", "landscape-right")
        let added = try register("org.example.Notes")
        try ok("unregister", added)
        try eventually("monitor prints the suggestion, the setting and the scenes; stdout: \(monitor.standardOutput)") {
            let text = monitor.standardOutput
            return text.contains(" suggestion: scene \(scene) org.example.Video could turn to landscape-left (rotation lock is on)\n")
                && text.contains(" setting: RotationLocked=yes\n")
                && text.contains(" state: FrontScene=")
                && text.contains(" scene \(added) added: org.example.Notes (phone, portrait)\n")
                && text.contains(" scene \(added) removed: org.example.Notes\n")
        }

        monitor.send(SIGINT)
        XCTAssertEqual(try monitor.wait(timeout: .seconds(10)), .exited(0))
        XCTAssertFalse(monitor.standardOutput.contains("\u{1B}["), "no colours off a terminal")
        XCTAssertFalse(monitor.standardOutput.contains(" setting: FrontScene"), "the front scene is state, not a setting")
    }

    func testMonitorJSONIsOneObjectPerLineAndEndsOnSIGTERM() throws {
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        let monitor = try startMonitor(["--json"])
        try ok("device", "landscape-right")
        try ok("request", scene, "portrait")
        try eventually("two scene events; stdout: \(monitor.standardOutput)") {
            monitor.standardOutput.components(separatedBy: "orientation-changed").count == 3
        }
        let events = try monitor.standardOutput.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
        XCTAssertEqual(events.map { $0["event"] as? String }, ["device", "orientation-changed", "orientation-changed"])
        XCTAssertEqual(events[0]["orientation"] as? String, "landscape-right")
        XCTAssertEqual(events[1]["current"] as? String, "landscape-left")
        XCTAssertEqual(events[1]["reason"] as? String, "device")
        XCTAssertEqual(events[2]["reason"] as? String, "request")
        XCTAssertEqual(events[2]["number"] as? Int, Int(scene))
        XCTAssertEqual(events[2]["appId"] as? String, "org.example.Video")

        monitor.terminate()
        XCTAssertEqual(try monitor.wait(timeout: .seconds(10)), .exited(0))
    }

    func testMonitorWaitsForOrientdAndReportsItsComings() throws {
        orientd.stop()
        let monitor = try startMonitor()
        // Said once the monitor has looked for orientd, which may come after its first line on a busy machine.
        try eventually("monitor says orientd is not running; stderr: \(monitor.standardError)") {
            monitor.standardError.contains("orientd is not running; waiting for it to start.")
        }
        let second = try launch(bus: orientd.bus)
        try eventually("monitor sees orientd start; stdout: \(monitor.standardOutput)") {
            monitor.standardOutput.contains(" orientd started (:")
        }
        second.stop()
        try eventually("monitor sees orientd stop; stdout: \(monitor.standardOutput)") {
            monitor.standardOutput.contains(" orientd stopped\n")
        }
        monitor.send(SIGINT)
        XCTAssertEqual(try monitor.wait(timeout: .seconds(10)), .exited(0))
    }
}
