import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The `orientctl status` that starts orientd by D-Bus activation already tells the truth:
/// orientd holds its calls until the sensor, the compositor's panel and its window list have
/// answered (`StartupGate`), so the first status shows phoc's panel and window list and the
/// sensor, never "none" while orientd is still looking. A compositor that never answers
/// delays the first call by about a second at most, and the status says orientd is starting.
final class FirstStatusTests: OutputTestCase {
    static let game = "org.example.FirstStatusGame"

    /// A session bus that starts the built orientd with `arguments` on the first call, with the
    /// test's runtime folder, state folder, system bus and apps; stopped after the test.
    func activationBus(_ arguments: [String]) throws -> PrivateBus {
        let services = try temporaryDirectory()
        let exec = ([OrientdInstance.product("orientd"), "--verbose"] + arguments).joined(separator: " ")
        try "[D-BUS Service]\nName=\(Contract.busName)\nExec=\(exec)\n"
            .write(toFile: services + "/\(Contract.busName).service", atomically: true, encoding: .utf8)
        var environment = childEnvironment.merging(appDataEnvironment) { $1 }
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        // The state home and administrator's folder launchOrientd gives orientd: no
        // configuration file of the machine's.
        let folders = XDGFolders(root: scratch + "/state")
        environment["XDG_STATE_HOME"] = folders.root
        environment["XDG_CONFIG_DIRS"] = folders.configDirs
        environment["WAYLAND_DISPLAY"] = Self.waylandSocket
        if systemBus != nil { environment["DBUS_SYSTEM_BUS_ADDRESS"] = systemBus.address }
        let activating = try PrivateBus(serviceFolders: [services], environment: environment)
        addTeardownBlock { activating.stop() }
        addLog("the activating bus and orientd") { activating.process.standardError }
        return activating
    }

    /// `orientctl status` on `bus`, which starts orientd; its lines by label.
    func firstStatus(on bus: PrivateBus) throws -> [String: String] {
        let output = try runCommand([OrientdInstance.product("orientctl"), "status"],
                                    environment: bus.sessionEnvironment.merging(["XDG_RUNTIME_DIR": scratch, "NO_COLOR": "1"]) { $1 },
                                    timeout: .seconds(60))
        XCTAssertEqual(output.status, .exited(0), "\(output)")
        var lines: [String: String] = [:]
        for line in output.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            lines[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return lines
    }

    func testTheStatusThatActivatesOrientdShowsPhocsPanelWindowsAndTheSensor() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try startSystemBus()
        try startMock("normal")
        try startPhoc()
        _ = try startUnmodifiedApp(Self.game)

        let status = try firstStatus(on: activationBus(["--output", "HEADLESS-1"]))
        XCTAssertEqual(status["Sensor available"], "yes", "\(status)")
        XCTAssertEqual(status["Device orientation"]?.hasPrefix("portrait"), true, "\(status)")
        XCTAssertEqual(status["Output"]?.hasPrefix("wlroots turns HEADLESS-1, showing "), true, "\(status)")
        XCTAssertEqual(status["Window tracking"], "wlroots, 1 app window, \(Self.game) in front", "\(status)")
    }

    /// A DisplayConfig that takes every call and answers none: the first call is answered after
    /// the bound, and the first status says orientd is starting and what it waits for.
    func testACompositorThatNeverAnswersDelaysTheFirstCallAboutASecondAndIsSaidAsStarting() throws {
        let script = try temporaryDirectory() + "/silent-displayconfig.py"
        try """
            import signal, sys, dbus
            bus = dbus.bus.BusConnection(sys.argv[1])
            bus.request_name("org.gnome.Mutter.DisplayConfig")
            print("owned", flush=True)
            signal.pause()
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let bus = try activationBus(["--sensor", "none", "--output-backend", "mutter", "--window-tracking", "none"])
        let silent = try start("the silent DisplayConfig", ["/usr/bin/python3", script, bus.address])
        try eventually("the silent DisplayConfig owns its name", timeout: deadline) { silent.standardOutput.contains("owned") }

        let started = ContinuousClock.now
        let status = try firstStatus(on: bus)
        let took = ContinuousClock.now - started
        XCTAssertEqual(status["Output"], "none: orientd is starting: waiting for the compositor's first answer (mutter)", "\(status)")
        XCTAssertGreaterThanOrEqual(took, .milliseconds(900), "the call waited for the bound")
        // The bound is a second; a loaded 2-core machine adds the process's start and the call.
        XCTAssertLessThan(took, .seconds(10), "the call is not held while the compositor is silent")
    }
}
