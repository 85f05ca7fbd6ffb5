import OrientationCore
import XCTest

/// Observed scenes: an app window the tracker reports, of an app that registered no scene,
/// stands as a scene whose activation follows the compositor and whose orientations come
/// from the policy in force, else the app's manifest, else the idiom's default.
final class ObservedSceneTests: XCTestCase {
    var rig = Rig()
    let app = "org.example.Reader"
    let other = "org.example.Notes"

    func attach(_ kind: WindowTrackerKind = .wlroots) throws { try rig.run(.window(.attached(kind)), as: Caller.shell) }

    func window(_ handle: UInt64, _ appId: String, activated: Bool = false, minimized: Bool = false,
                manifest: AppManifest? = nil) throws {
        try rig.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: activated, minimized: minimized,
                                                  manifest: manifest))), as: Caller.shell)
    }

    func close(_ handle: UInt64) throws { try rig.run(.window(.closed(handle: handle)), as: Caller.shell) }

    func observed(_ handle: UInt64, file: StaticString = #filePath, line: UInt = #line) -> SceneID {
        guard let id = rig.manager.windows.observedScenes[handle] else {
            XCTFail("window \(handle) has no observed scene", file: file, line: line)
            return 0
        }
        return id
    }

    var added: [SceneID] { rig.events.compactMap { if case .sceneAdded(let id) = $0 { return id }; return nil } }
    var removed: [SceneID] { rig.events.compactMap { if case .sceneRemoved(let id) = $0 { return id }; return nil } }

    func testAWindowOfAnAppWithNoSceneIsAnObservedScene() throws {
        try attach()
        XCTAssertEqual(rig.events.managerPropertyChanges, [.windowTracking])
        XCTAssertEqual(rig.manager.managerSnapshot.windowTracking, .wlroots)
        try window(1, app, activated: true)
        let id = observed(1)
        XCTAssertEqual(added, [id])
        let s = rig.snapshot(id)
        XCTAssertTrue(s.observed)
        XCTAssertTrue(s.detached)
        XCTAssertEqual(s.owner, "")
        XCTAssertEqual(s.appId, app)
        XCTAssertEqual(s.display, builtinDisplay)
        XCTAssertEqual(rig.manager.scenes[id]?.creator, Scene.observedCreator)
        XCTAssertEqual(rig.manager.managerSnapshot.frontSceneCreator, Scene.observedCreator)
        XCTAssertEqual(rig.manager.managerSnapshot.trackedWindows, 1)
        XCTAssertEqual(rig.manager.managerSnapshot.frontApp, app)
        XCTAssertEqual(Set(rig.events.managerPropertyChanges), [.trackedWindows, .frontScene, .frontApp])
        // A registered scene is never observed.
        let registered = try rig.register(other)
        XCTAssertFalse(rig.snapshot(registered).observed)
    }

    func testWindowsAreNotFollowedWithoutATracker() throws {
        try window(1, app, activated: true)
        XCTAssertTrue(rig.manager.scenes.isEmpty)
        XCTAssertEqual(rig.manager.managerSnapshot.trackedWindows, 0)
        XCTAssertEqual(rig.events, [])
    }

    func testActivationFollowsTheCompositor() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        XCTAssertEqual(rig.snapshot(id).activation, .foregroundActive)
        try window(1, app, activated: false)
        XCTAssertEqual(rig.snapshot(id).activation, .foregroundInactive)
        XCTAssertEqual(rig.propertiesChanged[id], [.activationState])
        try window(1, app, activated: true, minimized: true)
        XCTAssertEqual(rig.snapshot(id).activation, .background)
        try window(1, app, minimized: false)
        XCTAssertEqual(rig.snapshot(id).activation, .foregroundInactive)
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
        XCTAssertNil(rig.manager.scenes[first])
        XCTAssertEqual(rig.manager.managerSnapshot.trackedWindows, 2)
        try close(1)
        XCTAssertEqual(rig.events, [], "closing an unknown window changes nothing")
        let rest = Set([observed(2), observed(3)])
        try rig.run(.window(.detached), as: Caller.shell)
        XCTAssertEqual(Set(removed), rest)
        XCTAssertTrue(rig.manager.scenes.isEmpty)
        XCTAssertNil(rig.manager.managerSnapshot.windowTracking)
        XCTAssertEqual(rig.manager.managerSnapshot.trackedWindows, 0)
    }

    func testAnAttachStartsAnEmptyList() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        try attach(.x11)
        XCTAssertEqual(removed, [id])
        XCTAssertTrue(rig.manager.windows.windows.isEmpty)
        XCTAssertEqual(rig.manager.managerSnapshot.windowTracking, .x11)
    }

    func testTheManifestGivesTheWhitelistAndExplainNamesIt() throws {
        try attach()
        try rig.device(.landscapeLeft)
        let manifest = AppManifest(mask: .landscape, file: "/usr/share/applications/\(app).desktop")
        try window(1, app, activated: true, manifest: manifest)
        let id = observed(1)
        XCTAssertEqual(rig.snapshot(id).supported, .landscape)
        XCTAssertEqual(rig.orientation(id), DeviceOrientation.landscapeLeft.interfaceOrientation)
        let whitelist = try rig.manager.explain(id)[0]
        XCTAssertEqual(whitelist.mask, .landscape)
        XCTAssertTrue(whitelist.sentence.contains(manifest.file), whitelist.sentence)
        XCTAssertTrue(whitelist.sentence.contains("Observed"), whitelist.sentence)
    }

    func testWithoutAManifestTheIdiomsDefaultApplies() throws {
        try attach()
        try rig.device(.landscapeLeft)
        try window(1, app, activated: true)
        let id = observed(1)
        XCTAssertEqual(rig.snapshot(id).supported, Idiom.phone.defaultWhitelist)
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertTrue(try rig.manager.explain(id)[0].sentence.contains("phone default"))
        var pad = Rig()
        pad.manager = OrientationManager(settings: pad.manager.settings, observedIdiom: .pad)
        try pad.run(.window(.attached(.kwin)))
        try pad.run(.window(.window(TrackedWindow(handle: 1, appId: app, activated: true))))
        XCTAssertEqual(pad.manager.scenes.values.first?.effectiveMask, Idiom.pad.defaultWhitelist)
    }

    func testAManifestNamingNothingDeclaresNothing() throws {
        try attach()
        try window(1, app, manifest: AppManifest(mask: [], file: "/x.desktop"))
        XCTAssertEqual(rig.snapshot(observed(1)).supported, Idiom.phone.defaultWhitelist)
    }

    func testTheManifestReadAgainChangesTheWhitelist() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        try window(1, app, activated: true, manifest: AppManifest(mask: .landscape, file: "/a.desktop"))
        XCTAssertEqual(rig.snapshot(id).supported, .landscape)
        XCTAssertTrue(rig.snapshot(id).orientation.isLandscape)
        XCTAssertEqual(rig.changes.count, 1)
    }

    func testTheUsersPolicyComesBeforeTheManifest() throws {
        try attach()
        try rig.device(.landscapeLeft)
        // The packager pinned portrait; the user lets the app rotate (a dialer in a car mount).
        try window(1, app, activated: true, manifest: AppManifest(mask: .portrait, file: "/a.desktop"))
        let id = observed(1)
        XCTAssertEqual(rig.orientation(id), .portrait)
        try rig.run(.setAppPolicy(appId: app, AppPolicy(allowed: .allButUpsideDown)), as: Caller.shell)
        XCTAssertEqual(rig.snapshot(id).supported, .allButUpsideDown)
        XCTAssertEqual(rig.orientation(id), DeviceOrientation.landscapeLeft.interfaceOrientation)
        let whitelist = try rig.manager.explain(id)[0]
        XCTAssertEqual(whitelist.mask, .allButUpsideDown)
        XCTAssertTrue(whitelist.sentence.contains("user's policy"), whitelist.sentence)
        // Removing the policy brings the manifest back.
        try rig.run(.setAppPolicy(appId: app, nil), as: Caller.shell)
        XCTAssertEqual(rig.orientation(id), .portrait)
    }

    func testTheAdministratorsLockedPolicyComesFirst() throws {
        try attach()
        try rig.run(.setAppPolicy(appId: app, AppPolicy(allowed: .portrait)), as: Caller.shell)
        var configuration = Configuration()
        configuration.values.appPolicies[app] = AppPolicy(allowed: .landscape)
        configuration.policySources[app] = "/etc/orientd/orientd.conf"
        configuration.lockedPolicies[app] = "/etc/orientd/orientd.conf"
        configuration.files = ["/etc/orientd/orientd.conf"]
        try rig.run(.reloadConfiguration(configuration), as: Caller.shell)
        try window(1, app, activated: true, manifest: AppManifest(mask: .portrait, file: "/a.desktop"))
        let id = observed(1)
        XCTAssertEqual(rig.snapshot(id).supported, .landscape)
        let whitelist = try rig.manager.explain(id)[0]
        XCTAssertTrue(whitelist.sentence.contains("locked policy of /etc/orientd/orientd.conf"), whitelist.sentence)
    }

    func testAPolicyThatKeepsTheAppFromTheSensorHoldsForObservedScenes() throws {
        try attach()
        try rig.run(.setAppPolicy(appId: app, AppPolicy(allowed: .all, followSensor: false)), as: Caller.shell)
        try window(1, app, activated: true)
        let id = observed(1)
        let before = rig.orientation(id)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), before)
    }

    // MARK: Apps that speak for themselves

    func testAnAppThatRegistersASceneLosesItsObservedScenes() throws {
        try attach()
        try window(1, app, activated: true)
        try window(2, app)
        let observedScenes = Set([observed(1), observed(2)])
        let id = try rig.register(app)
        XCTAssertEqual(added, [id])
        XCTAssertEqual(Set(removed), observedScenes)
        XCTAssertTrue(rig.manager.windows.observedScenes.isEmpty)
        XCTAssertEqual(rig.manager.managerSnapshot.trackedWindows, 2, "the windows stay tracked")
        // A new window of the app is not observed either.
        try window(3, app)
        XCTAssertNil(rig.manager.windows.observedScenes[3])
    }

    func testObservedScenesComeBackWhenTheAppsLastSceneGoes() throws {
        try attach()
        try window(1, app, activated: true)
        let first = observed(1)
        let a = try rig.register(app), b = try rig.register(app)
        try rig.run(.unregisterScene(a))
        XCTAssertNil(rig.manager.windows.observedScenes[1], "one registered scene still speaks for the app")
        try rig.run(.unregisterScene(b))
        let again = observed(1)
        XCTAssertGreaterThan(again, b, "scene numbers are never reused")
        XCTAssertNotEqual(again, first)
        XCTAssertEqual(added, [again])
        XCTAssertEqual(rig.snapshot(again).activation, .foregroundActive)
        // The app's connection leaving has the same effect.
        _ = try rig.register(app)
        XCTAssertNil(rig.manager.windows.observedScenes[1])
        try rig.run(.clientVanished(Caller.app), as: Caller.shell)
        XCTAssertNotNil(rig.manager.windows.observedScenes[1])
    }

    func testADetachedSceneAlsoSpeaksForItsApp() throws {
        try attach()
        try window(1, app)
        _ = try rig.register(app) { $0.detached = true }
        XCTAssertTrue(rig.manager.windows.observedScenes.isEmpty)
    }

    func testAWindowThatChangesAppMovesItsObservedScene() throws {
        try attach()
        try window(1, app)
        let first = observed(1)
        try window(1, other)
        XCTAssertEqual(removed, [first])
        XCTAssertEqual(rig.snapshot(observed(1)).appId, other)
    }

    // MARK: Nobody changes an observed scene

    func testClientsMayNotChangeOrUnregisterAnObservedScene() throws {
        try attach()
        try window(1, app, activated: true)
        let id = observed(1)
        rig.expectFailure(.accessDenied, .unregisterScene(id))
        rig.expectFailure(.accessDenied, on: id, .setRoot(view("root")))
        rig.expectFailure(.accessDenied, on: id, .request(.landscapeLeft), as: Caller.other)
        rig.expectFailure(.accessDenied, on: id, .setActivation(.background))
    }

    // MARK: Limits

    func testObservedScenesCountAgainstNoClientsQuota() throws {
        var limits = Limits()
        limits.scenesInAll = 1
        limits.detachedScenesInAll = 1
        limits.scenesPerConnection = 1
        rig = Rig(limits: limits)
        try attach()
        try window(1, "org.example.A")
        try window(2, "org.example.B")
        XCTAssertEqual(rig.manager.scenes.count, 2)
        _ = try rig.register(app)
        _ = try rig.register(other, as: Caller.other) { $0.detached = true }
        XCTAssertEqual(rig.manager.detachedSceneCount, 1)
    }

    func testTheTrackedWindowLimitRefusesMoreWindows() throws {
        var limits = Limits()
        limits.trackedWindows = 2
        rig = Rig(limits: limits)
        try attach()
        try window(1, app)
        try window(2, other)
        let error = rig.expectFailure(.limitExceeded, .window(.window(TrackedWindow(handle: 3, appId: "org.example.C"))), as: Caller.shell)
        XCTAssertTrue(error?.message.contains("2") ?? false)
        XCTAssertEqual(rig.manager.windows.windows.count, 2)
        try window(2, other, activated: true)
        XCTAssertEqual(rig.manager.frontScene, observed(2), "a known window still changes")
    }

    func testAWindowWithAnInvalidAppIdIsCountedButNeverObserved() throws {
        try attach()
        try window(1, "not an app id", activated: true)
        try window(2, "")
        XCTAssertEqual(rig.manager.managerSnapshot.trackedWindows, 2)
        XCTAssertTrue(rig.manager.scenes.isEmpty)
        XCTAssertEqual(rig.manager.windows.windows[1]?.appId, "")
    }
}

extension InterfaceOrientation {
    var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
