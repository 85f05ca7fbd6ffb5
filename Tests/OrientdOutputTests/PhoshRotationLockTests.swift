import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Phosh's Auto Rotate switch is the user's rotation lock, on real Phosh (`PhoshSession`):
/// Phosh, orientd and the test playing the user share one keyfile GSettings
/// (`childEnvironment`) and one mock sensor (the harness's system bus). With Auto Rotate off
/// the panel stays when the device turns, a landscape-only app still turns it and it comes
/// back when the app closes; switching Auto Rotate locks and unlocks `RotationLocked`; the key
/// shows the user's choice whenever no app in front needs the compositor's rotation held.
final class PhoshRotationLockTests: OutputTestCase {
    static let game = "org.example.PhoshLockGame"
    /// An app whose desktop entry declares no orientations.
    static let plain = "org.example.PhoshLockPlain"

    /// Phosh and orientd on one mock sensor reading `orientation`, the game installed.
    func startPhoshAndOrientd(sensor orientation: String) throws {
        try startSystemBus()
        try startMock(orientation)
        _ = try startRealPhosh(sharedSystemBus: true)
        try eventually("Phosh turns its panel from the sensor", timeout: deadline) { try panelOrientationManaged() }
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try launchOrientd(["--output", Self.phoshPanel, "--sensor", "iio"],
                          environment: appDataEnvironment.merging(waylandEnvironment) { $1 })
        try waitForProperty("OutputBackend", "mutter")
        try waitForProperty("WindowTracking", "wlroots")
        // (SensorSource says where the published orientation came from: under the lock, none yet.)
        try eventually("orientd reads the sensor", timeout: deadline) { try managerProperty("SensorAvailable").bool == true }
    }

    func waitForRotationLocked(_ locked: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("RotationLocked \(locked)", timeout: deadline, file: file, line: line) {
            try managerProperty("RotationLocked").bool == locked
        }
    }

    func waitForKey(_ value: String, _ why: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("orientation-lock \(value): \(why)", timeout: deadline, file: file, line: line) {
            try orientationLockKey() == value
        }
    }

    func testWithAutoRotateOffThePanelStaysAndALandscapeAppStillTurnsIt() throws {
        try switchAutoRotate(locked: true)
        try startPhoshAndOrientd(sensor: "normal")
        try waitForRotationLocked(true)
        try compositor.waitForPanel(.normal)

        // The device turns: neither Phosh nor orientd turns the panel.
        try tiltMock("left-up")
        // The game turns it all the same, and the panel comes back when the game closes,
        // although the device is still on its side.
        let game = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        XCTAssertEqual(try orientationLockKey(), "true")
        try closeApp(game)
        try waitForFrontApp("", trackedWindows: 0)
        try compositor.waitForPanel(.normal)
        XCTAssertNotEqual(try managerProperty("DeviceOrientation").string, "landscape-right", "the lock does not follow the device")
        XCTAssertEqual(try orientationLockKey(), "true", "the user's choice")
        XCTAssertEqual(try managerProperty("RotationLocked").bool, true)

        // Auto Rotate on: unlocked, and the panel follows the device. Phosh, claiming the
        // sensor again, turns the panel to the last reading it had (python-dbusmock's sensor,
        // unlike iio-sensor-proxy, says nothing at a new claim), which may come after orientd's
        // turn; the device turning once more gives both the same reading.
        try switchAutoRotate(locked: false)
        try waitForRotationLocked(false)
        try tiltMock("normal")
        try compositor.waitForPanel(.normal)
        try tiltMock("left-up")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        XCTAssertEqual(try orientationLockKey(), "false", "no app in front needs a hold: the user's choice")
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        XCTAssertEqual(try orientationLockKey(), "false", orientd.log)
    }

    func testTheSwitchLocksAndUnlocksAndAChangeDuringAHoldIsTheUsersNewChoice() throws {
        try startPhoshAndOrientd(sensor: "normal")
        try compositor.waitForPanel(.normal)
        XCTAssertEqual(try orientationLockKey(), "false", "nothing in front: the user's value")
        try switchAutoRotate(locked: true)
        try waitForRotationLocked(true)
        try switchAutoRotate(locked: false)
        try waitForRotationLocked(false)
        // orientctl lock sets the key; orientctl unlock too.
        try orientctl("lock")
        try waitForKey("true", "orientctl lock")

        // The game in front holds the key; the user switching Auto Rotate on meanwhile unlocks
        // at once, and the key shows it once the game closes.
        let game = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try switchAutoRotate(locked: false)
        try waitForRotationLocked(false)
        try waitForKey("true", "held again while the game is in front")
        try closeApp(game)
        try waitForFrontApp("", trackedWindows: 0)
        try waitForKey("false", "the user's new choice once the hold ended")
        try compositor.waitForPanel(.normal)
        try orientctl("lock")
        try waitForKey("true", "orientctl lock again")
        try orientctl("unlock")
        try waitForKey("false", "orientctl unlock")
    }

    /// An app whose desktop entry says nothing follows the device, as it did before orientd,
    /// with Auto Rotate left the user's; closing the last app with the device on its side, then
    /// turning the device back, turns the panel back (the sensor is read with nothing in front).
    func testAnAppThatSaysNothingFollowsTheDeviceAndTheLastOneClosedLeavesThePanelFollowingIt() throws {
        try startPhoshAndOrientd(sensor: "normal")
        try writeDesktopEntry(Self.plain, orientations: nil)
        try compositor.waitForPanel(.normal)
        let plain = try startUnmodifiedApp(Self.plain)
        try waitForFrontApp(Self.plain, trackedWindows: 1)
        try tiltMock("left-up")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        XCTAssertEqual(try orientationLockKey(), "false", "an app that follows the device needs no hold")
        try closeApp(plain)
        try waitForFrontApp("", trackedWindows: 0)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try tiltMock("normal")
        try compositor.waitForPanel(.normal)
        try eventually("DeviceOrientation portrait", timeout: deadline) { try managerProperty("DeviceOrientation").string == "portrait" }
        XCTAssertEqual(try orientationLockKey(), "false", "the user's value throughout")
    }

    func orientctl(_ verb: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runCommand([OrientdInstance.product("orientctl"), verb], environment: childEnvironment)
        XCTAssertTrue(result.succeeded, "\(result)", file: file, line: line)
    }

    /// Phosh's `PanelOrientationManaged`.
    func panelOrientationManaged() throws -> Bool {
        try client.connection.call(destination: Self.displayConfig, path: Self.displayConfigPath,
                                   interface: "org.freedesktop.DBus.Properties", method: "Get",
                                   parameters: Variant(tuple: [.s(Self.displayConfig), .s("PanelOrientationManaged")]),
                                   replyType: "(v)", timeoutMilliseconds: 10_000).child(at: 0).unboxed?.bool == true
    }
}
