import OrientationCore
import XCTest

/// Layer 3 without split view: kiosk mode and the user's per-app policy.
final class SystemPolicyTests: XCTestCase {
    // MARK: Kiosk mode

    func testKioskModeForcesEveryScene() throws {
        var subject = ManagerUnderTest()
        try subject.device(.landscapeLeft)
        let a = try subject.register("org.example.A") { $0.supported = .all }
        let b = try subject.register("org.example.B", idiom: .pad)
        XCTAssertEqual(subject.orientation(a), .landscapeRight)
        XCTAssertEqual(subject.orientation(b), .landscapeRight)
        try subject.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertEqual(subject.orientation(a), .portrait)
        XCTAssertEqual(subject.orientation(b), .portrait)
        XCTAssertEqual(subject.snapshot(a).supported, .portrait)
        // The device no longer moves them, and neither does a request for anything else.
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(a), .portrait)
        subject.expectFailure(.unsupportedOrientation, on: a, .request(.landscapeLeft))
        // New scenes start in the kiosk orientation.
        let c = try subject.register("org.example.C") { $0.supported = .landscape }
        XCTAssertEqual(subject.orientation(c), .portrait)
    }

    func testKioskModeHidesTheStatusBar() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register()
        XCTAssertFalse(subject.snapshot(scene).statusBarHidden)
        try subject.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertTrue(subject.snapshot(scene).statusBarHidden)
        XCTAssertEqual(subject.propertiesChanged[scene], [.statusBarHidden])
        XCTAssertEqual(subject.events.managerPropertyChanges, [.kioskMode])
        XCTAssertTrue(subject.events.contains(.settingsChanged))
        try subject.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertFalse(subject.snapshot(scene).statusBarHidden)
        XCTAssertEqual(subject.propertiesChanged[scene], [.statusBarHidden])
    }

    func testKioskUpsideDownServesWallMounts() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register(idiom: .pad) { $0.supported = .all }
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(subject.manager.managerSnapshot.kioskOrientation, .portraitUpsideDown)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .portrait, .portraitUpsideDown, .policy)])
        try subject.device(.portrait)
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
    }

    func testKioskPolicyWinsOverAController() throws {
        var subject = ManagerUnderTest()
        // A landscape-only game: kiosk portrait-upside-down still wins, and Explain says so.
        let scene = try subject.register { $0.supported = .landscape }
        try subject.on(scene, .setRoot(view("game", .landscape)))
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(subject.snapshot(scene).supported, .portraitUpsideDown)
        let controller = try subject.manager.explain(scene).first { $0.name == "controller" }!
        XCTAssertTrue(controller.sentence.contains("conflict"), controller.sentence)
        // Structural changes in the app keep working under the conflict.
        try subject.on(scene, .setRoot(navigation("nav", .landscape)))
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
        // Leaving kiosk mode restores the app's own rules at once.
        try subject.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .portraitUpsideDown, .landscapeRight, .policy)])
    }

    func testKioskModeAppliesAtOnceWhenItsOrientationChanges() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register(idiom: .pad) { $0.supported = .all }
        try subject.run(.setKioskMode(true, .landscapeLeft), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .landscapeLeft)
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .landscapeLeft, .portraitUpsideDown, .policy)])
        XCTAssertEqual(subject.events.managerPropertyChanges, [.kioskOrientation])
        // The same call again changes nothing and emits nothing.
        try subject.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertEqual(subject.events, [])
    }

    func testKioskOrientationIsStoredWhileKioskModeIsOff() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register { $0.supported = .all }
        try subject.run(.setKioskMode(false, .landscapeLeft), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        XCTAssertEqual(subject.changes, [])
        XCTAssertEqual(subject.manager.settings.kioskOrientation, .landscapeLeft)
        XCTAssertTrue(subject.events.contains(.settingsChanged))
        try subject.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .landscapeLeft)
    }

    // MARK: Per-app policy

    func testAppPolicyCapsAnAppsOrientations() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register(idiom: .pad) { $0.supported = .all }
        try subject.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .portraitFamily)), as: Caller.shell)
        XCTAssertEqual(subject.snapshot(scene).supported, .portraitFamily)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        try subject.device(.portraitUpsideDown)
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
    }

    func testAppPolicyPinsAnApp() throws {
        var subject = ManagerUnderTest()
        try subject.device(.landscapeLeft)
        let scene = try subject.register(idiom: .pad) { $0.supported = .all }
        XCTAssertEqual(subject.orientation(scene), .landscapeRight)
        try subject.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .landscapeLeft)), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .landscapeLeft)
        try subject.device(.portrait)
        XCTAssertEqual(subject.orientation(scene), .landscapeLeft)
        subject.expectFailure(.unsupportedOrientation, on: scene, .request(.portrait))
    }

    func testAppPolicyFollowSensorFalseKeepsTheAppFromFollowing() throws {
        var subject = ManagerUnderTest()
        let kept = try subject.register("org.example.Kept") { $0.supported = .all }
        let free = try subject.register("org.example.Free") { $0.supported = .all }
        try subject.run(.setAppPolicy(appId: "org.example.Kept", AppPolicy(followSensor: false)), as: Caller.shell)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(kept), .portrait)
        XCTAssertEqual(subject.orientation(free), .landscapeRight)
        // Re-evaluations do not follow the sensor either; requests still work.
        try subject.on(kept, .update)
        XCTAssertEqual(subject.orientation(kept), .portrait)
        try subject.on(kept, .request(.landscapeLeft))
        XCTAssertEqual(subject.orientation(kept), .landscapeLeft)
        // Removing the policy lets it follow at once.
        try subject.run(.setAppPolicy(appId: "org.example.Kept", nil), as: Caller.shell)
        XCTAssertEqual(subject.orientation(kept), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(kept, .landscapeLeft, .landscapeRight, .policy)])
    }

    func testAppPolicyConflictIsWonByThePolicy() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register() // phone: portrait only
        try subject.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .landscape)), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .landscapeRight, "the policy's first orientation")
        XCTAssertEqual(subject.snapshot(scene).supported, .landscape)
        let step = try subject.manager.explain(scene).first { $0.name == "app-policy" }!
        XCTAssertEqual(step.mask, .landscape)
        XCTAssertTrue(step.sentence.contains("conflict"), step.sentence)
    }

    func testAppPolicyReevaluatesItsScenesAtOnce() throws {
        var subject = ManagerUnderTest()
        try subject.device(.landscapeLeft)
        let mine = try subject.register("org.example.Mine") { $0.supported = .all }
        let theirs = try subject.register("org.example.Theirs") { $0.supported = .all }
        try subject.run(.setAppPolicy(appId: "org.example.Mine", AppPolicy(allowed: .portrait)), as: Caller.shell)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(mine, .landscapeRight, .portrait, .policy)])
        XCTAssertEqual(subject.orientation(theirs), .landscapeRight)
        XCTAssertNil(subject.propertiesChanged[theirs])
        XCTAssertTrue(subject.events.contains(.settingsChanged))
        // Setting the same policy again does nothing.
        try subject.run(.setAppPolicy(appId: "org.example.Mine", AppPolicy(allowed: .portrait)), as: Caller.shell)
        XCTAssertEqual(subject.events, [])
        // Lifting it follows the device again.
        try subject.run(.setAppPolicy(appId: "org.example.Mine", nil), as: Caller.shell)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(mine, .portrait, .landscapeRight, .policy)])
    }

    func testKioskModeSetsTheAppPolicyAside() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register { $0.supported = .all }
        try subject.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .landscape)), as: Caller.shell)
        try subject.run(.setKioskMode(true, .portrait), as: Caller.shell)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        let step = try subject.manager.explain(scene).first { $0.name == "app-policy" }!
        XCTAssertTrue(step.sentence.contains("kiosk"), step.sentence)
    }

    func testAppPolicyIsValidated() throws {
        var limits = Limits()
        limits.appPolicies = 2
        var subject = ManagerUnderTest(limits: limits)
        subject.expectFailure(.invalidArgs, .setAppPolicy(appId: "bad id!", AppPolicy()))
        subject.expectFailure(.invalidArgs, .setAppPolicy(appId: "org.example.A", AppPolicy(allowed: [])))
        try subject.run(.setAppPolicy(appId: "org.example.A", AppPolicy(followSensor: false)))
        try subject.run(.setAppPolicy(appId: "org.example.B", AppPolicy(followSensor: false)))
        // Full: a new app's policy is refused; none is dropped to make room (QuotaAndTextTests).
        let a = try subject.register("org.example.A")
        let b = try subject.register("org.example.B")
        let error = subject.expectFailure(.limitExceeded, .setAppPolicy(appId: "org.example.C", AppPolicy(followSensor: false)))
        XCTAssertTrue(error?.message.contains("2") ?? false)
        try subject.run(.unregisterScene(a))
        try subject.run(.unregisterScene(b))
        // Replacing or removing an existing one is fine at the limit; removing a missing one is no error.
        try subject.run(.setAppPolicy(appId: "org.example.B", AppPolicy(allowed: .portrait)))
        try subject.run(.setAppPolicy(appId: "org.example.Missing", nil))
        XCTAssertEqual(subject.events, [])
        try subject.run(.setAppPolicy(appId: "org.example.A", nil))
        XCTAssertEqual(subject.manager.settings.appPolicies.keys.sorted(), ["org.example.B"])
    }
}
