import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The phone case on real Phosh (`PhoshSession`): the built orientd started with its defaults
/// (`--output-backend auto`, `--window-tracking auto`; only `--output`, since the nested phoc's
/// X11-1 is no built-in panel) drives Phosh's DisplayConfig and follows phoc's window list, and
/// real, unmodified GTK 4 apps with desktop entries in the test's `XDG_DATA_DIRS` turn the panel,
/// read back from Phosh's `GetCurrentState`.
final class PhoshFlowTests: OutputTestCase {
    static let game = "org.example.PhoshGame"
    static let notes = "org.example.PhoshNotes"

    /// orientd with its defaults on Phosh's session, the device held portrait (by hand; with
    /// `sensor`, read from the mock sensor Phosh reads too, on the harness's system bus).
    func launchOnPhosh(sensor: Bool = false) throws {
        try launchOrientd(["--output", Self.phoshPanel] + (sensor ? ["--sensor", "iio"] : []),
                          environment: appDataEnvironment.merging(waylandEnvironment) { $1 })
        try waitForProperty("OutputBackend", "mutter")
        try waitForProperty("WindowTracking", "wlroots")
        XCTAssertEqual(try managerProperty("OutputName").string, Self.phoshPanel)
        if sensor { try waitForProperty("SensorSource", "iio-sensor-proxy") } else { try turnDevice("portrait") }
    }

    /// Apps in front turn Phosh's panel and give it back, and the orientation-lock is held
    /// only while an app in front needs another orientation than Phosh's own rotation would
    /// show (it used to be held for as long as orientd ran, which took the user's Auto Rotate
    /// switch away). Phosh and orientd read the same mock sensor.
    func testAppsInFrontTurnPhoshsPanelAndTheOrientationLockIsHeldMeanwhile() throws {
        try appsInFrontTurnPhoshsPanel(root: nil)
    }

    /// The flow above on the host's Phosh, or on the phoc and Phosh of `root` (Debian 13's).
    func appsInFrontTurnPhoshsPanel(root: String?) throws {
        try startSystemBus()
        try startMock("normal")
        _ = try startRealPhosh(sharedSystemBus: true, root: root)
        XCTAssertEqual(try orientationLockKey(), "false", "the user's value")
        // Phosh says PanelOrientationManaged once its rotation manager has a reading, which can
        // come after DisplayConfig is on the bus.
        try eventually("Phosh with an accelerometer turns the panel itself", timeout: deadline) {
            try phoshPanelOrientationManaged() == true
        }
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: "portrait")
        try launchOnPhosh(sensor: true)
        try compositor.waitForPanel(.normal)
        XCTAssertEqual(try orientationLockKey(), "false", "nothing in front needs a hold: Auto Rotate stays the user's")

        // 1. The landscape game turns the panel, and the lock is held while it is in front.
        let game = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try eventually("orientation-lock held", timeout: deadline) { try orientationLockKey() == "true" }
        // 2. Notes in front turns it back (still held: notes leaves landscape out).
        let notes = try startWaylandAppInFront(Self.notes)
        try waitForFrontApp(Self.notes, trackedWindows: 2)
        try compositor.waitForPanel(.normal)
        XCTAssertEqual(try orientationLockKey(), "true")
        // 3. Closing notes brings the game's orientation back; closing the game gives the
        // device's, and the user's value back.
        try closeApp(notes)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try closeApp(game)
        try waitForFrontApp("", trackedWindows: 0)
        try compositor.waitForPanel(.normal)
        try eventually("the user's value back", timeout: deadline) { try orientationLockKey() == "false" }

        // A clean stop leaves the user's value.
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        XCTAssertEqual(try orientationLockKey(), "false", orientd.log)
    }

    /// The user's per-app policy pins an unmodified app that declares nothing, while another
    /// undeclared app follows the device; `Explain` names the policy.
    func testTheUsersPolicyPinsAnUnmodifiedAppOnPhosh() throws {
        _ = try startRealPhosh()
        try checkTheUsersPolicyPinsAnUnmodifiedApp(Self.game, beside: Self.notes) { try launchOnPhosh() }
    }

    /// Locking the screen with an app in front keeps its constraint: phoc deactivates the app's
    /// window under the lock screen, and the shell's own surfaces turn nothing, so the app stays
    /// in front and nothing is turned under the lock (two turns per lock before). Its window
    /// closing behind the lock screen lets it go: Phosh refuses output changes while locked, and
    /// orientd stays attached and applies the device's orientation at the unlock.
    func testLockingPhoshKeepsTheAppInFrontAndItsClosingLeavesNoConstraintBehind() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        let session = try startRealPhosh()
        try launchOnPhosh()
        let game = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        let before = orientd.log.count

        try lockPhosh()
        try eventually("the game stays in front under the lock screen", timeout: deadline) {
            try explainPanelLines().contains { $0.hasPrefix("front ") && $0.contains("stays in front") }
        }
        XCTAssertEqual(try managerProperty("FrontApp").string, Self.game)
        XCTAssertFalse(String(orientd.log.dropFirst(before)).contains("turning the panel"), "the lock screen turned nothing:\n\(orientd.log)")

        try closeApp(game)
        try waitForFrontApp("", trackedWindows: 0)
        try eventually("Phosh's refusal while locked seen", timeout: deadline) {
            !orientdLogLines(containing: "refuses output changes while the screen is locked").isEmpty
        }
        XCTAssertEqual(try managerProperty("OutputBackend").string, "mutter", "a refusal while locked lets nothing go")
        try unlockPhosh(session)
        try compositor.waitForPanel(.normal)
        XCTAssertEqual(try managerProperty("OutputBackend").string, "mutter")
    }

    /// Whether someone (Phosh) claims the mock accelerometer on the session's system bus.
    func accelerometerClaimed(_ session: RealPhosh) throws -> Bool {
        let connection = try session.systemBus.connect()
        defer { connection.close() }
        return try !claimants(on: connection).isEmpty
    }

    /// Phosh's `PanelOrientationManaged` (true while it has an accelerometer to turn the panel from).
    func phoshPanelOrientationManaged() throws -> Bool? {
        try client.connection.call(destination: Self.displayConfig, path: Self.displayConfigPath,
                                   interface: "org.freedesktop.DBus.Properties", method: "Get",
                                   parameters: Variant(tuple: [.s(Self.displayConfig), .s("PanelOrientationManaged")]),
                                   replyType: "(v)", timeoutMilliseconds: 10_000).child(at: 0).unboxed?.bool
    }
}
