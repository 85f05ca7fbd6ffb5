import Foundation
import TestSupport
import XCTest

/// The GNOME flow on Debian 13's GNOME Shell 48 (`Debian13Root`), headless in the cached root,
/// with orientd's extension for GNOME Shell 45 and later (the ES module) and the orientd built
/// on the host: a landscape app turns the Shell's panel, another in front turns it back.
extension GnomeFrontWindowTests {
    func testOnDebian13sGnomeShell48TheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        try appsInFrontTurnTheShellsPanel(root: try debian13Root())
        let version = try shellProperty("ShellVersion").string ?? ""
        XCTAssertTrue(version.hasPrefix("48."), "Debian 13's GNOME Shell, not \(version)")
    }
}
