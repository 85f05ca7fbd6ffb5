import OrientationCore
import XCTest

/// Observed scenes: an app window the tracker reports, of an app that registered no scene,
/// stands as a scene whose activation follows the compositor and whose orientations come
/// from the policy in force, else the app's desktop entry, else `UndeclaredAppOrientations`
/// (UndeclaredAppTests.swift has the rest of that rule).
final class ObservedSceneTests: XCTestCase {
    var subject = ManagerUnderTest()
    let app = "org.example.Reader"
    let other = "org.example.Notes"

    func attach(_ kind: WindowTrackerKind = .wlroots) throws { try subject.run(.window(.attached(kind)), as: Caller.shell) }

    func window(_ handle: UInt64, _ appId: String, activated: Bool = false, minimized: Bool = false,
                declared: DeclaredOrientations? = nil) throws {
        try subject.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: activated, minimized: minimized,
                                                  declared: declared))), as: Caller.shell)
    }

    func close(_ handle: UInt64) throws { try subject.run(.window(.closed(handle: handle)), as: Caller.shell) }

    func observed(_ handle: UInt64, file: StaticString = #filePath, line: UInt = #line) -> SceneID {
        guard let id = subject.manager.windows.observedScenes[handle] else {
            XCTFail("window \(handle) has no observed scene", file: file, line: line)
            return 0
        }
        return id
    }

    var added: [SceneID] { subject.events.compactMap { if case .sceneAdded(let id) = $0 { return id }; return nil } }
    var removed: [SceneID] { subject.events.compactMap { if case .sceneRemoved(let id) = $0 { return id }; return nil } }

    func testAWindowOfAnAppWithNoSceneIsAnObservedScene() throws {
        try attach()
        XCTAssertEqual(subject.events.managerPropertyChanges, [.windowTracking])
        XCTAssertEqual(subject.manager.managerSnapshot.windowTracking, .wlroots)
        try window(1, app, activated: true)
        let id = observed(1)
        XCTAssertEqual(added, [id])
        let s = subject.snapshot(id)
        XCTAssertTrue(s.observed)
        XCTAssertTrue(s.detached)
        XCTAssertEqual(s.owner, "")
        XCTAssertEqual(s.appId, app)
        XCTAssertEqual(s.display, builtinDisplay)
        XCTAssertEqual(subject.manager.scenes[id]?.creator, Scene.observedCreator)
        XCTAssertEqual(subject.manager.managerSnapshot.frontSceneCreator, Scene.observedCreator)
        XCTAssertEqual(subject.manager.managerSnapshot.trackedWindows, 1)
        XCTAssertEqual(subject.manager.managerSnapshot.frontApp, app)
        XCTAssertEqual(Set(subject.events.managerPropertyChanges), [.trackedWindows, .frontScene, .frontApp])
        // A registered scene is never observed.
        let registered = try subject.register(other)
        XCTAssertFalse(subject.snapshot(registered).observed)
    }

    func testWindowsAreNotFollowedWithoutATracker() throws {
        try window(1, app, activated: true)
        XCTAssertTrue(subject.manager.scenes.isEmpty)
        XCTAssertEqual(subject.manager.managerSnapshot.trackedWindows, 0)
        XCTAssertEqual(subject.events, [])
    }

    func testActivationFollowsTheCompositor() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        XCTAssertEqual(subject.snapshot(id).activation, .foregroundActive)
        try window(1, app, activated: false)
        XCTAssertEqual(subject.snapshot(id).activation, .foregroundInactive)
        XCTAssertEqual(subject.propertiesChanged[id], [.activationState])
        try window(1, app, activated: true, minimized: true)
        XCTAssertEqual(subject.snapshot(id).activation, .background)
        try window(1, app, minimized: false)
        XCTAssertEqual(subject.snapshot(id).activation, .foregroundInactive)
        XCTAssertEqual(observed(1), id, "a window's changes keep its scene")
    }

    func testTheSceneGoesWithItsWindowAndEveryWindowWithTheTracker() throws {
        try attach()
        try window(1, app)
        try window(2, app)
        try window(3, other)
        let first = observed(1)
        try close(1)
        XCTAssertEqual(removed, [first])
        XCTAssertNil(subject.manager.scenes[first])
        XCTAssertEqual(subject.manager.managerSnapshot.trackedWindows, 2)
        try close(1)
        XCTAssertEqual(subject.events, [], "closing an unknown window changes nothing")
        let rest = Set([observed(2), observed(3)])
        try subject.run(.window(.detached(reason: "wlroots: the compositor went away")), as: Caller.shell)
        XCTAssertEqual(Set(removed), rest)
        XCTAssertTrue(subject.manager.scenes.isEmpty)
        XCTAssertNil(subject.manager.managerSnapshot.windowTracking)
        XCTAssertEqual(subject.manager.managerSnapshot.trackedWindows, 0)
    }

    func testAnAttachStartsAnEmptyList() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        try attach(.x11)
        XCTAssertEqual(removed, [id])
        XCTAssertTrue(subject.manager.windows.windows.isEmpty)
        XCTAssertEqual(subject.manager.managerSnapshot.windowTracking, .x11)
    }

    func testTheManifestGivesTheSupportedOrientationsAndExplainNamesIt() throws {
        try attach()
        try subject.device(.landscapeLeft)
        let declared = DeclaredOrientations(mask: .landscape, file: "/usr/share/applications/\(app).desktop")
        try window(1, app, activated: true, declared: declared)
        let id = observed(1)
        XCTAssertEqual(subject.snapshot(id).supported, .landscape)
        XCTAssertEqual(subject.orientation(id), DeviceOrientation.landscapeLeft.interfaceOrientation)
        let supportedOrientations = try subject.manager.explain(id)[0]
        XCTAssertEqual(supportedOrientations.mask, .landscape)
        XCTAssertTrue(supportedOrientations.sentence.contains(declared.file), supportedOrientations.sentence)
        XCTAssertTrue(supportedOrientations.sentence.contains("Observed"), supportedOrientations.sentence)
    }

    // This test said "the idiom's default applies" (phone: portrait only) until orientd
    // learnt that an app that says nothing follows the device, as it did before orientd: an
    // undeclared app now takes UndeclaredAppOrientations (all four), on either idiom.
    func testWithoutAManifestTheAppFollowsTheDevice() throws {
        try attach()
        try subject.device(.landscapeLeft)
        try window(1, app, activated: true)
        let id = observed(1)
        XCTAssertEqual(subject.snapshot(id).supported, .all)
        XCTAssertEqual(subject.orientation(id), DeviceOrientation.landscapeLeft.interfaceOrientation)
        XCTAssertTrue(try subject.manager.explain(id)[0].sentence.contains("UndeclaredAppOrientations"))
        var pad = ManagerUnderTest()
        pad.manager = OrientationManager(settings: pad.manager.settings, observedIdiom: .pad)
        try pad.run(.window(.attached(.kwin)))
        try pad.run(.window(.window(TrackedWindow(handle: 1, appId: app, activated: true))))
        XCTAssertEqual(pad.manager.scenes.values.first?.effectiveMask, .all)
    }

    func testAManifestNamingNothingDeclaresNothing() throws {
        try attach()
        try window(1, app, declared: DeclaredOrientations(mask: [], file: "/x.desktop"))
        // Declaring nothing once meant the phone's portrait; now it means following the device.
        XCTAssertEqual(subject.snapshot(observed(1)).supported, .all)
        XCTAssertNil(subject.manager.scenes[observed(1)]?.supportedFile)
    }

    func testTheManifestReadAgainChangesTheSupportedOrientations() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        try window(1, app, activated: true, declared: DeclaredOrientations(mask: .landscape, file: "/a.desktop"))
        XCTAssertEqual(subject.snapshot(id).supported, .landscape)
        XCTAssertTrue(subject.snapshot(id).orientation.isLandscape)
        XCTAssertEqual(subject.changes.count, 1)
    }

    func testTheUsersPolicyComesBeforeTheManifest() throws {
        try attach()
        try subject.device(.landscapeLeft)
        // The packager pinned portrait; the user lets the app rotate (a dialer in a car mount).
        try window(1, app, activated: true, declared: DeclaredOrientations(mask: .portrait, file: "/a.desktop"))
        let id = observed(1)
        XCTAssertEqual(subject.orientation(id), .portrait)
        try subject.run(.setAppPolicy(appId: app, AppPolicy(allowed: .allButUpsideDown)), as: Caller.shell)
        XCTAssertEqual(subject.snapshot(id).supported, .allButUpsideDown)
        XCTAssertEqual(subject.orientation(id), DeviceOrientation.landscapeLeft.interfaceOrientation)
        let supportedOrientations = try subject.manager.explain(id)[0]
        XCTAssertEqual(supportedOrientations.mask, .allButUpsideDown)
        XCTAssertTrue(supportedOrientations.sentence.contains("user's policy"), supportedOrientations.sentence)
        // Removing the policy brings the desktop entry back.
        try subject.run(.setAppPolicy(appId: app, nil), as: Caller.shell)
        XCTAssertEqual(subject.orientation(id), .portrait)
    }

    func testTheAdministratorsLockedPolicyComesFirst() throws {
        try attach()
        try subject.run(.setAppPolicy(appId: app, AppPolicy(allowed: .portrait)), as: Caller.shell)
        var configuration = Configuration()
        configuration.values.appPolicies[app] = AppPolicy(allowed: .landscape)
        configuration.policySources[app] = "/etc/orientd/orientd.conf"
        configuration.lockedPolicies[app] = "/etc/orientd/orientd.conf"
        configuration.files = ["/etc/orientd/orientd.conf"]
        try subject.run(.reloadConfiguration(configuration), as: Caller.shell)
        try window(1, app, activated: true, declared: DeclaredOrientations(mask: .portrait, file: "/a.desktop"))
        let id = observed(1)
        XCTAssertEqual(subject.snapshot(id).supported, .landscape)
        let supportedOrientations = try subject.manager.explain(id)[0]
        XCTAssertTrue(supportedOrientations.sentence.contains("locked policy of /etc/orientd/orientd.conf"), supportedOrientations.sentence)
    }

    func testAPolicyThatKeepsTheAppFromTheSensorHoldsForObservedScenes() throws {
        try attach()
        try subject.run(.setAppPolicy(appId: app, AppPolicy(allowed: .all, followSensor: false)), as: Caller.shell)
        try window(1, app, activated: true)
        let id = observed(1)
        let before = subject.orientation(id)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), before)
    }

    // MARK: Apps that speak for themselves

    func testAnAppThatRegistersASceneLosesItsObservedScenes() throws {
        try attach()
        try window(1, app, activated: true)
        try window(2, app)
        let observedScenes = Set([observed(1), observed(2)])
        let id = try subject.register(app)
        XCTAssertEqual(added, [id])
        XCTAssertEqual(Set(removed), observedScenes)
        XCTAssertTrue(subject.manager.windows.observedScenes.isEmpty)
        XCTAssertEqual(subject.manager.managerSnapshot.trackedWindows, 2, "the windows stay tracked")
        // A new window of the app is not observed either.
        try window(3, app)
        XCTAssertNil(subject.manager.windows.observedScenes[3])
    }

    func testObservedScenesComeBackWhenTheAppsLastSceneGoes() throws {
        try attach()
        try window(1, app, activated: true)
        let first = observed(1)
        let a = try subject.register(app), b = try subject.register(app)
        try subject.run(.unregisterScene(a))
        XCTAssertNil(subject.manager.windows.observedScenes[1], "one registered scene still speaks for the app")
        try subject.run(.unregisterScene(b))
        let again = observed(1)
        XCTAssertGreaterThan(again, b, "scene numbers are never reused")
        XCTAssertNotEqual(again, first)
        XCTAssertEqual(added, [again])
        XCTAssertEqual(subject.snapshot(again).activation, .foregroundActive)
        // The app's connection leaving has the same effect.
        _ = try subject.register(app)
        XCTAssertNil(subject.manager.windows.observedScenes[1])
        try subject.run(.clientVanished(Caller.app), as: Caller.shell)
        XCTAssertNotNil(subject.manager.windows.observedScenes[1])
    }

    func testADetachedSceneAlsoSpeaksForItsApp() throws {
        try attach()
        try window(1, app)
        _ = try subject.register(app) { $0.detached = true }
        XCTAssertTrue(subject.manager.windows.observedScenes.isEmpty)
    }

    func testAWindowThatChangesAppMovesItsObservedScene() throws {
        try attach()
        try window(1, app)
        let first = observed(1)
        try window(1, other)
        XCTAssertEqual(removed, [first])
        XCTAssertEqual(subject.snapshot(observed(1)).appId, other)
    }

    // MARK: Nobody changes an observed scene

    func testClientsMayNotChangeOrUnregisterAnObservedScene() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        subject.expectFailure(.accessDenied, .unregisterScene(id))
        subject.expectFailure(.accessDenied, on: id, .setRoot(view("root")))
        subject.expectFailure(.accessDenied, on: id, .request(.landscapeLeft), as: Caller.other)
        subject.expectFailure(.accessDenied, on: id, .setActivation(.background))
    }

    // MARK: Limits

    func testObservedScenesCountAgainstNoClientsQuota() throws {
        var limits = Limits()
        limits.scenesInAll = 1
        limits.detachedScenesInAll = 1
        limits.scenesPerConnection = 1
        subject = ManagerUnderTest(limits: limits)
        try attach()
        try window(1, "org.example.A")
        try window(2, "org.example.B")
        XCTAssertEqual(subject.manager.scenes.count, 2)
        _ = try subject.register(app)
        _ = try subject.register(other, as: Caller.other) { $0.detached = true }
        XCTAssertEqual(subject.manager.detachedSceneCount, 1)
    }

    func testTheTrackedWindowLimitRefusesMoreWindows() throws {
        var limits = Limits()
        limits.trackedWindows = 2
        subject = ManagerUnderTest(limits: limits)
        try attach()
        try window(1, app)
        try window(2, other)
        let error = subject.expectFailure(.limitExceeded, .window(.window(TrackedWindow(handle: 3, appId: "org.example.C"))), as: Caller.shell)
        XCTAssertTrue(error?.message.contains("2") ?? false)
        XCTAssertEqual(subject.manager.windows.windows.count, 2)
        try window(2, other, activated: true)
        XCTAssertEqual(subject.manager.frontScene, observed(2), "a known window still changes")
    }

    func testAWindowWithAnInvalidAppIdIsCountedButNeverObserved() throws {
        try attach()
        try window(1, "not an app id", activated: true)
        try window(2, "")
        XCTAssertEqual(subject.manager.managerSnapshot.trackedWindows, 2)
        XCTAssertTrue(subject.manager.scenes.isEmpty)
        XCTAssertEqual(subject.manager.windows.windows[1]?.appId, "")
    }
}

extension InterfaceOrientation {
    var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
