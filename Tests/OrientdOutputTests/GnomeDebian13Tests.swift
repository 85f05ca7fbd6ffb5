import Foundation
import TestSupport
import XCTest

/// The GNOME flow on the GNOME Shell of each cached Debian root (`Debian13Root`): Debian 13's
/// Shell 48, forky's Shell 50 and sid's Shell 51, headless in the root, with orientd's
/// extension for GNOME Shell 45 and later (the ES module, whose `shell-version` must name the
/// Shell's major version or the Shell does not load it, and orientd follows no window) and
/// the orientd built on the host: a landscape app turns the Shell's panel, another in front
/// turns it back.
extension GnomeFrontWindowTests {
    func testOnDebian13sGnomeShell48TheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        try appsInFrontTurnTheShellsPanel(on: .trixie, shellMajor: 48)
    }

    func testOnForkysGnomeShell50TheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        try appsInFrontTurnTheShellsPanel(on: .forky, shellMajor: 50)
    }

    func testOnSidsGnomeShell51TheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        try appsInFrontTurnTheShellsPanel(on: .sid, shellMajor: 51)
    }

    /// The flow on the Shell of `release`'s root, which must be GNOME Shell `shellMajor`.
    func appsInFrontTurnTheShellsPanel(on release: Debian13Root.Release, shellMajor: Int) throws {
        try appsInFrontTurnTheShellsPanel(root: try cachedRoot(release))
        let version = try shellProperty("ShellVersion").string ?? ""
        XCTAssertTrue(version.hasPrefix("\(shellMajor)."), "\(release.displayName)'s GNOME Shell \(shellMajor), not \(version)")
    }
}

/// mutter putting the panel upright itself (what mutter 49 and later do the moment they stop
/// managing a panel's orientation, `MutterUnmanagedPanelTests`) on the real mutter of forky's
/// Shell 50 and sid's Shell 51: orientd reads the change back and does not turn the panel again;
/// its own next decision is applied, and is the only apply since the first.
extension GnomeFrontWindowTests {
    func testOnForkysMutter50APanelPutUprightByTheCompositorIsReadBackAndNotTurnedAgain() throws {
        try aPanelPutUprightIsNotTurnedAgain(on: .forky)
    }

    func testOnSidsMutter51APanelPutUprightByTheCompositorIsReadBackAndNotTurnedAgain() throws {
        try aPanelPutUprightIsNotTurnedAgain(on: .sid)
    }

    func aPanelPutUprightIsNotTurnedAgain(on release: Debian13Root.Release) throws {
        try startGnomeShell(extensionEnabled: false, root: try cachedRoot(release))
        try launchOrientd(["--output-backend", "mutter", "--output", Self.shellPanel])
        try waitForProperty("OutputBackend", "mutter")
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try waitForProperty("OutputOrientation", "landscape-left")
        XCTAssertEqual(try shellTransform(), 1)

        try applyTransformAsSomeoneElse(Self.shellPanel, 0)
        try waitForProperty("OutputOrientation", "portrait")
        // orientd's own next change (kiosk mode turns the panel in every posture).
        try callManager("SetKioskMode", [.b(true), .s("landscape-right")])
        try waitForProperty("OutputOrientation", "landscape-right")
        XCTAssertEqual(try shellTransform(), 3)
        XCTAssertEqual(orientdLogLines(containing: "ApplyMonitorsConfig").count, 2, orientd.log)
    }
}
