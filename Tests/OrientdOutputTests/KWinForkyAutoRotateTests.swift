import Foundation
import TestSupport
import XCTest

/// KWin's auto-rotate policy on forky's KWin 6.7, whose output devices come only from its
/// kde_output_device_registry_v2 (version 21 devices, for orientd and the test's own client
/// alike): every flow of `KWinAutoRotateTests` (inherited, so each runs on this root too) but
/// the panel turned off during a hold.
final class KWinForkyAutoRotateTests: KWinAutoRotateTests {
    override class var release: Debian13Root.Release { .forky }
    override class var kwinVersionPrefix: String { "6.7" }

    /// The panel is turned off and on by kscreen-doctor, Debian 12's, which does not know KWin
    /// 6.7's device registry and so cannot reach its outputs (it waits for them until ended);
    /// the test's own client turns and sets policies only, as orientd does.
    override func testThePanelTurnedOffDuringTheHoldGetsTheUsersPolicyBackWhenItIsOnAgain() throws {
        throw XCTSkip("turning forky's KWin 6.7 output off needs a client of its device registry that enables outputs:"
            + " Debian 12's kscreen-doctor does not know the registry, and the test's own client only turns them and sets their policy")
    }
}
