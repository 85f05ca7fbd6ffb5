import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A hostile owner of `org.kde.KWin` flipping KWin's tablet mode as fast as it can
/// (`Fixtures/output/flapping_kwin_tablet_mode.py`), beside a real KWin whose panel orientd
/// turns (KWin itself on a bus of its own, so the peer holds the name on orientd's). orientd
/// stays responsive, says the flapping once, keeps the last settled posture (on a desk) while
/// it flaps, and never turns the panel in a loop; when it stops in tablet mode the posture
/// changes once and the landscape scene turns the panel once.
final class KWinTabletModeFlappingTests: OutputTestCase {
    static var peerScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/output/flapping_kwin_tablet_mode.py").path
    }

    func testAFlappingTabletModeKeepsThePostureAndTurnsThePanelOnceAfter() throws {
        try startKWin(sessionBus: try makeBus())
        let peer = try start("flapping-kwin", ["/usr/bin/python3", Self.peerScript, "3", "true"])
        XCTAssertEqual(try peer.firstLineOfOutput(timeout: deadline), "ready", peer.standardError)
        // KWin's 800×1280 panel at scale 1 is a large screen; the peer says laptop mode: a desk.
        try launchOrientd(["--output-backend", "kwin", "--output", Self.kwinOutput, "--window-tracking", "none",
                           "--screen-class", "auto"], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "kwin")
        try waitForProperty("ScreenClass", "large")
        try waitForProperty("Posture", "desk")
        try registerLandscapeScene()
        let postures = try recordSignals(member: "PropertiesChanged", path: Contract.managerPath)
        let turnsBefore = orientdLogLines(containing: "turning the panel").count

        peer.send(SIGUSR1)
        var (calls, slowest) = (0, Duration.zero)
        while !peer.standardOutput.contains("flapped") {
            let started = ContinuousClock.now
            let posture = try managerProperty("Posture").string
            let took = ContinuousClock.now - started
            (calls, slowest) = (calls + 1, max(slowest, took))
            XCTAssertEqual(posture, "desk", "the posture while the flag flaps")
            XCTAssertLessThan(took, .seconds(6), "orientd answered a call \(took) late while flooded")
            guard peer.isRunning, calls < 100_000 else { return XCTFail("the peer ended: \(peer.standardError)") }
        }
        let flips = Int(peer.standardOutput.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        XCTAssertGreaterThan(flips, 1_000, "the peer flipped the tablet mode: \(peer.standardOutput)")
        XCTAssertGreaterThan(calls, 0)
        print("flips: \(flips); calls answered meanwhile: \(calls), the slowest in \(slowest)")

        // It stopped in tablet mode: held a second later, and the scene turns the panel once.
        try waitForProperty("Posture", "held")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns, timeout: deadline)
        try drain(postures)
        let postureChanges = postures.signals.filter { "\($0.argument(1))".contains("'Posture'") }.count
        XCTAssertEqual(postureChanges, 1, "the posture changed once, after the flapping: \(postures.signals.map { "\($0.argument(1))" })")
        XCTAssertEqual(orientdLogLines(containing: "turning the panel").count - turnsBefore, 1, orientd.log)
        XCTAssertEqual(orientdLogLines(containing: "flips its tablet mode more than").count, 1, "said once for the peer:\n\(orientd.log)")
    }

    /// A foreground-active scene that shows only landscape: it turns a held large screen, and
    /// on a desk it is told what the panel shows.
    @discardableResult
    func registerLandscapeScene() throws -> String {
        let reply = try callManager("RegisterScene", [.vardict([
            "app-id": .s("org.example.Landscape"), "idiom": .s("pad"), "supported-orientations": .strings(["landscape"]),
        ])])
        let path = try XCTUnwrap(reply.child(at: 0).string)
        try callScene(path, "SetActivationState", [.s("foreground-active")])
        return path
    }
}
