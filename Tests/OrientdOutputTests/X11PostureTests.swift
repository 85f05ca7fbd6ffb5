import Foundation
import TestSupport
import XCTest

/// A phone is held, a laptop is not, on X11: orientd measures the screen through xrandr's
/// geometry (X has no scale: pixels are logical pixels). A 1024×768 screen with nothing
/// reporting the device stands on a desk, where an app's declaration turns nothing; a
/// 400×700 one is a phone's, where a landscape game turns it. Xephyr inside Xvfb, openbox,
/// unmodified GTK 4 windows; the rotation is read back from the X server.
final class X11PostureTests: OutputTestCase {
    static let game = "org.example.X11DeskGame"

    /// Xephyr of `size` in Xvfb with openbox; orientd measuring it (no `--screen-class`
    /// given, no sensor, no device orientation set).
    func startScreen(size: String) throws -> String {
        let display = try startWindowManagedScreen(size: size)
        try launchOrientdFollowingWindows(display: display, ["--screen-class", "auto"])
        return display
    }

    func testALaptopShapedScreenIsNotTurnedByAnApp() throws {
        try writeDesktopEntry(Self.game, orientations: "portrait")
        let display = try startScreen(size: "1024x768x24")
        try waitForProperty("ScreenClass", "large")
        try waitForProperty("Posture", "desk")
        let reason = try managerProperty("ScreenClassReason").string ?? ""
        XCTAssertTrue(reason.contains("768"), reason)

        _ = try startUnmodifiedApp(Self.game)
        try waitForProperty("FrontApp", Self.game)
        // The declaration is a hint on a desk: the app's scene takes what the screen shows.
        try eventually("the app's scene is not held to its declaration", timeout: deadline) {
            let path = try XCTUnwrap(managerProperty("FrontScene").string)
            return try property("SupportedOrientations", of: path).stringArray?.count == 4
        }
        XCTAssertEqual(try xrandrRotation("default", display: display), "normal", "a laptop is never turned by an app")
        let explained = try explainPanelLines()
        XCTAssertTrue(explained.contains { $0.contains("desk") }, "\(explained)")
    }

    func testAPhoneSizedScreenIsTurnedByALandscapeGame() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        _ = try startScreen(size: "400x700x24")
        try waitForProperty("ScreenClass", "phone")
        try waitForProperty("Posture", "held")
        _ = try startUnmodifiedApp(Self.game)
        try waitForProperty("FrontApp", Self.game)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
    }
}
