import Foundation
import TestSupport
import XCTest

/// The phone flow on Debian 13's Phosh 0.46 on phoc 0.46 (`Debian13Root`), in the cached root,
/// with the orientd built on the host: apps in front turn Phosh's panel, and the
/// orientation-lock is held meanwhile and given back.
extension PhoshFlowTests {
    func testOnDebian13sPhosh046AppsInFrontTurnThePanelAndTheOrientationLockIsHeldMeanwhile() throws {
        let root = try debian13Root()
        let versions = try runCommand(["dpkg-query", "--admindir=\(root)/var/lib/dpkg", "-W", "-f", "${Package} ${Version}\\n", "phosh", "phoc"])
        XCTAssertTrue(versions.stdout.contains("phosh 0.46") && versions.stdout.contains("phoc 0.46"), versions.stdout)
        try appsInFrontTurnPhoshsPanel(root: root)
    }
}
