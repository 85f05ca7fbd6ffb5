import OrientationCore
import XCTest

/// Layer 3 without split view: kiosk mode and the user's per-app policy.
final class SystemPolicyTests: XCTestCase {
    // MARK: Kiosk mode

    func testKioskModeForcesEveryScene() throws {
        var rig = Rig()
        try rig.device(.landscapeLeft)
        let a = try rig.register("org.example.A") { $0.supported = .all }
        let b = try rig.register("org.example.B", idiom: .pad)
        XCTAssertEqual(rig.orientation(a), .landscapeRight)
        XCTAssertEqual(rig.orientation(b), .landscapeRight)
        try rig.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertEqual(rig.orientation(a), .portrait)
        XCTAssertEqual(rig.orientation(b), .portrait)
        XCTAssertEqual(rig.snapshot(a).supported, .portrait)
        // The device no longer moves them, and neither does a request for anything else.
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(a), .portrait)
        rig.expectFailure(.unsupportedOrientation, on: a, .request(.landscapeLeft))
        // New scenes start in the kiosk orientation.
        let c = try rig.register("org.example.C") { $0.supported = .landscape }
        XCTAssertEqual(rig.orientation(c), .portrait)
    }

    func testKioskModeHidesTheStatusBar() throws {
        var rig = Rig()
        let scene = try rig.register()
        XCTAssertFalse(rig.snapshot(scene).statusBarHidden)
        try rig.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertTrue(rig.snapshot(scene).statusBarHidden)
        XCTAssertEqual(rig.propertiesChanged[scene], [.statusBarHidden])
        XCTAssertEqual(rig.events.managerPropertyChanges, [.kioskMode])
        XCTAssertTrue(rig.events.contains(.settingsChanged))
        try rig.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertFalse(rig.snapshot(scene).statusBarHidden)
        XCTAssertEqual(rig.propertiesChanged[scene], [.statusBarHidden])
    }

    func testKioskUpsideDownServesWallMounts() throws {
        var rig = Rig()
        let scene = try rig.register(idiom: .pad) { $0.supported = .all }
        try rig.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(rig.manager.managerSnapshot.kioskOrientation, .portraitUpsideDown)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .portrait, .portraitUpsideDown, .policy)])
        try rig.device(.portrait)
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
    }

    func testKioskPolicyWinsOverAController() throws {
        var rig = Rig()
        // A landscape-only game: kiosk portrait-upside-down still wins, and Explain says so.
        let scene = try rig.register { $0.supported = .landscape }
        try rig.on(scene, .setRoot(view("game", .landscape)))
        try rig.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(rig.snapshot(scene).supported, .portraitUpsideDown)
        let controller = try rig.manager.explain(scene).first { $0.name == "controller" }!
        XCTAssertTrue(controller.sentence.contains("conflict"), controller.sentence)
        // Structural changes in the app keep working under the conflict.
        try rig.on(scene, .setRoot(navigation("nav", .landscape)))
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
        // Leaving kiosk mode restores the app's own rules at once.
        try rig.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .portraitUpsideDown, .landscapeRight, .policy)])
    }

    func testKioskModeAppliesAtOnceWhenItsOrientationChanges() throws {
        var rig = Rig()
        let scene = try rig.register(idiom: .pad) { $0.supported = .all }
        try rig.run(.setKioskMode(true, .landscapeLeft), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .landscapeLeft)
        try rig.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .landscapeLeft, .portraitUpsideDown, .policy)])
        XCTAssertEqual(rig.events.managerPropertyChanges, [.kioskOrientation])
        // The same call again changes nothing and emits nothing.
        try rig.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertEqual(rig.events, [])
    }

    func testKioskOrientationIsStoredWhileKioskModeIsOff() throws {
        var rig = Rig()
        let scene = try rig.register { $0.supported = .all }
        try rig.run(.setKioskMode(false, .landscapeLeft), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        XCTAssertEqual(rig.changes, [])
        XCTAssertEqual(rig.manager.settings.kioskOrientation, .landscapeLeft)
        XCTAssertTrue(rig.events.contains(.settingsChanged))
        try rig.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .landscapeLeft)
    }

    // MARK: Per-app policy

    func testAppPolicyCapsAnAppsOrientations() throws {
        var rig = Rig()
        let scene = try rig.register(idiom: .pad) { $0.supported = .all }
        try rig.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .portraitFamily)), as: Caller.shell)
        XCTAssertEqual(rig.snapshot(scene).supported, .portraitFamily)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        try rig.device(.portraitUpsideDown)
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
    }

    func testAppPolicyPinsAnApp() throws {
        var rig = Rig()
        try rig.device(.landscapeLeft)
        let scene = try rig.register(idiom: .pad) { $0.supported = .all }
        XCTAssertEqual(rig.orientation(scene), .landscapeRight)
        try rig.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .landscapeLeft)), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .landscapeLeft)
        try rig.device(.portrait)
        XCTAssertEqual(rig.orientation(scene), .landscapeLeft)
        rig.expectFailure(.unsupportedOrientation, on: scene, .request(.portrait))
    }

    func testAppPolicyFollowSensorFalseKeepsTheAppFromFollowing() throws {
        var rig = Rig()
        let kept = try rig.register("org.example.Kept") { $0.supported = .all }
        let free = try rig.register("org.example.Free") { $0.supported = .all }
        try rig.run(.setAppPolicy(appId: "org.example.Kept", AppPolicy(followSensor: false)), as: Caller.shell)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(kept), .portrait)
        XCTAssertEqual(rig.orientation(free), .landscapeRight)
        // Re-evaluations do not follow the sensor either; requests still work.
        try rig.on(kept, .update)
        XCTAssertEqual(rig.orientation(kept), .portrait)
        try rig.on(kept, .request(.landscapeLeft))
        XCTAssertEqual(rig.orientation(kept), .landscapeLeft)
        // Removing the policy lets it follow at once.
        try rig.run(.setAppPolicy(appId: "org.example.Kept", nil), as: Caller.shell)
        XCTAssertEqual(rig.orientation(kept), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(kept, .landscapeLeft, .landscapeRight, .policy)])
    }

    func testAppPolicyConflictIsWonByThePolicy() throws {
        var rig = Rig()
        let scene = try rig.register() // phone: portrait only
        try rig.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .landscape)), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .landscapeRight, "the policy's first orientation")
        XCTAssertEqual(rig.snapshot(scene).supported, .landscape)
        let step = try rig.manager.explain(scene).first { $0.name == "app-policy" }!
        XCTAssertEqual(step.mask, .landscape)
        XCTAssertTrue(step.sentence.contains("conflict"), step.sentence)
    }

    func testAppPolicyReevaluatesItsScenesAtOnce() throws {
        var rig = Rig()
        try rig.device(.landscapeLeft)
        let mine = try rig.register("org.example.Mine") { $0.supported = .all }
        let theirs = try rig.register("org.example.Theirs") { $0.supported = .all }
        try rig.run(.setAppPolicy(appId: "org.example.Mine", AppPolicy(allowed: .portrait)), as: Caller.shell)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(mine, .landscapeRight, .portrait, .policy)])
        XCTAssertEqual(rig.orientation(theirs), .landscapeRight)
        XCTAssertNil(rig.propertiesChanged[theirs])
        XCTAssertTrue(rig.events.contains(.settingsChanged))
        // Setting the same policy again does nothing.
        try rig.run(.setAppPolicy(appId: "org.example.Mine", AppPolicy(allowed: .portrait)), as: Caller.shell)
        XCTAssertEqual(rig.events, [])
        // Lifting it follows the device again.
        try rig.run(.setAppPolicy(appId: "org.example.Mine", nil), as: Caller.shell)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(mine, .portrait, .landscapeRight, .policy)])
    }

    func testKioskModeSetsTheAppPolicyAside() throws {
        var rig = Rig()
        let scene = try rig.register { $0.supported = .all }
        try rig.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .landscape)), as: Caller.shell)
        try rig.run(.setKioskMode(true, .portrait), as: Caller.shell)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        let step = try rig.manager.explain(scene).first { $0.name == "app-policy" }!
        XCTAssertTrue(step.sentence.contains("kiosk"), step.sentence)
    }

    func testAppPolicyIsValidated() throws {
        var limits = Limits()
        limits.appPolicies = 2
        var rig = Rig(limits: limits)
        rig.expectFailure(.invalidArgs, .setAppPolicy(appId: "bad id!", AppPolicy()))
        rig.expectFailure(.invalidArgs, .setAppPolicy(appId: "org.example.A", AppPolicy(allowed: [])))
        try rig.run(.setAppPolicy(appId: "org.example.A", AppPolicy(followSensor: false)))
        try rig.run(.setAppPolicy(appId: "org.example.B", AppPolicy(followSensor: false)))
        // Full: a new app's policy is refused; none is dropped to make room (QuotaAndTextTests).
        let a = try rig.register("org.example.A")
        let b = try rig.register("org.example.B")
        let error = rig.expectFailure(.limitExceeded, .setAppPolicy(appId: "org.example.C", AppPolicy(followSensor: false)))
        XCTAssertTrue(error?.message.contains("2") ?? false)
        try rig.run(.unregisterScene(a))
        try rig.run(.unregisterScene(b))
        // Replacing or removing an existing one is fine at the limit; removing a missing one is no error.
        try rig.run(.setAppPolicy(appId: "org.example.B", AppPolicy(allowed: .portrait)))
        try rig.run(.setAppPolicy(appId: "org.example.Missing", nil))
        XCTAssertEqual(rig.events, [])
        try rig.run(.setAppPolicy(appId: "org.example.A", nil))
        XCTAssertEqual(rig.manager.settings.appPolicies.keys.sorted(), ["org.example.B"])
    }
}
