import Foundation
import TestSupport
import XCTest

/// The phone flow on Debian 13's Phosh 0.46 on phoc 0.46 (`Debian13Root`), in the cached root,
/// with the orientd built on the host: apps in front turn Phosh's panel, and the
/// orientation-lock is held meanwhile and given back.
extension PhoshFlowTests {
    func testOnDebian13sPhosh046AppsInFrontTurnThePanelAndTheOrientationLockIsHeldMeanwhile() throws {
        let root = try debian13Root()
        let versions = try Debian13Root.versions(root, of: ["phosh", "phoc"])
        XCTAssertTrue(versions["phosh"]?.hasPrefix("0.46") == true && versions["phoc"]?.hasPrefix("0.46") == true, "\(versions)")
        try appsInFrontTurnPhoshsPanel(root: root)
    }
}
