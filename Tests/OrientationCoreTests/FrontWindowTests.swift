import OrientationCore
import XCTest

/// The compositor's focus decides who is in front: the activated window's app's most recent
/// `foreground-active` registered scene, else its observed scene; with no app window
/// activated the most recent `foreground-active` scene that is not window-backed; else none,
/// and the panel follows the device, the lock or kiosk mode.
final class FrontWindowTests: XCTestCase {
    var subject = ManagerUnderTest()
    let a = "org.example.A", b = "org.example.B", c = "org.example.C"

    func attach() throws { try subject.run(.window(.attached(.wlroots)), as: Caller.shell) }

    func window(_ handle: UInt64, _ appId: String, activated: Bool = false, minimized: Bool = false,
                declared: OrientationMask? = nil) throws {
        try subject.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: activated, minimized: minimized,
                                                  declared: declared.map { DeclaredOrientations(mask: $0, file: "/\(appId).desktop") }))),
                    as: Caller.shell)
    }

    func register(_ appId: String) throws -> SceneID {
        try subject.register(appId, idiom: .pad) { $0.supported = .all }
    }

    func observed(_ handle: UInt64) -> SceneID? { subject.manager.windows.observedScenes[handle] }

    var applied: [InterfaceOrientation] {
        subject.events.compactMap { if case .applyOutput(let row) = $0 { return row }; return nil }
    }

    /// `WindowTrackingStatus`: the service's reason while no tracker is attached, "" while one is.
    func testTheTrackingStatusIsTheReasonUntilATrackerAttaches() throws {
        XCTAssertEqual(subject.manager.managerSnapshot.windowTrackingStatus, "")
        try subject.run(.window(.detached(reason: "--window-tracking auto found none")), as: Caller.shell)
        XCTAssertEqual(subject.manager.managerSnapshot.windowTrackingStatus, "--window-tracking auto found none")
        XCTAssertTrue(subject.events.contains(.managerPropertiesChanged([.windowTrackingStatus])), "\(subject.events)")
        try attach()
        XCTAssertEqual(subject.manager.managerSnapshot.windowTrackingStatus, "")
        try subject.run(.window(.detached(reason: "kwin: KWin left")), as: Caller.shell)
        XCTAssertEqual(subject.manager.managerSnapshot.windowTrackingStatus, "kwin: KWin left")
    }

    func testTheActivatedWindowsAppIsInFrontOverANewerScene() throws {
        let sceneA = try register(a)
        let sceneB = try register(b)
        try attach()
        XCTAssertEqual(subject.manager.frontScene, sceneB, "no window yet: today's rule")
        try window(1, a, activated: true)
        try window(2, b)
        XCTAssertEqual(subject.manager.frontScene, sceneA)
        XCTAssertEqual(subject.manager.managerSnapshot.frontApp, a)
        try window(1, a)
        try window(2, b, activated: true)
        XCTAssertEqual(subject.manager.frontScene, sceneB)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.frontScene, .frontApp])
    }

    func testTheActivatedAppsMostRecentForegroundActiveSceneIsInFront() throws {
        let first = try register(a), second = try register(a)
        _ = try register(b)
        try attach()
        try window(1, a, activated: true)
        XCTAssertEqual(subject.manager.frontScene, second)
        try subject.on(second, .setActivation(.foregroundInactive))
        XCTAssertEqual(subject.manager.frontScene, first)
    }

    func testAnActivatedAppWithNoActiveSceneLeavesNoneInFront() throws {
        let sceneA = try register(a)
        _ = try register(c)
        try attach()
        try window(1, a, activated: true)
        try subject.on(sceneA, .setActivation(.background))
        XCTAssertNil(subject.manager.frontScene, "not C: the compositor has A in front")
        XCTAssertEqual(subject.manager.managerSnapshot.frontApp, "")
    }

    func testWithNoActivatedWindowTheNewestSceneThatIsNotWindowBackedIsInFront() throws {
        let unseen = try register(c)
        _ = try register(a)
        try attach()
        try window(1, a)
        XCTAssertEqual(subject.manager.frontScene, unseen, "A's scene is window-backed and A is not activated")
        let detached = try subject.register("org.example.Detached", idiom: .pad) { $0.detached = true }
        XCTAssertEqual(subject.manager.frontScene, detached)
    }

    func testWithOnlyWindowBackedScenesAndNoActivatedWindowNoneIsInFront() throws {
        _ = try register(a)
        try attach()
        try window(1, a)
        XCTAssertNil(subject.manager.frontScene)
    }

    func testTheActivatedWindowsObservedSceneIsInFrontWhenItsAppRegisteredNone() throws {
        try attach()
        try window(1, a, activated: true)
        try window(2, b)
        XCTAssertEqual(subject.manager.frontScene, observed(1))
        try window(1, a)
        try window(2, b, activated: true)
        XCTAssertEqual(subject.manager.frontScene, observed(2))
        XCTAssertEqual(subject.manager.managerSnapshot.frontApp, b)
    }

    func testTheMostRecentlyActivatedWindowWins() throws {
        try attach()
        try window(1, a, activated: true)
        try window(2, b, activated: true)
        XCTAssertEqual(subject.manager.frontScene, observed(2))
        try window(2, b)
        XCTAssertEqual(subject.manager.frontScene, observed(1))
    }

    func testAMinimizedWindowIsNotInFront() throws {
        let unseen = try register(c)
        try attach()
        try window(1, a, activated: true, minimized: true)
        XCTAssertEqual(subject.manager.frontScene, unseen)
    }

    func testAnActivatedWindowOfNoKnownAppLeavesNoneInFront() throws {
        _ = try register(c)
        try attach()
        try window(1, "", activated: true)
        XCTAssertNil(subject.manager.frontScene)
    }

    func testTrackerAbsentOrEmptyIsTodaysRule() throws {
        let first = try register(a), second = try register(b)
        XCTAssertEqual(subject.manager.frontScene, second)
        try attach()
        XCTAssertEqual(subject.manager.frontScene, second)
        try subject.on(second, .setActivation(.background), as: Caller.app)
        XCTAssertEqual(subject.manager.frontScene, first)
        try window(1, b, activated: true)
        try subject.run(.window(.detached(reason: "wlroots: the compositor went away")), as: Caller.shell)
        XCTAssertEqual(subject.manager.frontScene, first, "the tracker gone, the scenes' own order decides again")
    }

    // MARK: The panel

    func testThePanelTurnsToTheFrontAppAndBack() throws {
        try subject.run(.output(.attached(.wlroots, name: "X11-1", showing: .portrait)), as: Caller.shell)
        try subject.device(.portrait)
        try attach()
        try window(1, a, activated: true, declared: .landscape)
        let game = try XCTUnwrap(observed(1))
        XCTAssertTrue(subject.orientation(game).isLandscape)
        XCTAssertEqual(applied, [subject.orientation(game)])
        // A notes app (portrait by the phone's default) comes in front: the panel turns back.
        try window(2, b, activated: true)
        XCTAssertEqual(subject.manager.frontScene, observed(2))
        XCTAssertEqual(applied, [.portrait])
        try window(1, a)
        XCTAssertEqual(applied, [])
        // Closing it brings the game back in front.
        try subject.run(.window(.closed(handle: 2)), as: Caller.shell)
        try window(1, a, activated: true)
        XCTAssertEqual(subject.manager.outputOrientationRule, subject.orientation(game))
    }

    /// With the device unknown, a front app leaving leaves the panel as it is; the next one
    /// that needs the orientation the panel last read back still turns it when orientd's last
    /// turn (for the app that left) has not been read back yet: it may be on its way.
    func testAnAppComingToFrontBeforeTheLastTurnIsReadBackTurnsThePanel() throws {
        try subject.run(.output(.attached(.wlroots, name: "X11-1", showing: .portrait)), as: Caller.shell)
        try attach()
        try window(1, a, activated: true, declared: .landscape)
        XCTAssertEqual(applied.count, 1)
        XCTAssertTrue(applied[0].isLandscape)
        try window(1, a)
        XCTAssertEqual(applied, [], "nothing in front, the device unknown: the panel is left as it is")
        try window(2, b, activated: true, declared: .portrait)
        XCTAssertEqual(applied, [.portrait], "the turn to landscape was not read back: it may still come")
        try subject.run(.output(.read(.portrait)), as: Caller.shell)
        // Once read back, a portrait app after nothing in front asks for no turn.
        try window(2, b)
        try window(2, b, activated: true, declared: .portrait)
        XCTAssertEqual(applied, [])
    }

    func testAnAppsConstraintDoesNotOutliveItsFrontPlace() throws {
        try subject.run(.output(.attached(.wlroots, name: "X11-1", showing: .portrait)), as: Caller.shell)
        try attach()
        try window(1, a, activated: true, declared: .portrait)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.manager.outputOrientationRule, .portrait)
        // The lock screen (or the overview) takes the focus: no app window is activated. The
        // shell's own surfaces turn nothing (PostureTests), so the app stays in front until it
        // is minimized: then its constraint goes with its front place.
        try window(1, a, declared: .portrait)
        XCTAssertEqual(subject.manager.outputOrientationRule, .portrait)
        try window(1, a, minimized: true, declared: .portrait)
        XCTAssertNil(subject.manager.frontScene)
        XCTAssertEqual(subject.manager.outputOrientationRule, DeviceOrientation.landscapeLeft.interfaceOrientation)
        // Kiosk mode and the rotation lock decide with nothing in front, as without a tracker.
        // (The lock keeps the panel in the orientation it was locked in, no longer "whatever
        // it shows": an app that turned it under the lock gives it back when it leaves.)
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        XCTAssertEqual(subject.manager.outputOrientationRule, DeviceOrientation.landscapeLeft.interfaceOrientation)
        try subject.run(.setKioskMode(true, .landscapeRight), as: Caller.shell)
        XCTAssertEqual(subject.manager.outputOrientationRule, .landscapeRight)
    }
}
