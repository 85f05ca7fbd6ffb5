import OrientationCore
import XCTest

/// SetControllerProperties and SetOrientationMode: validated at once, applied at the next
/// evaluation (UpdateOrientation, a structural change, a device rotation, a policy change).
final class DeclarationTests: XCTestCase {
    /// A phone scene allowing portrait and landscape, with a portrait-only root "root".
    private func portraitScene(_ subject: inout ManagerUnderTest) throws -> SceneID {
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(navigation("root", .portrait, forwards: false)))
        return id
    }

    func testSetControllerPropertiesChangesNothingUntilUpdateOrientation() throws {
        var subject = ManagerUnderTest()
        let id = try portraitScene(&subject)
        let before = StateProjection(subject.manager).scenes[id]!.snapshot
        try subject.on(id, .setProperties("root", patch(.landscape)))
        XCTAssertEqual(subject.snapshot(id), before, "no published property changes yet")
        XCTAssertEqual(subject.events, [])
        XCTAssertEqual(subject.manager.scenes[id]!.tree[subject.manager.scenes[id]!.tree.root!].declaration.supported, .landscape,
                       "but the declaration is recorded")
        XCTAssertEqual(try subject.on(id, .update).reply, .orientation(.landscapeRight))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .update)])
        XCTAssertEqual(subject.snapshot(id).supported, .landscape)
    }

    func testSetOrientationModeChangesNothingUntilUpdateOrientation() throws {
        var subject = ManagerUnderTest()
        let id = try portraitScene(&subject)
        try subject.on(id, .setMode("root", .landscape))
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.snapshot(id).supported, .portrait)
        XCTAssertEqual(subject.events, [])
        try subject.on(id, .update)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .update)])
    }

    func testPendingDeclarationTakesEffectAtAStructuralChange() throws {
        var subject = ManagerUnderTest()
        let id = try portraitScene(&subject)
        try subject.on(id, .setProperties("root", patch(.landscape)))
        try subject.on(id, .push(navigation: "root", view("child")))
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .navigation)])
    }

    func testPendingDeclarationTakesEffectAtADeviceRotation() throws {
        var subject = ManagerUnderTest()
        let id = try portraitScene(&subject)
        try subject.on(id, .setProperties("root", patch(.allButUpsideDown)))
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .device)])
    }

    func testPendingDeclarationTakesEffectAtAPolicyChange() throws {
        var subject = ManagerUnderTest()
        let id = try portraitScene(&subject)
        try subject.on(id, .setMode("root", .landscape))
        try subject.run(.setAppPolicy(appId: "org.example.App", AppPolicy(followSensor: false)), as: Caller.shell)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .policy)])
        // Kiosk mode and window policy changes apply pending declarations too.
        try subject.on(id, .setMode("root", .portrait))
        try subject.on(id, .setWindowOrientations(sceneDelegate: .all, appDelegate: nil))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .policy)])
    }

    func testDeclarationsAreValidatedAtOnce() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register() // phone, portrait supported orientations
        try subject.on(id, .setRoot(navigation("root", .portrait, forwards: false)))
        try subject.on(id, .push(navigation: "root", view("hidden", .portrait)))
        // The deciding controller may not declare a mask the window does not allow…
        let error = subject.expectFailure(.noSupportedOrientation, on: id, .setProperties("root", patch(.landscape)))
        XCTAssertTrue(error?.message.contains("[portrait]") ?? false, error?.message ?? "")
        XCTAssertTrue(error?.message.contains("[landscape-right, landscape-left]") ?? false, error?.message ?? "")
        subject.expectFailure(.noSupportedOrientation, on: id, .setMode("root", .landscape))
        // …but a controller that does not decide may: it is checked when it comes to decide.
        try subject.on(id, .setProperties("hidden", patch(.landscape)))
        let handOver = subject.expectFailure(.noSupportedOrientation, on: id, .setProperties("root", patch(forwards: true)))
        XCTAssertTrue(handOver?.message.contains("'hidden'") ?? false, handOver?.message ?? "")
        // A preferred orientation outside the controller's own mask is refused at once.
        subject.expectFailure(.unsupportedOrientation, on: id, .setProperties("root", patch(preferred: .landscapeLeft)))
        subject.expectFailure(.unsupportedOrientation, on: id, .setProperties("root", patch(.portrait, preferred: .portraitUpsideDown)))
    }

    func testPreferredOrientationOutsideItsOwnMaskIsUnsupportedOrientation() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .all }
        let error = subject.expectFailure(.unsupportedOrientation, on: id, .setRoot(view("root", .portrait, preferred: .landscapeLeft)))
        XCTAssertTrue(error?.message.contains("landscape-left") ?? false)
        XCTAssertTrue(error?.message.contains("[portrait]") ?? false)
        // Against the idiom default when no mask is given (phone: not upside-down).
        subject.expectFailure(.unsupportedOrientation, on: id, .setRoot(view("root", preferred: .portraitUpsideDown)))
        try subject.on(id, .setRoot(navigation("nav", .all)))
        subject.expectFailure(.unsupportedOrientation, on: id, .push(navigation: "nav", view("v", .landscape, preferred: .portrait)))
        subject.expectFailure(.unsupportedOrientation, on: id, .present(presenter: "nav", view("v", .landscape, preferred: .portrait)))
        // With a mode, the mode's mask is the controller's own.
        try subject.on(id, .setMode("nav", .landscape))
        subject.expectFailure(.unsupportedOrientation, on: id, .setProperties("nav", patch(preferred: .portrait)))
        try subject.on(id, .setProperties("nav", patch(preferred: .landscapeLeft)))
        // Narrowing the mask so that the kept preferred falls outside is refused too.
        try subject.on(id, .push(navigation: "nav", view("page", .all, preferred: .landscapeLeft)))
        subject.expectFailure(.unsupportedOrientation, on: id, .setProperties("page", patch(.portrait)))
        try subject.on(id, .setProperties("page", patch(.landscape)))
    }

    func testLockedModeFreezesTheCurrentOrientationAndStopsAutorotation() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .all }
        try subject.on(id, .setRoot(view("root", .all)))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        try subject.on(id, .setMode("root", .locked))
        try subject.on(id, .update)
        XCTAssertEqual(subject.snapshot(id).supported, .landscapeRight)
        try subject.device(.portrait)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [])
        let controller = try subject.manager.explain(id).first { $0.name == "controller" }!.sentence
        XCTAssertTrue(controller.contains("locked") && controller.contains("does not autorotate"), controller)
        // Clearing the mode restores the declaration and autorotation at the next evaluation.
        try subject.on(id, .setMode("root", .none))
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        try subject.on(id, .update)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .update)])
    }

    func testExplainShowsTheDeclarationsAsTheyStandNow() throws {
        var subject = ManagerUnderTest()
        let id = try portraitScene(&subject)
        try subject.on(id, .setProperties("root", patch(.landscape)))
        let steps = try subject.manager.explain(id)
        XCTAssertEqual(steps.first { $0.name == "controller" }!.mask, .landscape)
        let decision = steps.last!
        XCTAssertEqual(decision.mask, .portrait, "the decision is the current orientation")
        XCTAssertTrue(decision.sentence.contains("UpdateOrientation"), decision.sentence)
    }
}
