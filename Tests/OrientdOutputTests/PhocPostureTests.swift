import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A phone is held, a laptop is not, on real phoc: orientd measures the panel phoc reports
/// (its mode and scale through wlr-output-management), and with nothing reporting the device
/// a large panel stands on a desk, where an app's declaration turns nothing; the same panel at
/// scale 2 is a phone's, where it does.
final class PhocPostureTests: OutputTestCase {
    static let game = "org.example.DeskGame"
    static let panel = "X11-1"

    /// phoc and orientd measuring the panel (no device orientation set, no sensor: a laptop).
    func startOnADesk() throws {
        try startPhocAndOrientd(panel: Self.panel, arguments: ["--screen-class", "auto"])
        try waitForProperty("ScreenClass", "large")
        try waitForProperty("Posture", "desk")
    }

    func testALaptopShapedPanelIsNotTurnedByAnAppButAPhoneSizedOneIs() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try startOnADesk()
        let before = try wlrTransform(Self.panel)
        XCTAssertTrue(try managerProperty("ScreenClassReason").string?.contains("600 or more is a large screen") ?? false)
        _ = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        // On a desk the declaration is not in force: the app takes what the panel shows.
        var supported: [String] = []
        try eventually("the game's scene follows the panel", timeout: deadline) {
            supported = try frontSceneProperty("SupportedOrientations").stringArray ?? []
            return supported.count == 4
        }
        XCTAssertEqual(try wlrTransform(Self.panel), before, "a laptop is never turned by an app")
        let explained = try explainPanelLines()
        XCTAssertTrue(explained.contains { $0.contains("desk") }, "\(explained)")

        // The same panel at scale 2 is 512×384 logical pixels: a phone's, where the game turns it.
        _ = try wlrRandr(["--output", Self.panel, "--scale", "2"])
        try waitForProperty("ScreenClass", "phone")
        try waitForProperty("Posture", "held")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
    }

    func testOnADeskTheUsersChoiceStillTurnsThePanel() throws {
        try writeDesktopEntry(Self.game, orientations: nil)
        try startOnADesk()
        try callManager("SetAppPolicy", [.s(Self.game), .vardict(["allowed-orientations": Variant(strings: ["landscape"])])])
        _ = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
    }

    /// A scene's property of the app in front.
    func frontSceneProperty(_ name: String) throws -> Variant {
        let path = try XCTUnwrap(managerProperty("FrontScene").string)
        return try property(name, of: path)
    }
}
