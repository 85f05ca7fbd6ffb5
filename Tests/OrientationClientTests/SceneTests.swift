import OrientationClient
import TestSupport
import XCTest

/// Registering scenes and driving their controllers through the library, against orientd.
final class SceneTests: ClientTestCase {
    func testRegisterSendsEveryOptionAndStateReadsThemBack() throws {
        let scene = try library.registerScene(SceneOptions(
            appID: "org.example.Pad", idiom: .pad, supportedOrientations: .all,
            appDelegateOrientations: [.portrait, .portraitUpsideDown],
            size: SceneSize(width: 800, height: 1000), display: "external-1"))
        XCTAssertTrue(scene.path.hasPrefix(Contract.sceneNamespace(of: library.uniqueName) + "/"),
                      "in the namespace of the connection that registered it: \(scene.path)")
        let state = try scene.state()
        XCTAssertEqual(state.appID, "org.example.Pad")
        XCTAssertEqual(state.owner, library.uniqueName)
        XCTAssertFalse(state.detached)
        XCTAssertEqual(state.idiom, .pad)
        XCTAssertEqual(state.display, "external-1")
        XCTAssertEqual(state.size, SceneSize(width: 800, height: 1000))
        // The app delegate's mask replaces the supported orientations.
        XCTAssertEqual(state.supportedOrientations, [.portrait, .portraitUpsideDown])
        XCTAssertEqual(state.interfaceOrientation, .portrait)
        XCTAssertNil(state.decidingController)
        XCTAssertEqual(state.activationState, .foregroundActive)
        XCTAssertFalse(state.splitView)
        XCTAssertFalse(state.statusBarHidden)
        XCTAssertEqual(try scene.interfaceOrientation(), .portrait)
    }

    func testDefaultsAreOrientds() throws {
        let scene = try library.registerScene(SceneOptions(appID: "org.example.Phone"))
        let state = try scene.state()
        XCTAssertEqual(state.idiom, .phone)
        XCTAssertEqual(state.display, "builtin")
        XCTAssertEqual(state.size, SceneSize(width: 390, height: 844))
        XCTAssertEqual(state.supportedOrientations, .portrait, "the phone's default supported orientations")
    }

    func testDetachedSceneHasNoOwner() throws {
        let scene = try registerPhoneScene(detached: true)
        let state = try scene.state()
        XCTAssertTrue(state.detached)
        XCTAssertNil(state.owner)
    }

    func testNavigationPushAndPopReEvaluate() async throws {
        let scene = try registerPhoneScene()
        let changes = try scene.orientationChanges()
        let navigation = try scene.setRootController("nav", kind: .navigation)
        try navigation.push("list", properties: ControllerProperties(supportedOrientations: .portrait))
        try library.setDeviceOrientation(.landscapeLeft)
        let detail = try navigation.push("detail", properties: ControllerProperties(supportedOrientations: .allButUpsideDown))
        XCTAssertEqual(detail.id, "detail")
        XCTAssertEqual(try scene.interfaceOrientation(), .landscapeRight, "the detail page follows the device")
        XCTAssertEqual(try scene.state().decidingController, "detail")
        let popped = try navigation.pop()
        XCTAssertEqual(popped.id, "detail")
        XCTAssertEqual(try scene.interfaceOrientation(), .portrait, "back on the portrait list at once")
        try scene.unregister()
        let received = try await collect(changes, "the changes until the scene is removed")
        XCTAssertEqual(received.map(\.reason), [.navigation, .navigation])
        XCTAssertEqual(received.map(\.current), [.landscapeRight, .portrait])
    }

    func testTabsSelectTheDecidingChild() async throws {
        let scene = try registerPhoneScene()
        let tabs = try scene.setRootController("tabs", kind: .tab)
        let portraitTab = try tabs.addTab("home", properties: ControllerProperties(supportedOrientations: .portrait))
        let landscapeTab = try tabs.addTab("videos", properties: ControllerProperties(supportedOrientations: .landscape))
        XCTAssertEqual(try scene.state().decidingController, "home", "the first tab is selected")
        let changes = try scene.orientationChanges()
        try tabs.selectTab(landscapeTab)
        XCTAssertEqual(try scene.interfaceOrientation(), .landscapeRight)
        try tabs.selectTab(portraitTab.id)
        XCTAssertEqual(try scene.interfaceOrientation(), .portrait)
        try scene.unregister()
        let received = try await collect(changes, "the changes until the scene is removed")
        XCTAssertEqual(received.map(\.description),
                       ["portrait -> landscape-right (tab)", "landscape-right -> portrait (tab)"])
    }

    func testPresentWithPreferredOrientationAndDismiss() throws {
        let scene = try registerPhoneScene()
        let list = try scene.setRootController("list", properties: ControllerProperties(supportedOrientations: .portrait))
        let player = try list.present("player", properties: ControllerProperties(
            supportedOrientations: .landscape, preferredOrientation: .landscapeLeft))
        XCTAssertEqual(try scene.interfaceOrientation(), .landscapeLeft)
        XCTAssertEqual(try scene.state().decidingController, "player")
        XCTAssertEqual(try scene.state().size, SceneSize(width: 844, height: 390), "width and height swap")
        try player.dismiss()
        XCTAssertEqual(try scene.interfaceOrientation(), .portrait)
        XCTAssertEqual(try scene.state().decidingController, "list")
    }

    func testSheetDoesNotDecide() throws {
        let scene = try registerPhoneScene()
        let list = try scene.setRootController("list", properties: ControllerProperties(supportedOrientations: .portrait))
        try list.present("sheet", properties: ControllerProperties(supportedOrientations: .landscape, fillsWindow: false))
        XCTAssertEqual(try scene.state().decidingController, "list")
        XCTAssertEqual(try scene.interfaceOrientation(), .portrait)
    }

    func testSetOrientationModeTakesEffectAtUpdateOrientation() throws {
        let scene = try registerPhoneScene()
        let page = try scene.setRootController("page")
        try page.setOrientationMode(.landscape)
        XCTAssertEqual(try scene.interfaceOrientation(), .portrait, "recorded, not applied yet")
        XCTAssertEqual(try page.updateOrientation(), .landscapeRight)
        XCTAssertEqual(try scene.interfaceOrientation(), .landscapeRight)
        try page.setOrientationMode(.none)
        try page.setProperties(ControllerProperties(supportedOrientations: .portrait))
        XCTAssertEqual(try scene.interfaceOrientation(), .landscapeRight, "recorded, not applied yet")
        XCTAssertEqual(try scene.updateOrientation(), .portrait)
    }

    func testForwardingOffMakesTheContainerDecide() throws {
        let scene = try registerPhoneScene()
        let navigation = try scene.setRootController(
            "nav", kind: .navigation, properties: ControllerProperties(forwardsOrientation: false))
        try navigation.push("landscape-page", properties: ControllerProperties(supportedOrientations: .landscape))
        XCTAssertEqual(try scene.state().decidingController, "nav")
        XCTAssertEqual(try scene.interfaceOrientation(), .portrait)
    }

    func testRequestOrientationIgnoresAutorotation() throws {
        let scene = try registerPhoneScene()
        try scene.setRootController("page", properties: ControllerProperties(shouldAutorotate: false))
        XCTAssertEqual(try scene.requestOrientation(.landscapeLeft), .landscapeLeft)
        try library.setDeviceOrientation(.landscapeLeft)
        XCTAssertEqual(try library.deviceOrientation(), .landscapeLeft)
        XCTAssertEqual(try scene.interfaceOrientation(), .landscapeLeft, "no autorotation: the device is ignored")
    }

    func testWindowOrientationsGeometryAndActivation() throws {
        let scene = try library.registerScene(SceneOptions(appID: "org.example.Pad", idiom: .pad))
        try scene.setWindowOrientations(sceneDelegate: .landscape, appDelegate: .portrait)
        XCTAssertEqual(try scene.updateOrientation(), .landscapeRight, "the scene delegate's mask wins")
        try scene.setWindowOrientations(sceneDelegate: nil, appDelegate: nil)
        try scene.setGeometry(SceneSize(width: 500, height: 800))
        XCTAssertTrue(try scene.state().splitView)
        XCTAssertEqual(try scene.state().size, SceneSize(width: 500, height: 800))
        try scene.setActivationState(.background)
        XCTAssertEqual(try scene.state().activationState, .background)
    }

    func testExplainListsTheLayersThenTheDecision() throws {
        let scene = try registerPhoneScene()
        try scene.setRootController("page", properties: ControllerProperties(supportedOrientations: .portrait))
        let steps = try scene.explain()
        XCTAssertEqual(steps.first?.name, "supported-orientations")
        XCTAssertEqual(steps.first?.orientations, ["portrait", "landscape-right", "landscape-left"])
        XCTAssertEqual(steps.last?.name, "decision")
        XCTAssertEqual(steps.last?.orientations, ["portrait"])
        XCTAssertTrue(steps.contains { $0.name == "controller" && $0.sentence.contains("'page'") }, "\(steps)")
    }

    func testSceneAtPathDrivesADetachedSceneOfAnotherClient() throws {
        let other = try makeClient()
        defer { other.close() }
        let registered = try registerPhoneScene(detached: true, on: other)
        let handle = try library.scene(at: registered.path)
        try handle.setRootController("page", properties: ControllerProperties(supportedOrientations: .landscape))
        XCTAssertEqual(try registered.interfaceOrientation(), .landscapeRight)
        XCTAssertEqual(handle, try library.scene(at: registered.path))
        assertFails(.invalidArgs) { () throws(OrientationClientError) in try library.scene(at: "/not/a/scene") }
        // The short path reaches the scene for calls but not its signals: a handle needs the full one.
        let number = String(registered.path.split(separator: "/").last!)
        assertFails(.invalidArgs) { () throws(OrientationClientError) in try library.scene(at: OrientationClient.managerPath + "/scene/" + number) }
    }

    func testDeviceOrientationStream() async throws {
        let devices = try library.deviceOrientationChanges()
        try library.setDeviceOrientation(.landscapeRight)
        try library.setDeviceOrientation(.faceUp)
        let received = try await withDeadline(.seconds(20), "two device orientations") {
            var received: [DeviceOrientation] = []
            for await device in devices {
                received.append(device)
                if received.count == 2 { break }
            }
            return received
        }
        XCTAssertEqual(received, [.landscapeRight, .faceUp])
        XCTAssertEqual(try library.deviceOrientation(), .faceUp)
    }
}
