import Foundation
import TestSupport
import XCTest

/// The Python and GTK examples run unchanged inside the Flatpak-shaped sandbox: they touch
/// only their own windows. The device is the user's to turn: the test turns it from outside
/// when the app waits for it, as the user (or the sensor) would.
final class SandboxExamplesTests: OrientdTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let flow = [
        "portrait -> landscape-right (presentation)",
        "landscape-right -> landscape-left (device)",
        "landscape-left -> portrait (dismissal)",
    ]

    /// Runs `app` until it waits for the device to turn to landscape-right, turns it from
    /// outside, and returns its output once it ended by itself.
    private func runTurningTheDevice(_ app: ChildProcess, timeout: Duration = .seconds(120)) throws -> String {
        defer { if app.isRunning { app.stop() } }
        try eventually("the app waits for the device", timeout: timeout) {
            if let status = app.exitStatus { throw TestSupportError("the app exited (\(status)):\n\(app.standardOutput)\n\(app.standardError)") }
            return app.standardOutput.contains("waiting for the device to turn to landscape-right")
        }
        try callManager("SetDeviceOrientation", [.s("landscape-right")])
        let status = try app.wait(timeout: timeout)
        XCTAssertTrue(status.succeeded, "\(status)\n\(app.standardOutput)\n\(app.standardError)")
        return app.standardOutput
    }

    private func assertFlow(_ output: String, file: StaticString = #filePath, line: UInt = #line) {
        var rest = Substring(output)
        for change in Self.flow {
            guard let found = rest.range(of: "OrientationChanged " + change) else {
                return XCTFail("no \"OrientationChanged \(change)\" (in order) in:\n\(output)", file: file, line: line)
            }
            rest = rest[found.upperBound...]
        }
    }

    func testThePythonExampleRunsSandboxed() throws {
        let sandbox = try FlatpakSandbox(appId: "org.example.VideoPlayer", busAddress: orientd.bus.address)
        try callManager("SetDeviceOrientation", [.s("portrait")])
        let examples = Self.root + "/examples"
        let app = try ChildProcess(sandbox.appCommand(["/usr/bin/python3", examples + "/python/video_player.py"], binds: [examples]))
        let output = try runTurningTheDevice(app)
        assertFlow(output)
        XCTAssertTrue(output.contains("  decision [portrait]: portrait") && output.hasSuffix("done\n"), output)
        XCTAssertTrue(orientd.log.contains("is the Flatpak app org.example.VideoPlayer"), orientd.log)
    }

    func testTheGTKExampleRunsSandboxed() throws {
        let sandbox = try FlatpakSandbox(appId: "org.example.OrientationWindow", busAddress: orientd.bus.address)
        try callManager("SetDeviceOrientation", [.s("portrait")])
        let examples = Self.root + "/examples"
        let shots = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: shots) }
        // liborientd and its GTK glue from this tree's build (make lib), bound read-only as
        // a Flatpak app would carry them.
        let library = Self.root + "/.build/lib/orientd", gtkLibrary = Self.root + "/.build/lib/orientd-gtk"
        guard FileManager.default.fileExists(atPath: gtkLibrary + "/OrientdGtk-1.0.typelib") else {
            throw TestSupportError("no OrientdGtk-1.0.typelib in \(gtkLibrary): build liborientd first (make lib)")
        }
        let app = try ChildProcess(sandbox.appCommand(
            ["xvfb-run", "--auto-servernum", "--server-args=-screen 0 1024x768x24", "/usr/bin/python3",
             examples + "/gtk/orientation_window.py", "--script", "--screenshots", shots, "--timeout", "90"],
            binds: [examples, library, gtkLibrary], writable: [shots],
            environment: ["GSK_RENDERER": "cairo", "GTK_A11Y": "none", "HOME": "/tmp", "XDG_RUNTIME_DIR": "/tmp",
                          "GI_TYPELIB_PATH": library + ":" + gtkLibrary, "LD_LIBRARY_PATH": library + ":" + gtkLibrary]))
        let output = try runTurningTheDevice(app, timeout: .seconds(150))
        assertFlow(output)
        XCTAssertTrue(output.contains("done: interface portrait"), output)
        for shot in ["portrait", "landscape"] {
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: "\(shots)/screenshot-\(shot).png")[.size] as? Int) ?? 0, 0)
        }
    }
}
