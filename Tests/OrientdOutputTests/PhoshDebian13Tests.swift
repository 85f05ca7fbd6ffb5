import Foundation
import TestSupport
import XCTest

/// The phone flow on the Phosh and phoc of each cached Debian root (`Debian13Root`): Debian
/// 13's Phosh 0.46 on phoc 0.46 and forky's 0.58 on 0.58, in the root, with the orientd built
/// on the host: apps in front turn Phosh's panel, and the orientation-lock is held meanwhile
/// and given back.
extension PhoshFlowTests {
    func testOnDebian13sPhosh046AppsInFrontTurnThePanelAndTheOrientationLockIsHeldMeanwhile() throws {
        try appsInFrontTurnPhoshsPanel(on: .trixie, version: "0.46")
    }

    func testOnForkysPhosh058AppsInFrontTurnThePanelAndTheOrientationLockIsHeldMeanwhile() throws {
        try appsInFrontTurnPhoshsPanel(on: .forky, version: "0.58")
    }

    /// The flow on the phoc and Phosh of `release`'s root, both at `version`.
    func appsInFrontTurnPhoshsPanel(on release: Debian13Root.Release, version: String) throws {
        let root = try cachedRoot(release)
        let versions = try Debian13Root.versions(root, of: ["phosh", "phoc"])
        XCTAssertTrue(versions["phosh"]?.hasPrefix(version) == true && versions["phoc"]?.hasPrefix(version) == true,
                      "\(release.displayName)'s Phosh and phoc \(version), not \(versions)")
        try appsInFrontTurnPhoshsPanel(root: root)
    }
}
