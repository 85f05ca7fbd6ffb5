import OrientationCore
import XCTest

/// KWin's word on turning the panel itself: the user's auto-rotate policy for the panel's
/// output with KWin's tablet mode (`CompositorRotation.kwin`), and the posture it gives.
final class KWinPolicyTests: XCTestCase {
    var subject = ManagerUnderTest()
    static let tablet = PanelSize(width: 1600, height: 2560, scale: 2)!

    func rotation(_ policy: KWinAutoRotatePolicy?, available: Bool?, tabletMode: Bool?) -> CompositorRotation {
        .kwin(policy: policy, output: "eDP-1", tabletModeAvailable: available, tabletMode: tabletMode)
    }

    func isTurning(_ rotation: CompositorRotation) -> Bool { if case .turnsPanel = rotation { return true }; return false }
    func isLeaving(_ rotation: CompositorRotation) -> Bool { if case .leavesPanel = rotation { return true }; return false }

    /// Every combination of the tablet mode's two properties (nil: not said).
    static let tabletModes: [(Bool?, Bool?)] = [nil, false, true].flatMap { available in [nil, false, true].map { (available, $0) } }

    func testAlwaysTurnsThePanelWhateverTheTabletMode() {
        for (available, mode) in Self.tabletModes {
            let said = rotation(.always, available: available, tabletMode: mode)
            XCTAssertTrue(isTurning(said), "always, available \(String(describing: available)), tablet mode \(String(describing: mode)): \(said)")
        }
        guard case .turnsPanel(let why) = rotation(.always, available: nil, tabletMode: nil) else { return XCTFail() }
        XCTAssertTrue(why.contains("KWin's auto-rotate policy for eDP-1 is \"always\""), why)
    }

    func testNeverLeavesThePanelWhateverTheTabletMode() {
        for (available, mode) in Self.tabletModes {
            let said = rotation(.never, available: available, tabletMode: mode)
            XCTAssertTrue(isLeaving(said), "never, available \(String(describing: available)), tablet mode \(String(describing: mode)): \(said)")
        }
    }

    /// "In tablet mode" (KWin's default) and a KWin with no policy (5.27) follow the tablet mode.
    func testInTabletModeAndNoPolicyFollowTheTabletMode() {
        for policy in [KWinAutoRotatePolicy.inTabletMode, nil] {
            XCTAssertTrue(isTurning(rotation(policy, available: true, tabletMode: true)))
            XCTAssertTrue(isTurning(rotation(policy, available: false, tabletMode: true)), "forced tablet mode (TabletMode=on)")
            XCTAssertTrue(isLeaving(rotation(policy, available: true, tabletMode: false)), "a convertible in laptop mode")
            XCTAssertEqual(rotation(policy, available: false, tabletMode: false), .silent, "a desktop: no tablet mode to detect")
            XCTAssertEqual(rotation(policy, available: nil, tabletMode: nil), .silent, "KWin not on the bus")
        }
        guard case .turnsPanel(let why) = rotation(.inTabletMode, available: true, tabletMode: true) else { return XCTFail() }
        XCTAssertTrue(why.contains("\"in tablet mode\" and KWin is in tablet mode"), why)
    }

    func testOnlyTheProtocolsThreeValuesAreAPolicy() {
        XCTAssertEqual(KWinAutoRotatePolicy.allCases.map(\.rawValue), [0, 1, 2])
        XCTAssertNil(KWinAutoRotatePolicy(rawValue: 3))
        XCTAssertNil(KWinAutoRotatePolicy(rawValue: .max))
        for policy in KWinAutoRotatePolicy.allCases { XCTAssertEqual(KWinAutoRotatePolicy(key: policy.key), policy) }
        XCTAssertNil(KWinAutoRotatePolicy(key: "sometimes"))
    }

    /// The policy decides the posture of a large screen: "always" holds it (a game turns the
    /// panel and KWin's rotation is held off), "never" puts it on a desk (nothing held).
    func testThePolicyDecidesTheLargeScreensPosture() throws {
        try subject.run(.output(.attached(.kwin, name: "eDP-1", showing: .portrait)), as: Caller.shell)
        try subject.run(.output(.facts(PanelFacts(size: Self.tablet, rotation: rotation(.always, available: true, tabletMode: false)))),
                        as: Caller.shell)
        try subject.run(.window(.attached(.kwin)), as: Caller.shell)
        XCTAssertEqual(subject.manager.regime, .largeHeld)
        let declared = DeclaredOrientations(mask: .landscape, file: "/game.desktop", isGame: true)
        try subject.run(.window(.window(TrackedWindow(handle: 1, appId: "org.example.Game", activated: true, declared: declared))),
                        as: Caller.shell)
        XCTAssertTrue(subject.manager.holdsCompositorRotation, "a landscape game on a held tablet holds KWin's rotation")
        try subject.run(.output(.facts(PanelFacts(size: Self.tablet, rotation: rotation(.never, available: true, tabletMode: true)))),
                        as: Caller.shell)
        // A change of the compositor's word is taken once it has held (CompositorRotationSettleTests).
        subject.advance(milliseconds: CompositorRotation.settleTime / 1000)
        try subject.tick()
        XCTAssertEqual(subject.manager.regime, .desk)
        XCTAssertFalse(subject.manager.holdsCompositorRotation, "KWin turns nothing by itself: nothing to hold")
        XCTAssertTrue(subject.manager.postureBasis.words.contains("\"never\""), subject.manager.postureBasis.words)
    }
}
