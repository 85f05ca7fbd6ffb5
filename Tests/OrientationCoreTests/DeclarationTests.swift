import OrientationCore
import XCTest

/// SetControllerProperties and SetOrientationMode: validated at once, applied at the next
/// evaluation (UpdateOrientation, a structural change, a device rotation, a policy change).
final class DeclarationTests: XCTestCase {
    /// A phone scene allowing portrait and landscape, with a portrait-only root "root".
    private func portraitScene(_ rig: inout Rig) throws -> SceneID {
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(navigation("root", .portrait, forwards: false)))
        return id
    }

    func testSetControllerPropertiesChangesNothingUntilUpdateOrientation() throws {
        var rig = Rig()
        let id = try portraitScene(&rig)
        let before = StateProjection(rig.manager).scenes[id]!.snapshot
        try rig.on(id, .setProperties("root", patch(.landscape)))
        XCTAssertEqual(rig.snapshot(id), before, "no published property changes yet")
        XCTAssertEqual(rig.events, [])
        XCTAssertEqual(rig.manager.scenes[id]!.tree[rig.manager.scenes[id]!.tree.root!].declaration.supported, .landscape,
                       "but the declaration is recorded")
        XCTAssertEqual(try rig.on(id, .update).reply, .orientation(.landscapeRight))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .update)])
        XCTAssertEqual(rig.snapshot(id).supported, .landscape)
    }

    func testSetOrientationModeChangesNothingUntilUpdateOrientation() throws {
        var rig = Rig()
        let id = try portraitScene(&rig)
        try rig.on(id, .setMode("root", .landscape))
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.snapshot(id).supported, .portrait)
        XCTAssertEqual(rig.events, [])
        try rig.on(id, .update)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .update)])
    }

    func testPendingDeclarationTakesEffectAtAStructuralChange() throws {
        var rig = Rig()
        let id = try portraitScene(&rig)
        try rig.on(id, .setProperties("root", patch(.landscape)))
        try rig.on(id, .push(navigation: "root", view("child")))
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .navigation)])
    }

    func testPendingDeclarationTakesEffectAtADeviceRotation() throws {
        var rig = Rig()
        let id = try portraitScene(&rig)
        try rig.on(id, .setProperties("root", patch(.allButUpsideDown)))
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .device)])
    }

    func testPendingDeclarationTakesEffectAtAPolicyChange() throws {
        var rig = Rig()
        let id = try portraitScene(&rig)
        try rig.on(id, .setMode("root", .landscape))
        try rig.run(.setAppPolicy(appId: "org.example.App", AppPolicy(followSensor: false)), as: Caller.shell)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .policy)])
        // Kiosk mode and window policy changes apply pending declarations too.
        try rig.on(id, .setMode("root", .portrait))
        try rig.on(id, .setWindowOrientations(sceneDelegate: .all, appDelegate: nil))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .policy)])
    }

    func testDeclarationsAreValidatedAtOnce() throws {
        var rig = Rig()
        let id = try rig.register() // phone, portrait whitelist
        try rig.on(id, .setRoot(navigation("root", .portrait, forwards: false)))
        try rig.on(id, .push(navigation: "root", view("hidden", .portrait)))
        // The deciding controller may not declare a mask the window does not allow…
        let error = rig.expectFailure(.noSupportedOrientation, on: id, .setProperties("root", patch(.landscape)))
        XCTAssertTrue(error?.message.contains("[portrait]") ?? false, error?.message ?? "")
        XCTAssertTrue(error?.message.contains("[landscape-right, landscape-left]") ?? false, error?.message ?? "")
        rig.expectFailure(.noSupportedOrientation, on: id, .setMode("root", .landscape))
        // …but a controller that does not decide may: it is checked when it comes to decide.
        try rig.on(id, .setProperties("hidden", patch(.landscape)))
        let handOver = rig.expectFailure(.noSupportedOrientation, on: id, .setProperties("root", patch(forwards: true)))
        XCTAssertTrue(handOver?.message.contains("'hidden'") ?? false, handOver?.message ?? "")
        // A preferred orientation outside the controller's own mask is refused at once.
        rig.expectFailure(.unsupportedOrientation, on: id, .setProperties("root", patch(preferred: .landscapeLeft)))
        rig.expectFailure(.unsupportedOrientation, on: id, .setProperties("root", patch(.portrait, preferred: .portraitUpsideDown)))
    }

    func testPreferredOrientationOutsideItsOwnMaskIsUnsupportedOrientation() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .all }
        let error = rig.expectFailure(.unsupportedOrientation, on: id, .setRoot(view("root", .portrait, preferred: .landscapeLeft)))
        XCTAssertTrue(error?.message.contains("landscape-left") ?? false)
        XCTAssertTrue(error?.message.contains("[portrait]") ?? false)
        // Against the idiom default when no mask is given (phone: not upside-down).
        rig.expectFailure(.unsupportedOrientation, on: id, .setRoot(view("root", preferred: .portraitUpsideDown)))
        try rig.on(id, .setRoot(navigation("nav", .all)))
        rig.expectFailure(.unsupportedOrientation, on: id, .push(navigation: "nav", view("v", .landscape, preferred: .portrait)))
        rig.expectFailure(.unsupportedOrientation, on: id, .present(presenter: "nav", view("v", .landscape, preferred: .portrait)))
        // With a mode, the mode's mask is the controller's own.
        try rig.on(id, .setMode("nav", .landscape))
        rig.expectFailure(.unsupportedOrientation, on: id, .setProperties("nav", patch(preferred: .portrait)))
        try rig.on(id, .setProperties("nav", patch(preferred: .landscapeLeft)))
        // Narrowing the mask so that the kept preferred falls outside is refused too.
        try rig.on(id, .push(navigation: "nav", view("page", .all, preferred: .landscapeLeft)))
        rig.expectFailure(.unsupportedOrientation, on: id, .setProperties("page", patch(.portrait)))
        try rig.on(id, .setProperties("page", patch(.landscape)))
    }

    func testLockedModeFreezesTheCurrentOrientationAndStopsAutorotation() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .all }
        try rig.on(id, .setRoot(view("root", .all)))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        try rig.on(id, .setMode("root", .locked))
        try rig.on(id, .update)
        XCTAssertEqual(rig.snapshot(id).supported, .landscapeRight)
        try rig.device(.portrait)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [])
        let controller = try rig.manager.explain(id).first { $0.name == "controller" }!.sentence
        XCTAssertTrue(controller.contains("locked") && controller.contains("does not autorotate"), controller)
        // Clearing the mode restores the declaration and autorotation at the next evaluation.
        try rig.on(id, .setMode("root", .none))
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        try rig.on(id, .update)
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .update)])
    }

    func testExplainShowsTheDeclarationsAsTheyStandNow() throws {
        var rig = Rig()
        let id = try portraitScene(&rig)
        try rig.on(id, .setProperties("root", patch(.landscape)))
        let steps = try rig.manager.explain(id)
        XCTAssertEqual(steps.first { $0.name == "controller" }!.mask, .landscape)
        let decision = steps.last!
        XCTAssertEqual(decision.mask, .portrait, "the decision is the current orientation")
        XCTAssertTrue(decision.sentence.contains("UpdateOrientation"), decision.sentence)
    }
}
