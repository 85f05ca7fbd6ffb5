import OrientationCore
import XCTest

/// Layers 1, 2 and 4: the app whitelist, the window policy (delegates) and the deciding
/// controller's mask.
final class LayerTests: XCTestCase {
    func testWhitelistDefaultsToPortraitOnPhone() throws {
        var rig = Rig()
        let scene = try rig.register()
        XCTAssertEqual(rig.snapshot(scene).supported, .portrait)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        rig.expectFailure(.unsupportedOrientation, on: scene, .request(.landscapeRight))
        XCTAssertEqual(Idiom.phone.defaultWhitelist, .portrait)
    }

    func testWhitelistDefaultsToPortraitAndBothLandscapesOnPad() throws {
        var rig = Rig()
        let scene = try rig.register(idiom: .pad)
        XCTAssertEqual(rig.snapshot(scene).supported, [.portrait, .landscapeLeft, .landscapeRight])
        try rig.device(.portraitUpsideDown)
        XCTAssertEqual(rig.orientation(scene), .portrait, "upside-down is outside the pad's default whitelist")
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(scene), .landscapeLeft)
    }

    func testGivenWhitelistIsTheFirstLayer() throws {
        var rig = Rig()
        try rig.device(.landscapeLeft)
        let scene = try rig.register { $0.supported = .landscape }
        XCTAssertEqual(rig.snapshot(scene).supported, .landscape)
        XCTAssertEqual(rig.orientation(scene), .landscapeRight)
        let steps = try rig.manager.explain(scene)
        XCTAssertEqual(steps[0].name, "whitelist")
        XCTAssertEqual(steps[0].mask, .landscape)
    }

    func testDelegateMaskReplacesWhitelistRatherThanIntersecting() throws {
        var rig = Rig()
        // Whitelist portrait only; the scene delegate allows landscape only: the result is
        // landscape (a replacement), not the empty intersection.
        let scene = try rig.register {
            $0.supported = .portrait
            $0.sceneDelegate = .landscape
        }
        XCTAssertEqual(rig.snapshot(scene).supported, .landscape)
        XCTAssertEqual(rig.orientation(scene), .landscapeRight)
        // A wider delegate mask also widens past the whitelist.
        try rig.on(scene, .setWindowOrientations(sceneDelegate: .all, appDelegate: nil))
        XCTAssertEqual(rig.snapshot(scene).supported, .allButUpsideDown, "the phone's default controller still caps it")
        try rig.on(scene, .setRoot(view("root", .all)))
        XCTAssertEqual(rig.snapshot(scene).supported, .all)
    }

    func testSceneDelegateMaskTakesPrecedenceOverAppDelegate() throws {
        var rig = Rig()
        let scene = try rig.register {
            $0.supported = .all
            $0.sceneDelegate = .portrait
            $0.appDelegate = .landscape
        }
        XCTAssertEqual(rig.snapshot(scene).supported, .portrait)
        let steps = try rig.manager.explain(scene)
        XCTAssertEqual(steps[1].name, "window-policy")
        XCTAssertEqual(steps[1].mask, .portrait)
        XCTAssertTrue(steps[1].sentence.contains("scene delegate"), steps[1].sentence)
    }

    func testAppDelegateMaskReplacesWhitelistWhenNoSceneDelegate() throws {
        var rig = Rig()
        let scene = try rig.register { $0.appDelegate = .landscape }
        XCTAssertEqual(rig.snapshot(scene).supported, .landscape)
        XCTAssertTrue(try rig.manager.explain(scene)[1].sentence.contains("app delegate"))
    }

    func testClearingDelegateMasksRestoresTheWhitelistAtOnce() throws {
        var rig = Rig()
        let scene = try rig.register { $0.sceneDelegate = .landscape }
        XCTAssertEqual(rig.orientation(scene), .landscapeRight)
        try rig.on(scene, .setWindowOrientations(sceneDelegate: nil, appDelegate: nil))
        XCTAssertEqual(rig.snapshot(scene).supported, .portrait)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .landscapeRight, .portrait, .policy)])
    }

    func testDecidingControllerMaskIsIntersected() throws {
        var rig = Rig()
        let scene = try rig.register { $0.supported = .all }
        try rig.on(scene, .setRoot(view("root", [.portrait, .landscapeLeft])))
        XCTAssertEqual(rig.snapshot(scene).supported, [.portrait, .landscapeLeft])
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(scene), .portrait, "interface landscape-right is not in the controller's mask")
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(scene), .landscapeLeft)
    }

    func testControllerDefaultMaskDependsOnTheIdiom() throws {
        var rig = Rig()
        let phone = try rig.register { $0.supported = .all }
        let pad = try rig.register(idiom: .pad) { $0.supported = .all }
        try rig.on(phone, .setRoot(view("root")))
        try rig.on(pad, .setRoot(view("root")))
        XCTAssertEqual(rig.snapshot(phone).supported, .allButUpsideDown)
        XCTAssertEqual(rig.snapshot(pad).supported, .all)
        try rig.device(.portraitUpsideDown)
        XCTAssertEqual(rig.orientation(phone), .portrait)
        XCTAssertEqual(rig.orientation(pad), .portraitUpsideDown)
    }

    func testOrientationModeReplacesTheDeclaredMask() throws {
        var rig = Rig()
        let scene = try rig.register { $0.supported = .all }
        try rig.on(scene, .setRoot(view("root", .portrait)))
        try rig.on(scene, .setMode("root", .landscape))
        try rig.on(scene, .update)
        XCTAssertEqual(rig.snapshot(scene).supported, .landscape, "the mode replaces, it does not intersect")
        try rig.on(scene, .setMode("root", .dynamic))
        try rig.on(scene, .update)
        XCTAssertEqual(rig.snapshot(scene).supported, .all)
        try rig.on(scene, .setMode("root", .portrait))
        try rig.on(scene, .update)
        XCTAssertEqual(rig.snapshot(scene).supported, .portrait)
        XCTAssertEqual(rig.orientation(scene), .portrait)
    }
}
