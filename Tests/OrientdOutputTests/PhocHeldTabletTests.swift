import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A tablet in the hand, on real phoc: a 1024×768 panel (a large screen) whose device
/// orientation is reported (here through SetDeviceOrientation, as the sensor would) is held.
/// There an app's phone declaration is a hint and the panel follows the device; a game
/// (`Categories=Game`) and an explicit large-screen declaration (`-Pad`) turn it, as Android
/// 16 and iPadOS 26 treat large screens.
final class PhocHeldTabletTests: OutputTestCase {
    static let panel = "X11-1"

    /// phoc at 1024×768 and orientd measuring it, the device reported upright (the panel's
    /// natural landscape).
    func startHeldTablet() throws -> String? {
        try startPhocAndOrientd(panel: Self.panel, arguments: ["--screen-class", "auto"])
        try turnDevice("landscape-left")
        try waitForProperty("ScreenClass", "large")
        try waitForProperty("Posture", "held")
        return try wlrTransform(Self.panel)
    }

    func testAPhoneDeclarationIsAHintOnAHeldTablet() throws {
        let app = "org.example.TabletEditor"
        try writeDesktopEntry(app, orientations: "portrait")
        let followed = try startHeldTablet()
        _ = try startUnmodifiedApp(app)
        try waitForFrontApp(app, trackedWindows: 1)
        try eventually("the editor's scene is not held to its phone declaration", timeout: deadline) {
            let path = try XCTUnwrap(managerProperty("FrontScene").string)
            return try property("SupportedOrientations", of: path).stringArray?.count == 4
        }
        XCTAssertEqual(try wlrTransform(Self.panel), followed, "the panel follows the device, not the phone declaration")
    }

    func testAGameTurnsAHeldTablet() throws {
        let game = "org.example.TabletGame"
        try writeDesktopEntry(game, orientations: "portrait", extraLines: ["Categories=Game;"])
        let followed = try startHeldTablet()
        _ = try startUnmodifiedApp(game)
        try waitForFrontApp(game, trackedWindows: 1)
        try eventually("phoc's panel turned for the game", timeout: deadline) { try wlrTransform(Self.panel) != followed }
    }

    func testAnExplicitLargeScreenDeclarationTurnsAHeldTablet() throws {
        let app = "org.example.TabletReader"
        try writeDesktopEntry(app, orientations: nil, extraLines: ["X-Orientd-SupportedOrientations-Pad=portrait"])
        let followed = try startHeldTablet()
        _ = try startUnmodifiedApp(app)
        try waitForFrontApp(app, trackedWindows: 1)
        try eventually("phoc's panel turned for the -Pad declaration", timeout: deadline) { try wlrTransform(Self.panel) != followed }
    }
}
