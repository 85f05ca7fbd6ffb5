import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// When orientd restarts, the client registers its scenes again by itself, as they were,
/// and tells the app.
final class ServiceRestartTests: ClientTestCase {
    /// Kills orientd (SIGKILL: no goodbye) and starts it again on the same bus and state
    /// folder (so the settle time stays 0).
    private func killAndRestartOrientd() throws {
        let bus = orientd.bus, stateHome = orientd.stateHome
        orientd.process.kill()
        _ = try orientd.process.wait(timeout: .seconds(30))
        orientd = try launch(bus: bus, stateHome: stateHome, timeout: .seconds(30))
    }

    /// The scene's controllers as another connection reads them (GetControllers).
    private func controllers(of path: String) throws -> String {
        let connection = try orientd.bus.connect()
        defer { connection.close() }
        return try connection.call(
            destination: OrientationClient.busName, path: path, interface: OrientationClient.sceneInterface,
            method: "GetControllers", replyType: "(a(sssa{sv}))").description
    }

    /// A window with a tab bar, a navigation stack with a portrait page in mode, a
    /// full-screen landscape player, a sheet, a window policy, a size and an activation state.
    private func registerRichScene(on library: OrientationClient, detached: Bool = false) throws -> OrientationScene {
        let scene = try library.registerScene(SceneOptions(
            appID: "org.example.Restart", supportedOrientations: .all, detached: detached))
        try scene.setWindowOrientations(sceneDelegate: .allButUpsideDown, appDelegate: [.portrait])
        try scene.setGeometry(SceneSize(width: 400, height: 800))
        let tabs = try scene.setRootController("tabs", kind: .tab)
        let home = try tabs.addTab("home", kind: .navigation, properties: ControllerProperties(forwardsOrientation: true))
        let settings = try tabs.addTab("settings", properties: ControllerProperties(supportedOrientations: .all))
        try settings.present("sheet", properties: ControllerProperties(fillsWindow: false))
        let list = try home.push("list", properties: ControllerProperties(supportedOrientations: [.portrait]))
        try home.push("detail")
        try home.pop()
        try list.setOrientationMode(.portrait)
        try list.setProperties(ControllerProperties(shouldAutorotate: false))
        try tabs.selectTab(settings)
        try tabs.selectTab(home)
        try list.present("player", properties: ControllerProperties(
            supportedOrientations: .landscape, preferredOrientation: .landscapeRight))
        try scene.setActivationState(.foregroundInactive)
        return scene
    }

    /// A stand-in for a new orientd on the real bus: the contract's manager interface at
    /// the manager path, answered by `manager`, and the name taken.
    private func makeStandIn(scenePath: String? = nil, scene: (@Sendable (MethodInvocation) -> Void)? = nil,
                             manager: @escaping @Sendable (MethodInvocation) -> Void) throws -> LoopConnection {
        let dbus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("dbus")
        func interface(_ file: String, _ name: String) throws -> InterfaceInfo {
            try InterfaceInfo(xml: String(contentsOfFile: dbus.appendingPathComponent(file).path, encoding: .utf8), name: name)
        }
        let managerInterface = try interface("io.github.orientd.OrientationManager1.xml", OrientationClient.managerInterface)
        let sceneInterface = try interface("io.github.orientd.OrientationManager1.Scene.xml", OrientationClient.sceneInterface)
        let standIn = try orientd.bus.connectWithLoop()
        try standIn.sync { () throws(DBusError) in
            try standIn.connection.registerObject(path: OrientationClient.managerPath, interface: managerInterface,
                                                  methodCall: manager)
            if let scenePath, let scene {
                try standIn.connection.registerObject(path: scenePath, interface: sceneInterface, methodCall: scene)
            }
        }
        try standIn.connection.requestName(OrientationClient.busName)
        return standIn
    }

    /// Between orientd's return and the scene's, a call on the scene never reaches the new
    /// instance under the old path (there it could be another app's window).
    func testACallBeforeTheSceneIsBackNeverReachesTheNewInstanceUnderTheOldPath() async throws {
        let restarts = try library.serviceRestarts()
        let scene = try registerPhoneScene()
        let oldPath = scene.path
        orientd.process.kill()
        _ = try orientd.process.wait(timeout: .seconds(30))
        // Whether or not the client has heard yet that orientd left: the instance is gone.
        // (ServiceUnknown once the bus has seen it go; NoReply when the call reached the bus
        // just before the bus saw the dead instance's socket close.)
        do {
            try scene.requestOrientation(.landscapeLeft)
            XCTFail("a call on the scene of an instance that is gone succeeded")
        } catch {
            XCTAssertTrue([.serviceUnknown, .noReply].contains(error.code), "\(error)")
        }

        // The new instance has another window at the old path, and is slow to register ours.
        let pending = LockedValue<MethodInvocation?>(nil)
        let reachedOldPath = LockedValue<[String]>([])
        let standIn = try makeStandIn(scenePath: oldPath, scene: { call in
            reachedOldPath.withLock { $0.append(call.methodName) }
            call.returnValues(Variant(string: "landscape-left"))
        }, manager: { call in
            if call.methodName == "RegisterScene" { pending.withLock { $0 = call } } else { call.returnValue(nil) }
        })
        defer { standIn.close() }
        try eventually("the client registers the scene again", timeout: .seconds(30)) { pending.value != nil }
        assertFails(.serviceUnknown) { () throws(OrientationClientError) in try scene.requestOrientation(.landscapeLeft) }
        assertFails(.serviceUnknown) { () throws(OrientationClientError) in try scene.interfaceOrientation() }
        XCTAssertEqual(reachedOldPath.value, [])

        pending.value?.returnError(name: OrientationClientError.Code.limitExceeded.rawValue, message: "no more scenes")
        let restart = try await withDeadline(.seconds(30), "the restart") { () -> ServiceRestart? in
            for await restart in restarts { return restart }
            return nil
        }
        XCTAssertEqual(restart?.lost.map(\.scene), [scene])
        XCTAssertEqual(reachedOldPath.value, [])
    }

    /// A client made before orientd runs learns its owner when it comes: orientd's first
    /// start is not a restart, and the device's and scenes' signals are believed.
    func testAClientMadeBeforeOrientdFollowsItsFirstStart() async throws {
        let bus = try makeBus()
        let early = try OrientationClient(address: bus.address, timeout: .seconds(10))
        defer { early.close() }
        let restarts = try early.serviceRestarts()
        let devices = try early.deviceOrientationChanges()
        var first: OrientdInstance? = try launch(bus: bus, timeout: .seconds(30))
        let firstOwner = try bus.connect().nameOwner(OrientationClient.busName)
        let scene = try early.registerScene(SceneOptions(appID: "org.example.Early", supportedOrientations: .all))
        let changes = try scene.orientationChanges()
        try scene.requestOrientation(.landscapeLeft)
        try early.setDeviceOrientation(.landscapeRight)
        let device = try await withDeadline(.seconds(30), "the device change") { () -> DeviceOrientation? in
            for await orientation in devices { return orientation }
            return nil
        }
        XCTAssertEqual(device, .landscapeRight)

        first?.process.kill()
        _ = try first?.process.wait(timeout: .seconds(30))
        let stateHome = try XCTUnwrap(first?.stateHome)
        first = nil
        try launch(bus: bus, stateHome: stateHome, timeout: .seconds(30))
        let restart = try await withDeadline(.seconds(30), "the restart") { () -> ServiceRestart? in
            for await restart in restarts { return restart }
            return nil
        }
        XCTAssertEqual(restart?.previousOwner, firstOwner, "the first start was announced as a restart")
        XCTAssertEqual(restart?.restored.map(\.scene), [scene])
        try scene.unregister()
        let received = try await collect(changes, "the scene's stream", timeout: .seconds(30))
        XCTAssertEqual(received.first?.description, "portrait -> landscape-left (request)")
        XCTAssertEqual(received.last?.reason, .serviceRestart)
    }

    func testTheClientRegistersItsScenesAgainAndTellsTheApp() async throws {
        let restarts = try library.serviceRestarts()
        let told = LockedValue<[ServiceRestart]>([])
        let observation = try library.onServiceRestart { restart in told.withLock { $0.append(restart) } }
        let scene = try registerRichScene(on: library)
        let detached = try registerRichScene(on: library, detached: true)
        let changes = try scene.orientationChanges()
        let oldPaths = [scene.path, detached.path]
        let oldOwner = try XCTUnwrap(orientd.bus.connect().nameOwner(OrientationClient.busName))
        let controllersBefore = try oldPaths.map(controllers(of:))
        let statesBefore = try [scene, detached].map { try $0.state() }
        XCTAssertEqual(statesBefore[0].interfaceOrientation, .landscapeRight, "the player's preferred orientation")

        try killAndRestartOrientd()
        let restart = try await withDeadline(.seconds(30), "the client to announce the restart") { () -> ServiceRestart? in
            for await restart in restarts { return restart }
            return nil
        }
        let newOwner = try orientd.bus.connect().nameOwner(OrientationClient.busName)
        XCTAssertEqual(restart?.previousOwner, oldOwner)
        XCTAssertEqual(restart?.owner, newOwner)
        XCTAssertEqual(restart?.restored.map(\.scene), [scene, detached])
        XCTAssertEqual(restart?.restored.map(\.previousPath), oldPaths)
        XCTAssertEqual(restart?.restored.map(\.interfaceOrientation), [.landscapeRight, .landscapeRight])
        XCTAssertEqual(restart?.lost.count, 0)
        try eventually("the callback form is told too", timeout: .seconds(30)) { told.value.count == 1 }

        // Another client sees the same scenes: the same tree, declarations, modes and state.
        XCTAssertEqual(Set(try exportedScenes()), [scene.path, detached.path])
        XCTAssertEqual(try [scene.path, detached.path].map(controllers(of:)), controllersBefore)
        let observer = try makeClient()
        let statesAfter = try [scene.path, detached.path].map { try observer.scene(at: $0).state() }
        XCTAssertEqual(statesAfter, statesBefore)

        // The scene's stream went on: one element for the restart, then the scene's changes.
        try scene.controller("player").dismiss()
        try scene.unregister()
        let received = try await collect(changes, "the scene's stream", timeout: .seconds(30))
        XCTAssertEqual(received.map(\.description), [
            "landscape-right -> landscape-right (service-restart)",
            "landscape-right -> portrait (dismissal)",
        ])
        XCTAssertEqual(received.map(\.scenePath), [scene.path, scene.path])
        try detached.unregister()
        observation.cancel()
    }

    func testScenesOfOtherAppsAndUnregisteredScenesAreNotRegisteredAgain() async throws {
        let restarts = try library.serviceRestarts()
        let other = try makeClient()
        _ = try registerPhoneScene(appID: "org.example.Other", on: other)
        let kept = try registerPhoneScene(appID: "org.example.Kept")
        let gone = try registerPhoneScene(appID: "org.example.Gone")
        try gone.unregister()

        try killAndRestartOrientd()
        let restart = try await withDeadline(.seconds(30), "the restart") { () -> ServiceRestart? in
            for await restart in restarts { return restart }
            return nil
        }
        XCTAssertEqual(restart?.restored.map(\.scene), [kept])
        // The other app (the same library) put its own scene back; nothing more.
        try eventually("the other app's scene is back", timeout: .seconds(30)) { try self.exportedScenes().count == 2 }
        let appIDs = try exportedScenes().map { try library.scene(at: $0).state().appID }
        XCTAssertEqual(Set(appIDs), ["org.example.Other", "org.example.Kept"])
        other.close()
    }

    func testAForgedSignalOnTheOldPathIsIgnoredAfterTheRestart() async throws {
        let scene = try registerPhoneScene()
        let changes = try scene.orientationChanges()
        let restarts = try library.serviceRestarts()
        let oldPath = scene.path
        try killAndRestartOrientd()
        _ = try await withDeadline(.seconds(30), "the restart") { () -> ServiceRestart? in
            for await restart in restarts { return restart }
            return nil
        }
        // Someone still speaking for the old path, straight to the app.
        let forger = try orientd.bus.connect()
        try forger.emitSignal(destination: library.uniqueName, path: oldPath, interface: OrientationClient.sceneInterface,
                              signal: "OrientationChanged", parameters: Variant(tuple: [
                                  Variant(string: "portrait"), Variant(string: "landscape-left"), Variant(string: "forged")]))
        try forger.syncWithBus()
        forger.close()
        try scene.requestOrientation(.landscapeRight)
        try scene.unregister()
        let received = try await collect(changes, "the scene's stream", timeout: .seconds(30))
        XCTAssertEqual(received.map(\.reason), [.serviceRestart, .request])
    }

    /// A new owner of the name that refuses the first registration and accepts the second
    /// without exporting the scene (so its first controller fails): both scenes are lost,
    /// the half-built one is unregistered, the app is told why, and their streams end.
    func testAScenesTheNewInstanceRefusesAreLostAndTheAppIsTold() async throws {
        let restarts = try library.serviceRestarts()
        let refused = try registerPhoneScene(appID: "org.example.Refused")
        let halfBuilt = try registerPhoneScene(appID: "org.example.HalfBuilt")
        try halfBuilt.setRootController("page")
        let refusedChanges = try refused.orientationChanges()
        let halfBuiltChanges = try halfBuilt.orientationChanges()
        let oldPaths = [refused.path, halfBuilt.path]

        orientd.process.kill()
        _ = try orientd.process.wait(timeout: .seconds(30))
        let calls = LockedValue<[String]>([])
        let standIn = try makeStandIn { call in
            let count = calls.withLock { calls in
                calls.append("\(call.methodName) \(call.parameters)")
                return calls.filter { $0.hasPrefix("RegisterScene") }.count
            }
            switch (call.methodName, count) {
            case ("RegisterScene", 1):
                call.returnError(name: OrientationClientError.Code.limitExceeded.rawValue, message: "no more scenes")
            case ("RegisterScene", _):
                call.returnValues(Variant(objectPath: OrientationClient.managerPath + "/scene/77"))
            default:
                call.returnValue(nil)
            }
        }
        defer { standIn.close() }

        let restart = try await withDeadline(.seconds(30), "the restart") { () -> ServiceRestart? in
            for await restart in restarts { return restart }
            return nil
        }
        XCTAssertEqual(restart?.restored.count, 0)
        XCTAssertEqual(restart?.lost.map(\.scene), [refused, halfBuilt])
        XCTAssertEqual(restart?.lost.map(\.previousPath), oldPaths)
        XCTAssertEqual(restart?.lost.first?.error.code, .limitExceeded)
        XCTAssertEqual(restart?.lost.first?.error.message, "no more scenes")
        XCTAssertNotNil(restart?.lost.last?.error.code, "\(String(describing: restart?.lost.last?.error))")
        XCTAssertEqual(calls.value.last, "UnregisterScene ('\(OrientationClient.managerPath)/scene/77',)")
        let received = try await collect(refusedChanges, "the refused scene's stream", timeout: .seconds(30))
            + collect(halfBuiltChanges, "the half-built scene's stream", timeout: .seconds(30))
        XCTAssertEqual(received, [])
        // A lost scene's handle says so, and sends nothing under its old path.
        assertFails(.unknownScene) { () throws(OrientationClientError) in try refused.requestOrientation(.landscapeLeft) }
        assertFails(.unknownScene) { () throws(OrientationClientError) in try halfBuilt.controller("page").updateOrientation() }
        assertFails(.unknownScene) { () throws(OrientationClientError) in try refused.orientationChanges() }
    }
}
