import OrientationCore
import XCTest

/// Layers 1, 2 and 4: the app's supported orientations, the window policy (delegates) and the deciding
/// controller's mask.
final class LayerTests: XCTestCase {
    func testSupportedOrientationsDefaultsToPortraitOnPhone() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register()
        XCTAssertEqual(subject.snapshot(scene).supported, .portrait)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        subject.expectFailure(.unsupportedOrientation, on: scene, .request(.landscapeRight))
        XCTAssertEqual(Idiom.phone.defaultSupported, .portrait)
    }

    func testSupportedOrientationsDefaultsToPortraitAndBothLandscapesOnPad() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register(idiom: .pad)
        XCTAssertEqual(subject.snapshot(scene).supported, [.portrait, .landscapeLeft, .landscapeRight])
        try subject.device(.portraitUpsideDown)
        XCTAssertEqual(subject.orientation(scene), .portrait, "upside-down is outside the pad's default supported orientations")
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(scene), .landscapeLeft)
    }

    func testGivenSupportedOrientationsIsTheFirstLayer() throws {
        var subject = ManagerUnderTest()
        try subject.device(.landscapeLeft)
        let scene = try subject.register { $0.supported = .landscape }
        XCTAssertEqual(subject.snapshot(scene).supported, .landscape)
        XCTAssertEqual(subject.orientation(scene), .landscapeRight)
        let steps = try subject.manager.explain(scene)
        XCTAssertEqual(steps[0].name, "supported-orientations")
        XCTAssertEqual(steps[0].mask, .landscape)
    }

    func testDelegateMaskReplacesSupportedOrientationsRatherThanIntersecting() throws {
        var subject = ManagerUnderTest()
        // Supported orientations portrait only; the scene delegate allows landscape only: the result is
        // landscape (a replacement), not the empty intersection.
        let scene = try subject.register {
            $0.supported = .portrait
            $0.sceneDelegate = .landscape
        }
        XCTAssertEqual(subject.snapshot(scene).supported, .landscape)
        XCTAssertEqual(subject.orientation(scene), .landscapeRight)
        // A wider delegate mask also widens past the supported orientations.
        try subject.on(scene, .setWindowOrientations(sceneDelegate: .all, appDelegate: nil))
        XCTAssertEqual(subject.snapshot(scene).supported, .allButUpsideDown, "the phone's default controller still caps it")
        try subject.on(scene, .setRoot(view("root", .all)))
        XCTAssertEqual(subject.snapshot(scene).supported, .all)
    }

    func testSceneDelegateMaskTakesPrecedenceOverAppDelegate() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register {
            $0.supported = .all
            $0.sceneDelegate = .portrait
            $0.appDelegate = .landscape
        }
        XCTAssertEqual(subject.snapshot(scene).supported, .portrait)
        let steps = try subject.manager.explain(scene)
        XCTAssertEqual(steps[1].name, "window-policy")
        XCTAssertEqual(steps[1].mask, .portrait)
        XCTAssertTrue(steps[1].sentence.contains("scene delegate"), steps[1].sentence)
    }

    func testAppDelegateMaskReplacesSupportedOrientationsWhenNoSceneDelegate() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register { $0.appDelegate = .landscape }
        XCTAssertEqual(subject.snapshot(scene).supported, .landscape)
        XCTAssertTrue(try subject.manager.explain(scene)[1].sentence.contains("app delegate"))
    }

    func testClearingDelegateMasksRestoresTheSupportedOrientationsAtOnce() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register { $0.sceneDelegate = .landscape }
        XCTAssertEqual(subject.orientation(scene), .landscapeRight)
        try subject.on(scene, .setWindowOrientations(sceneDelegate: nil, appDelegate: nil))
        XCTAssertEqual(subject.snapshot(scene).supported, .portrait)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .landscapeRight, .portrait, .policy)])
    }

    func testDecidingControllerMaskIsIntersected() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register { $0.supported = .all }
        try subject.on(scene, .setRoot(view("root", [.portrait, .landscapeLeft])))
        XCTAssertEqual(subject.snapshot(scene).supported, [.portrait, .landscapeLeft])
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(scene), .portrait, "interface landscape-right is not in the controller's mask")
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(scene), .landscapeLeft)
    }

    func testControllerDefaultMaskDependsOnTheIdiom() throws {
        var subject = ManagerUnderTest()
        let phone = try subject.register { $0.supported = .all }
        let pad = try subject.register(idiom: .pad) { $0.supported = .all }
        try subject.on(phone, .setRoot(view("root")))
        try subject.on(pad, .setRoot(view("root")))
        XCTAssertEqual(subject.snapshot(phone).supported, .allButUpsideDown)
        XCTAssertEqual(subject.snapshot(pad).supported, .all)
        try subject.device(.portraitUpsideDown)
        XCTAssertEqual(subject.orientation(phone), .portrait)
        XCTAssertEqual(subject.orientation(pad), .portraitUpsideDown)
    }

    func testOrientationModeReplacesTheDeclaredMask() throws {
        var subject = ManagerUnderTest()
        let scene = try subject.register { $0.supported = .all }
        try subject.on(scene, .setRoot(view("root", .portrait)))
        try subject.on(scene, .setMode("root", .landscape))
        try subject.on(scene, .update)
        XCTAssertEqual(subject.snapshot(scene).supported, .landscape, "the mode replaces, it does not intersect")
        try subject.on(scene, .setMode("root", .dynamic))
        try subject.on(scene, .update)
        XCTAssertEqual(subject.snapshot(scene).supported, .all)
        try subject.on(scene, .setMode("root", .portrait))
        try subject.on(scene, .update)
        XCTAssertEqual(subject.snapshot(scene).supported, .portrait)
        XCTAssertEqual(subject.orientation(scene), .portrait)
    }
}
