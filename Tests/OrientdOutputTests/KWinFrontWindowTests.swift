import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The whole flow on a real KWin (`kwin_wayland --virtual`): the built orientd, trusted by
/// KWin through its desktop entry, follows KWin's window list (`--window-tracking auto` picks
/// it) and turns KWin's panel through its KWin output backend; the apps are real, unmodified
/// GTK 4 windows whose orientations come from their desktop entries in orientd's
/// `XDG_DATA_DIRS` or the user's policy; the panel is read back from KWin (kscreen-doctor).
/// The device is held portrait (`--sensor none` and SetDeviceOrientation) unless said otherwise.
final class KWinFrontWindowTests: OutputTestCase {
    static let game = "org.example.KWinGame"
    static let notes = "org.example.KWinNotes"
    /// KWin's transforms of a landscape panel (which landscape UIKit's rules pick is theirs).
    static let landscape = PanelTransform.quarterTurns

    /// KWin trusting the built orientd, and orientd on it choosing KWin for both windows and output.
    func startKWinAndOrientd(root: String? = nil) throws {
        let orientdPath = URL(fileURLWithPath: OrientdInstance.product("orientd")).resolvingSymlinksInPath().path
        try startKWin(trusting: [orientdPath], root: root)
        try launchOrientd(["--output-backend", "auto", "--output", Self.kwinOutput, "--window-tracking", "auto"],
                          environment: waylandEnvironment.merging(appDataEnvironment) { $1 })
        try waitForProperty("OutputBackend", "kwin")
        try waitForProperty("WindowTracking", "kwin")
        try turnDevice("portrait")
        try compositor.waitForPanel(.normal)
    }

    /// Waits until orientd counts `count` tracked windows.
    func waitForTrackedWindows(_ count: UInt32, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: UInt32?
        try eventually("TrackedWindows = \(count) (last: \(last.map(String.init) ?? "?"))", timeout: deadline, file: file, line: line) {
            last = try managerProperty("TrackedWindows").uint32
            return last == count
        }
    }

    /// Waits until `appId` is in front, and the panel at one of `transforms`.
    func waitForFront(_ appId: String, transforms: Set<PanelTransform>, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitForProperty("FrontApp", appId, file: file, line: line)
        try compositor.waitForPanel(anyOf: transforms, timeout: deadline, file: file, line: line)
    }

    /// A property of the scene in front (unboxed).
    func frontSceneProperty(_ name: String) throws -> Variant {
        let path = try XCTUnwrap(managerProperty("FrontScene").string)
        let reply = try client.connection.call(
            destination: Contract.busName, path: path, interface: Contract.properties, method: "Get",
            parameters: Variant(tuple: [.s(Contract.sceneInterface), .s(name)]), replyType: "(v)", timeoutMilliseconds: 10_000)
        return try XCTUnwrap(reply.child(at: 0).unboxed)
    }

    /// Opening a landscape app turns the panel (an observed scene whose Explain names its desktop
    /// entry); another app in front turns it back; closing the front window brings the one
    /// behind back, closing the last gives the device's.
    func testTheAppInFrontTurnsKWinsPanelAndClosingGivesItBack() throws {
        try appsInFrontTurnKWinsPanel(root: nil)
    }

    /// The flow above on the host's KWin, or on the KWin of `root` (Debian 13's KWin 6).
    func appsInFrontTurnKWinsPanel(root: String?) throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: "portrait")
        try startKWinAndOrientd(root: root)
        XCTAssertEqual(try managerProperty("FrontApp").string, "")

        let game = try startUnmodifiedApp(Self.game)
        try waitForFront(Self.game, transforms: Self.landscape)
        try waitForTrackedWindows(1)
        XCTAssertEqual(try frontSceneProperty("Observed").bool, true)
        let gamePath = try XCTUnwrap(managerProperty("FrontScene").string)
        let explain = "\(try callScene(gamePath, "Explain"))"
        XCTAssertTrue(explain.contains("The app's desktop entry \(appDataHome)/applications/\(Self.game).desktop"), explain)

        let notes = try startUnmodifiedApp(Self.notes)
        try waitForFront(Self.notes, transforms: [.normal])
        try waitForTrackedWindows(2)

        notes.terminate()
        try waitForFront(Self.game, transforms: Self.landscape)
        try waitForTrackedWindows(1)

        game.terminate()
        try waitForProperty("FrontApp", "")
        try compositor.waitForPanel(.normal)
        try waitForTrackedWindows(0)
        XCTAssertEqual(try managerProperty("WindowTracking").string, "kwin")
    }

    /// The user's policy pins an unmodified app (no orientations declared) to portrait while
    /// another unmodified app, whose entry declares nothing, follows the device both ways;
    /// Explain names the policy.
    func testTheUsersPolicyPinsAnUnmodifiedAppWhileOthersFollowTheDevice() throws {
        let reader = "org.example.KWinReader", browser = "org.example.KWinBrowser"
        try writeDesktopEntry(reader, orientations: nil)
        // Declares nothing, so it follows the device, as it did before orientd (it declared
        // both families while an app that said nothing was portrait on a phone).
        try writeDesktopEntry(browser, orientations: nil)
        try startKWinAndOrientd()
        try callManager("SetAppPolicy", [.s(reader), .vardict(["allowed-orientations": .strings(["portrait"])])])
        // The device on its side: interface landscape-right, KWin's transform 270.
        try turnDevice("landscape-left")

        _ = try startUnmodifiedApp(reader)
        try waitForFront(reader, transforms: [.normal])
        let path = try XCTUnwrap(managerProperty("FrontScene").string)
        let explain = "\(try callScene(path, "Explain"))"
        XCTAssertTrue(explain.contains("The user's policy for \(reader)"), explain)

        let browserApp = try startUnmodifiedApp(browser)
        try waitForFront(browser, transforms: [.threeQuarters])
        try turnDevice("portrait")
        try waitForFront(browser, transforms: [.normal])

        browserApp.terminate()
        try waitForFront(reader, transforms: [.normal])
    }

    /// A KWin that does not trust this orientd (no desktop entry names it): auto still picks
    /// KWin's tracker (not Xwayland's X11 windows), WindowTracking stays none, and the log says
    /// what KWin asks for.
    func testAutoOnAKWinThatDoesNotTrustOrientdSaysWhatKWinAsksFor() throws {
        try startKWin(trusting: [])
        try launchOrientd(["--window-tracking", "auto"], environment: waylandEnvironment.merging(appDataEnvironment) { $1 })
        try eventually("orientd says what KWin asks for", timeout: deadline) {
            !orientdLogLines(containing: "windows: kwin: KWin on \(scratch)/\(Self.waylandSocket) does not offer org_kde_plasma_window_management").isEmpty
        }
        XCTAssertFalse(orientdLogLines(containing: "X-KDE-Wayland-Interfaces=org_kde_plasma_window_management").isEmpty, orientd.log)
        XCTAssertEqual(try managerProperty("WindowTracking").string, "none")
    }
}
