import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The front-window flow on plain phoc (no Phosh: no DisplayConfig on the bus), nested in Xvfb:
/// the built orientd with its defaults picks the wlroots output backend and phoc's window list,
/// and real, unmodified GTK 4 apps turn the panel, read back with wlr-randr from phoc itself.
final class PhocFlowTests: OutputTestCase {
    static let game = "org.example.PhocGame"
    static let notes = "org.example.PhocNotes"
    static let browser = "org.example.PhocBrowser"
    static let panel = "X11-1"

    /// phoc in a new Xvfb, and orientd with its defaults on it (and `arguments`), the device
    /// held portrait (by hand, unless a sensor is asked for).
    func startPhocAndOrientd(_ arguments: [String] = []) throws {
        try startPhocAndOrientd(panel: Self.panel, arguments: arguments)
    }

    func testAppsInFrontTurnPhocsPanelAndClosingGivesItBack() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: nil)
        try startPhocAndOrientd()
        try compositor.waitForPanel(.normal)

        let game = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        // Notes declares nothing, so it follows the device (held portrait). Before undeclared
        // apps followed the device this said "the phone's default, portrait"; the panel is the same.
        let notes = try startWaylandAppInFront(Self.notes)
        try waitForFrontApp(Self.notes, trackedWindows: 2)
        try compositor.waitForPanel(.normal)
        try closeApp(notes)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try closeApp(game)
        try waitForFrontApp("", trackedWindows: 0)
        try compositor.waitForPanel(.normal)
        // --verbose keeps the detail beside the lines for a person.
        let log = orientd.log
        for line in ["\(Self.game) is in front", "turning the panel to landscape", "no app is in front", "output: apply "] {
            XCTAssertTrue(log.contains(line), "'\(line)' in the --verbose log:\n\(log)")
        }
    }

    /// An app that says nothing follows the device, every way, as phoc's own auto-rotation
    /// turned it before orientd.
    func testAnUndeclaredAppFollowsTheDeviceOnPhoc() throws {
        try writeDesktopEntry(Self.browser, orientations: nil)
        try startPhocAndOrientd()
        try compositor.waitForPanel(.normal)
        _ = try startUnmodifiedApp(Self.browser)
        try waitForFrontApp(Self.browser, trackedWindows: 1)
        try turnDevice("landscape-left")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try turnDevice("portrait-upside-down")
        try compositor.waitForPanel(.half)
        try turnDevice("portrait")
        try compositor.waitForPanel(.normal)
        XCTAssertTrue(try explainFrontScene().contains { $0.contains("UndeclaredAppOrientations") })
    }

    /// With no app in front the panel follows the device: the last app closed while the
    /// device is on its side leaves the panel there, and turning the device back (the mock
    /// iio-sensor-proxy) turns the panel back, since orientd keeps the sensor claimed.
    func testTheLastAppClosedSidewaysThenTheDeviceTurnedBackTurnsThePanelBack() throws {
        try startSystemBus()
        try startMock("normal")
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try startPhocAndOrientd(["--sensor", "iio"])
        try waitForProperty("SensorSource", "iio-sensor-proxy")
        try waitForProperty("DeviceOrientation", "portrait")
        try compositor.waitForPanel(.normal)

        let game = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try tiltMock("left-up")
        try waitForProperty("DeviceOrientation", "landscape-right")
        try closeApp(game)
        try waitForFrontApp("", trackedWindows: 0)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        XCTAssertEqual(try claimants().count, 1, "orientd keeps the sensor: the panel follows the device")

        try tiltMock("normal")
        try waitForProperty("DeviceOrientation", "portrait")
        try compositor.waitForPanel(.normal)
    }

    /// The user's policy pins an app that declares nothing; another follows the device.
    func testTheUsersPolicyPinsAnUnmodifiedAppOnPhoc() throws {
        try checkTheUsersPolicyPinsAnUnmodifiedApp(Self.game, beside: Self.notes) { try startPhocAndOrientd() }
    }
}
