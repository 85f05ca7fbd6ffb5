import Foundation
import TestSupport
import XCTest

/// The KWin flow on Debian 13's KWin 6 (`Debian13Root`), in the cached root, with the orientd
/// built on the host (which KWin trusts by its desktop entry, and sees at its path): a
/// landscape app turns KWin's panel, another in front turns it back.
extension KWinFrontWindowTests {
    func testOnDebian13sKWin6TheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        let root = try debian13Root()
        let version = try runCommand(["dpkg-query", "--admindir=\(root)/var/lib/dpkg", "-W", "-f", "${Version}", "kwin-wayland"])
        XCTAssertTrue(version.stdout.contains(":6."), "KWin 6, not \(version.stdout)")
        try appsInFrontTurnKWinsPanel(root: root)
    }
}

/// orientd's KWin output backend on Debian 13's KWin 6, which does not trust it (no desktop
/// entry names it): KWin offers its output devices and management to any client, so each
/// row of the table reaches the panel.
final class KWinDebian13BackendTests: OutputTestCase {
    func testOnDebian13sKWin6AnUntrustedOrientdTurnsThePanel() throws {
        try startKWin(root: try debian13Root())
        try launchOrientd(["--output-backend", "kwin", "--output", Self.kwinOutput], environment: waylandEnvironment)
        try waitForProperty("OutputName", Self.kwinOutput)
        _ = try registerScene()
        try turnKWinThroughEachRow()
    }
}
