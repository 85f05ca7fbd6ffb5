import OrientationCore
import XCTest

/// What the panel shows under the user's rotation lock (a locked iPhone: the panel stays as it
/// was locked, a landscape-only game in front still turns it, and it comes back when the game
/// leaves), and when orientd holds the compositor's own auto-rotation off: only while what it
/// shows could differ from what the compositor would show by itself.
final class RotationLockOutputTests: XCTestCase {
    var subject = ManagerUnderTest()

    var applied: [InterfaceOrientation] {
        subject.events.compactMap { if case .applyOutput(let row) = $0 { return row }; return nil }
    }

    /// The hold changes the last command sent.
    var holds: [Bool] {
        subject.events.compactMap { if case .holdCompositorRotation(let held) = $0 { return held }; return nil }
    }

    var held: Bool { subject.manager.holdsCompositorRotation }

    func attach(showing: InterfaceOrientation = .portrait) throws {
        try subject.run(.output(.attached(.mutter, name: "DSI-1", showing: showing)), as: Caller.shell)
    }

    func lock(_ locked: Bool) throws { try subject.run(.setRotationLocked(locked), as: Caller.shell) }

    func register(_ appId: String, _ supported: OrientationMask) throws -> SceneID {
        try subject.register(appId, idiom: .pad) { $0.supported = supported }
    }

    // MARK: What the panel shows under the lock

    func testUnderTheLockThePanelStaysWhenTheDeviceTurns() throws {
        try subject.device(.portrait)
        try attach()
        try lock(true)
        XCTAssertEqual(applied, [])
        try subject.device(.landscapeLeft)
        XCTAssertEqual(applied, [], "the lock keeps the panel as it was locked")
        XCTAssertEqual(subject.manager.outputOrientationRule, .portrait)
        try lock(false)
        XCTAssertEqual(applied, [.landscapeRight], "unlocked: the panel follows the device again")
    }

    func testALandscapeOnlyAppStillTurnsTheLockedPanelAndItComesBackWhenTheAppLeaves() throws {
        try subject.device(.portrait)
        try attach()
        try lock(true)
        let game = try register("org.example.Game", .landscape)
        XCTAssertEqual(applied, [subject.orientation(game)])
        XCTAssertEqual(subject.orientation(game).family, .landscape)
        try subject.device(.portraitUpsideDown)
        XCTAssertEqual(applied, [], "the game stays as it is; the device is not followed")
        try subject.run(.unregisterScene(game))
        XCTAssertEqual(applied, [.portrait], "the panel comes back to where it was locked")
        XCTAssertEqual(subject.manager.outputOrientationRule, .portrait)
    }

    func testAnAppThatAllowsTheLockedOrientationOpensInIt() throws {
        try subject.device(.landscapeLeft)
        try attach(showing: .landscapeRight)
        try lock(true)
        try subject.device(.portrait)
        let browser = try register("org.example.Browser", .all)
        XCTAssertEqual(subject.orientation(browser), .landscapeRight, "the orientation the panel was locked in")
        XCTAssertEqual(applied, [], "nothing turns")
        let notes = try register("org.example.Notes", .portrait)
        XCTAssertEqual(applied, [.portrait], "an app that needs portrait gets it")
        try subject.run(.unregisterScene(notes))
        XCTAssertEqual(applied, [.landscapeRight], "back to the browser, still in the locked orientation")
    }

    func testALockTakenWhileTheDeviceIsUnknownHoldsThePanelWhereItRested() throws {
        try attach(showing: .landscapeLeft)
        try lock(true)
        XCTAssertEqual(applied, [], "nothing to turn")
        try subject.device(.portrait)
        XCTAssertEqual(subject.manager.outputOrientationRule, .landscapeLeft)
        XCTAssertEqual(applied, [])
        let notes = try register("org.example.Notes", .portrait)
        XCTAssertEqual(applied, [.portrait])
        try subject.run(.output(.read(.portrait)), as: Caller.shell)
        try subject.run(.unregisterScene(notes))
        XCTAssertEqual(applied, [.landscapeLeft], "back where the panel rested when it was locked")
    }

    // MARK: Holding the compositor's auto-rotation

    func testNothingInFrontNeedsNoHold() throws {
        try subject.device(.portrait)
        try attach()
        XCTAssertFalse(held)
        try subject.device(.landscapeLeft)
        XCTAssertFalse(held, "the panel follows the device, as the compositor would")
        try lock(true)
        XCTAssertFalse(held, "the lock keeps the panel, as the compositor would under its own lock")
        XCTAssertEqual(holds, [])
    }

    func testAnAppThatFollowsTheDeviceEverywhereNeedsNoHold() throws {
        try subject.device(.landscapeLeft)
        let browser = try register("org.example.Browser", .all)
        XCTAssertEqual(subject.orientation(browser), .landscapeRight)
        XCTAssertFalse(held)
        XCTAssertEqual(holds, [])
        try subject.device(.portraitUpsideDown)
        XCTAssertFalse(held)
    }

    func testAnAppThatLeavesAnOrientationOutIsHeldWhileInFront() throws {
        try subject.device(.portrait)
        let browser = try register("org.example.Browser", .all)
        let notes = try register("org.example.Notes", .allButUpsideDown)
        XCTAssertTrue(held, "upside-down would be the compositor's, not the app's")
        XCTAssertEqual(holds, [true])
        try subject.on(notes, .setActivation(.background))
        XCTAssertEqual(subject.manager.frontScene, browser)
        XCTAssertFalse(held)
        XCTAssertEqual(holds, [false], "given back as soon as the app leaves the front")
        try subject.on(notes, .setActivation(.foregroundActive))
        XCTAssertEqual(holds, [true])
        try subject.run(.unregisterScene(notes))
        XCTAssertEqual(holds, [false])
    }

    func testAForcedOrientationIsHeldUntilTheDeviceComesToIt() throws {
        try subject.device(.portrait)
        let video = try register("org.example.Video", .all)
        try subject.on(video, .request(.landscapeLeft))
        XCTAssertTrue(held, "a request the device does not show")
        XCTAssertEqual(holds, [true])
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(video), .landscapeLeft)
        XCTAssertFalse(held, "the device and the app agree again")
    }

    func testAnAppThatDoesNotFollowTheSensorIsHeld() throws {
        try subject.device(.portrait)
        _ = try register("org.example.Reader", .all)
        XCTAssertFalse(held)
        try subject.run(.setAppPolicy(appId: "org.example.Reader", AppPolicy(followSensor: false)), as: Caller.shell)
        XCTAssertTrue(held)
        let fixed = try register("org.example.Fixed", .all)
        try subject.on(fixed, .setRoot(view("root", autorotates: false)))
        XCTAssertTrue(held, "a controller that does not autorotate")
    }

    func testKioskModeIsHeld() throws {
        try subject.device(.portrait)
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertTrue(held)
        XCTAssertEqual(holds, [true])
        try subject.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertEqual(holds, [false])
    }

    func testUnderTheLockTheHoldIsTheSame() throws {
        try subject.device(.portrait)
        try lock(true)
        let browser = try register("org.example.Browser", .all)
        XCTAssertFalse(held, "the browser shows the locked orientation")
        let game = try register("org.example.Game", .landscape)
        XCTAssertTrue(held)
        try subject.run(.unregisterScene(game))
        XCTAssertFalse(held)
        XCTAssertEqual(subject.manager.frontScene, browser)
    }
}
