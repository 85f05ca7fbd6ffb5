import Foundation
import GLibBridge
import TestSupport
import XCTest

/// When the session bus goes away, orientd exits promptly with a clear log line and a
/// non-zero status (so that systemd restarts it) instead of spinning; clients that register
/// again with the restarted service get consistent state: the persisted settings, fresh
/// scenes, signals.
final class BusLossTests: OrientdTestCase {
    /// Each test starts the orientds it needs.
    override var startsOrientdInSetUp: Bool { false }

    func testOrientdExitsWhenTheBusGoesAwayAndClientsStartAgainCleanly() throws {
        let stateHome = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        var exits: [String] = []
        var earlierPaths: [String] = []

        for (round, signal) in [(0, SIGKILL), (1, SIGTERM)] {
            let bus = try makeBus()
            let orientd = try launch(bus: bus, stateHome: stateHome)
            let client = try bus.connect()
            if round == 0 {
                // Settings that must come back after the restart.
                try client.manager("SetKioskMode", [.b(true), .s("landscape-left")])
                try client.manager("SetRotationLocked", [.b(true)])
                try client.manager("SetAppPolicy", [.s("busloss.app"), .vardict(["follow-sensor": .b(false)])])
            }
            for _ in 0..<5 { earlierPaths.append(try client.register(app: "busloss.app", supported: ["all"])) }

            let lost = ContinuousClock.now
            bus.process.send(signal)
            let status = try orientd.process.wait(timeout: .seconds(30))
            let elapsed = seconds(since: lost)
            XCTAssertEqual(status, .exited(1), "orientd must exit non-zero so that systemd restarts it; its log:\n\(orientd.log)")
            // The figure is reported; the bound only catches a hang, never a loaded machine.
            XCTAssertLessThan(elapsed, 10.0, "orientd took \(elapsed) s to notice the bus was gone")
            XCTAssertTrue(orientd.log.contains("error: the session bus connection closed; exiting"), orientd.log)
            XCTAssertFalse(orientd.log.contains("taken over"), "a lost bus is not a takeover: \(orientd.log)")
            exits.append(String(format: "%.0f ms (bus killed by signal %d)", elapsed * 1000, signal))
            client.close()
        }

        // The service manager restarts it on a new bus; apps register again.
        let bus = try makeBus()
        let orientd = try launch(bus: bus, stateHome: stateHome)
        defer { orientd.stop() }
        let manager = try bus.connect()
        let properties = try manager.managerProperties()
        XCTAssertEqual(properties["KioskMode"], .b(true))
        XCTAssertEqual(properties["KioskOrientation"], .s("landscape-left"))
        XCTAssertEqual(properties["RotationLocked"], .b(true))
        XCTAssertEqual(try manager.manager("GetAppPolicies").child(at: 0).childCount, 1)

        let apps = try (0..<3).map { index in try bus.connectWithLoop(name: "busloss-client\(index)") }
        var mine: [String: String] = [:]
        for (index, app) in apps.enumerated() {
            for _ in 0..<2 { mine[try app.connection.register(app: "busloss.app\(index)", supported: ["portrait"])] = app.uniqueName }
        }
        let objects = try manager.managedObjects()
        XCTAssertEqual(Set(objects.keys), Set(mine.keys), "only the scenes registered after the restart")
        XCTAssertTrue(Set(mine.keys).isDisjoint(with: earlierPaths), "a restarted service never reuses a path: \(mine.keys.sorted()) after \(earlierPaths)")
        for path in earlierPaths {
            XCTAssertEqual(manager.orientd(path, Contract.sceneInterface, "RequestOrientation", [.s("portrait")]).errorName, Contract.error("UnknownScene"), path)
        }
        for (path, scene) in objects {
            XCTAssertEqual(scene.owner, mine[path])
            XCTAssertEqual(scene.orientation, "landscape-left", "kiosk mode, persisted, applies to new scenes (and wins over their supported orientations)")
            XCTAssertEqual(scene["StatusBarHidden"], .b(true))
            XCTAssertEqual(scene.violations(checkShape: true), [], path)
        }

        // Signals reach the new registrations: lifting kiosk mode turns every scene back.
        let recorders = try apps.map { app in
            try SignalRecorder(app, interface: Contract.sceneInterface, member: "OrientationChanged")
        }
        try manager.manager("SetKioskMode", [.b(false), .s("")])
        for (index, recorder) in recorders.enumerated() {
            let signals = try recorder.wait(count: 6)
            XCTAssertEqual(Set(signals.map(\.path)), Set(mine.keys), "client \(index) sees every scene turn")
            XCTAssertTrue(signals.allSatisfy { $0.argument(0).string == "landscape-left" && $0.argument(1).string == "portrait"
                    && $0.argument(2).string == "policy" }, "\(signals)")
        }
        for (path, scene) in try manager.managedObjects() {
            XCTAssertEqual(scene.orientation, "portrait", path)
            XCTAssertEqual(scene.violations(checkShape: true), [], path)
        }
        apps.forEach { $0.close() }
        report("bus loss", "orientd exited with status 1 after \(exits.joined(separator: ", ")); restarted with its settings, 3 clients re-registered 6 scenes")
    }
}
