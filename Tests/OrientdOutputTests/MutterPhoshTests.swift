import Foundation
import TestSupport
import XCTest

/// The mutter backend against Phosh's behaviour, with a stand-in DisplayConfig
/// (`Tests/Fixtures/output/phosh-displayconfig.py`, python3-gi): a built-in DSI-1 panel found
/// without --output, method 1 ignored so method 2 is used from then on, a stale serial
/// read again, and, since the stand-in says PanelOrientationManaged, the GSettings
/// orientation-lock held while what orientd shows differs from the device's orientation (a
/// request, kiosk mode) and the user's value put back after. (It was held for as long as
/// orientd drove the panel; now the user's Auto Rotate is theirs the rest of the time.)
final class MutterPhoshTests: OutputTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/output/phosh-displayconfig.py").path
    let schema = "org.gnome.settings-daemon.peripherals.touchscreen"
    let key = "orientation-lock"

    func startPhosh(_ arguments: [String] = []) throws -> ChildProcess {
        try startDisplayConfigStandIn("phosh stand-in", arguments)
    }

    func lock() throws -> String {
        let output = try runCommand(["gsettings", "get", schema, key], environment: childEnvironment)
        XCTAssertTrue(output.succeeded, "\(output)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testMethodOneIgnoredMeansMethodTwoAndTheLockIsHeldWhileDriving() throws {
        XCTAssertEqual(try lock(), "false", "the user's value")
        let phosh = try startPhosh()
        let orientd = try launchOrientd(["--output-backend", "mutter"])
        try waitForProperty("OutputBackend", "mutter")
        XCTAssertEqual(try managerProperty("OutputName").string, "DSI-1", "the built-in panel, found without --output")
        try callManager("SetDeviceOrientation", [.s("portrait")])

        let scene = try registerScene()
        XCTAssertEqual(try lock(), "false", "a scene that follows the device needs no hold")
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try waitForProperty("OutputOrientation", "landscape-left")
        try eventually("orientation-lock held while the request differs from the device", timeout: deadline) { try lock() == "true" }
        XCTAssertEqual(applies(phosh), ["method=1 transform=1 -> ignored", "method=2 transform=1 -> applied"], phosh.standardOutput)
        XCTAssertEqual(orientdLogLines(containing: "using method 2").count, 1, orientd.log)
        // From then on, method 2 at once.
        try callScene(scene, "RequestOrientation", [.s("portrait-upside-down")])
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        XCTAssertEqual(applies(phosh).last, "method=2 transform=2 -> applied", phosh.standardOutput)
        XCTAssertEqual(applies(phosh).count, 3, phosh.standardOutput)

        // orientd stops: the user's value is back.
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        XCTAssertEqual(try lock(), "false", orientd.log)
    }

    func testAStaleSerialIsRetriedWithAFreshState() throws {
        let phosh = try startPhosh(["--stale", "3"])
        try launchOrientd(["--output-backend", "mutter"])
        try waitForProperty("OutputBackend", "mutter")
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-right")])
        try waitForProperty("OutputOrientation", "landscape-right")
        XCTAssertEqual(Array(applies(phosh).prefix(4)), Array(repeating: "method=1 transform=3 -> stale", count: 3) + ["method=1 transform=3 -> ignored"],
                       phosh.standardOutput)
        XCTAssertEqual(applies(phosh).last, "method=2 transform=3 -> applied", phosh.standardOutput)
        XCTAssertEqual(try managerProperty("OutputBackend").string, "mutter", "a stale serial is no failure")
    }

    /// A configuration that changes under every attempt is a race orientd gives up, not a
    /// failure: the panel stays attached and the orientation-lock held (handing it back would
    /// let the compositor turn the panel from the sensor meanwhile), and the next turn works.
    func testAConfigurationChangingUnderEveryAttemptLeavesThePanelAttachedAndTheLockHeld() throws {
        let phosh = try startPhosh(["--stale", "4"])
        let orientd = try launchOrientd(["--output-backend", "mutter"])
        try waitForProperty("OutputBackend", "mutter")
        try callManager("SetDeviceOrientation", [.s("portrait")])
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-right")])
        try eventually("orientation-lock held", timeout: deadline) { try lock() == "true" }
        try eventually("orientd gives up after four attempts", timeout: deadline) {
            orientdLogLines(containing: "changed under each of orientd's 4 attempts").count == 1
        }
        XCTAssertEqual(applies(phosh), Array(repeating: "method=1 transform=3 -> stale", count: 4), phosh.standardOutput)
        XCTAssertEqual(try managerProperty("OutputBackend").string, "mutter", orientd.log)
        XCTAssertEqual(try lock(), "true", orientd.log)
        XCTAssertEqual(orientdLogLines(containing: "back to the user's value"), [], orientd.log)

        try callScene(scene, "RequestOrientation", [.s("portrait-upside-down")])
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        XCTAssertEqual(applies(phosh).suffix(2), ["method=1 transform=2 -> ignored", "method=2 transform=2 -> applied"], phosh.standardOutput)
    }

    /// A program that turns Auto Rotate back on (orientation-lock false) whenever it reads it
    /// off, against orientd's hold: orientd answers later each time, then stops holding, says
    /// so once (log, OutputStatus, Explain), and holds again when the next hold starts. Before,
    /// the two ping-ponged ~94 times a second for as long as the other program ran.
    func testAProgramUndoingTheHoldMeetsBackoffThenOrientdLetsGo() throws {
        _ = try startPhosh()
        try launchOrientd(["--output-backend", "mutter"])
        try waitForProperty("OutputBackend", "mutter")
        try callManager("SetKioskMode", [.b(true), .s("landscape-left")])
        try eventually("orientation-lock held", timeout: deadline) { try lock() == "true" }
        // It reads the key every 20 ms rather than through `gsettings monitor`, which, started
        // beside the first undo, could miss orientd's immediate re-hold on a loaded machine and
        // leave nothing to fight. It writes a line a round: "undone", or "off" when it found
        // the key off.
        let fighter = try start("the fighter", ["/bin/sh", "-c", """
            while :; do
              case "$(gsettings get \(schema) \(key))" in true) gsettings set \(schema) \(key) false; echo undone;; *) echo off;; esac
              sleep 0.02
            done
            """])
        func rounds() -> [Substring] { fighter.standardOutput.split(separator: "\n") }
        func undone() -> Int { rounds().filter { $0 == "undone" }.count }
        try eventually("orientd stopped holding", timeout: deadline) {
            try managerProperty("OutputStatus").string?.contains("stopped holding") == true
        }
        // The fighter's last undo may still be printing. orientd writes no `true` once it has
        // let go, so every undo is counted once a round begun after that has ended (the second
        // line from now: the first may be the round under way).
        let lettingGo = rounds().count
        try eventually("a round of the fighter's after orientd let go", timeout: deadline) { rounds().count >= lettingGo + 2 }
        let undos = undone()
        // Six delays and the undo that ends the fight, with a round or two on its way.
        XCTAssertLessThanOrEqual(undos, 9, fighter.standardOutput)
        XCTAssertEqual(orientdLogLines(containing: "orientd stopped holding Auto Rotate off").count, 1, orientd.log)
        let explained = try callManager("ExplainPanel", [.s("")])
        XCTAssertTrue("\(explained)".contains("stopped holding Auto Rotate off"), "\(explained)")
        // Let go: no more undos. An absence has no later event to wait for (a wrong re-hold
        // could come after any fight delay), so the fighter keeps reading for a window: 1 s
        // (an immediate re-hold and the first two delays) and at least five rounds of its own,
        // so that a loaded machine's slow `gsettings` still looks.
        let windowEnd = ContinuousClock.now + .seconds(1)
        let looked = rounds().count
        try eventually("five rounds of the fighter's over 1 s", timeout: deadline) {
            ContinuousClock.now >= windowEnd && rounds().count >= looked + 5
        }
        XCTAssertEqual(undone(), undos, "no round after orientd let go:\n\(fighter.standardOutput)")
        XCTAssertEqual(try lock(), "false")
        print("fight: \(undos) undos before orientd let go")
        fighter.kill()
        // The hold ends: the note goes; the next hold holds again.
        try callManager("SetKioskMode", [.b(false), .s("landscape-left")])
        try eventually("the note gone", timeout: deadline) { try managerProperty("OutputStatus").string == "" }
        try callManager("SetKioskMode", [.b(true), .s("landscape-left")])
        try eventually("held again", timeout: deadline) { try lock() == "true" }
    }

    func testTheCompositorGoingAwayHandsTheLockBack() throws {
        let phosh = try startPhosh()
        try launchOrientd(["--output-backend", "mutter"])
        try waitForProperty("OutputBackend", "mutter")
        // Kiosk mode holds the lock (the kiosk orientation, whatever the device does).
        try callManager("SetKioskMode", [.b(true), .s("landscape-left")])
        try eventually("orientation-lock held", timeout: deadline) { try lock() == "true" }
        phosh.terminate()
        _ = try phosh.wait(timeout: deadline)
        try waitForProperty("OutputBackend", "none")
        try eventually("the user's value back", timeout: deadline) { try lock() == "false" }
        XCTAssertTrue(orientd.process.isRunning)
        // It comes back: held again, and the current orientation applied.
        let again = try startPhosh()
        try waitForProperty("OutputBackend", "mutter")
        try waitForProperty("OutputOrientation", "landscape-left")
        try eventually("orientation-lock held again", timeout: deadline) { try lock() == "true" }
        XCTAssertEqual(applies(again).last, "method=2 transform=1 -> applied", again.standardOutput)
    }
}
