import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The shell's own surfaces turn nothing, on real phoc: a layer-shell surface that takes the
/// keyboard (`Fixtures/windows/layer_surface.py`, as Phosh's top drawer is one) makes phoc
/// deactivate the app window in front, so for a moment no app window is activated. The app
/// that was in front keeps the panel as it left it, until another app window is activated or
/// its own window closes. Before, `FrontApp` went empty and the panel turned twice per pull.
final class PhocDrawerTests: OutputTestCase {
    static let game = "org.example.DrawerGame"
    static let panel = "X11-1"

    /// The fixture drawer.
    static var layerSurfaceScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/windows/layer_surface.py").path
    }

    func testADrawerOverAGameKeepsTheGameInFrontAndTurnsNothing() throws {
        let switcher = try startGameHoldingThePanel()
        defer { switcher.close() }
        let turned = try XCTUnwrap(wlrTransform(Self.panel))
        let before = orientd.log.count

        let drawer = try openDrawer(over: switcher)
        XCTAssertEqual(try wlrTransform(Self.panel), turned, "the drawer turned the panel")

        drawer.terminate()
        XCTAssertEqual(try drawer.wait(timeout: deadline), .exited(0), drawer.standardError)
        try eventually("phoc activates the game again and orientd sees it (no 'stays in front')", timeout: deadline) {
            try switcher.isActivated(Self.game) == true
                && !explainPanelLines().contains { $0.hasPrefix("front ") && $0.contains("stays in front") }
        }
        XCTAssertEqual(try managerProperty("FrontApp").string, Self.game)
        XCTAssertEqual(try wlrTransform(Self.panel), turned, "closing the drawer turned the panel")
        let log = String(orientd.log.dropFirst(before))
        XCTAssertFalse(log.contains("turning the panel"), "the drawer turned nothing:\n\(log)")
    }

    func testTheGameClosingBehindTheDrawerFreesThePanel() throws {
        let switcher = try startGameHoldingThePanel()
        defer { switcher.close() }
        let drawer = try openDrawer(over: switcher)

        try closeApp(try XCTUnwrap(game))
        try waitForFrontApp("", trackedWindows: 0)
        try compositor.waitForPanel(.normal)
        drawer.terminate()
        XCTAssertEqual(try drawer.wait(timeout: deadline), .exited(0), drawer.standardError)
        XCTAssertEqual(try managerProperty("FrontApp").string, "")
        XCTAssertEqual(try wlrTransform(Self.panel), "normal")
    }

    private var game: ChildProcess?

    /// phoc showing a phone's panel held portrait, the landscape game in front holding it
    /// turned, and the test's own view of phoc's window list.
    private func startGameHoldingThePanel() throws -> TaskSwitcher {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try startPhocAndOrientd(panel: Self.panel)
        try compositor.waitForPanel(.normal)
        game = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        let loop = MainLoop.startThread(name: "window-list")
        addTeardownBlock { loop.stopThread() }
        let switcher = try TaskSwitcher(socketPath: scratch + "/" + Self.waylandSocket, on: loop)
        try eventually("the game's window activated in phoc's list", timeout: deadline) { switcher.isActivated(Self.game) == true }
        return switcher
    }

    /// Opens the drawer and waits until phoc shows the game's window no longer activated and
    /// orientd's window list reported it so (the situation the tests are about really
    /// happened, seen apart from what the rules made of it); then the game is still in front.
    private func openDrawer(over switcher: TaskSwitcher) throws -> ChildProcess {
        let before = orientd.log.count
        let drawer = try compositor.openWindow(["/usr/bin/python3", Self.layerSurfaceScript], name: "drawer", start: startProcess)
        XCTAssertEqual(try drawer.firstLineOfOutput(timeout: deadline), "shown", drawer.standardError)
        try eventually("phoc deactivated the game's window under the drawer", timeout: deadline) {
            switcher.isActivated(Self.game) == false
        }
        try eventually("orientd's window list reports the game's window not activated", timeout: deadline) {
            String(orientd.log.dropFirst(before)).split(separator: "\n").contains {
                $0.contains("windows: wlroots: window ") && $0.hasSuffix("'\(Self.game)'")
            }
        }
        XCTAssertEqual(try managerProperty("FrontApp").string, Self.game, "the drawer took the game out of front")
        let explained = try explainPanelLines()
        XCTAssertTrue(explained.contains { $0.hasPrefix("front ") && $0.contains("stays in front") }, "\(explained)")
        return drawer
    }
}
