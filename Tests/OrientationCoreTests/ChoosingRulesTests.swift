import OrientationCore
import XCTest

/// How the orientation is chosen for each trigger, and the refusal of empty masks.
final class ChoosingRulesTests: XCTestCase {
    // MARK: Device rotation

    func testDeviceRotationIsFollowedWhenAutorotatingAndAllowed() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .device)])
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .landscapeLeft, .device)])
        try rig.device(.portraitUpsideDown) // not allowed: it stays
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
        XCTAssertEqual(rig.changes, [])
    }

    func testDeviceRotationIsIgnoredWhenTheControllerDoesNotAutorotate() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("root", autorotates: false)))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [])
    }

    func testSettleTimeMustHoldBeforeScenesFollow() throws {
        var rig = Rig(settleTime: 250)
        let id = try rig.register { $0.supported = .allButUpsideDown }
        let start = rig.clock
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.events, [])
        XCTAssertEqual(rig.manager.managerSnapshot.deviceOrientation, .unknown)
        XCTAssertEqual(rig.manager.nextDeadline, start + 250_000)
        rig.advance(milliseconds: 249)
        try rig.tick()
        XCTAssertEqual(rig.orientation(id), .portrait, "not yet held for 250 ms")
        // The same reading again does not restart the clock.
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.manager.nextDeadline, start + 250_000)
        rig.advance(milliseconds: 1)
        try rig.tick()
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .device)])
        XCTAssertEqual(rig.events.deviceChanges, [.landscapeLeft])
        XCTAssertNil(rig.manager.nextDeadline)
    }

    func testAReadingThatDoesNotHoldIsDropped() throws {
        var rig = Rig(settleTime: 250)
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.device(.portrait)
        rig.advance(milliseconds: 250)
        try rig.tick()
        XCTAssertEqual(rig.manager.managerSnapshot.deviceOrientation, .portrait)
        // Carried at an angle: landscape for 100 ms, then back.
        try rig.device(.landscapeLeft)
        rig.advance(milliseconds: 100)
        try rig.device(.portrait)
        XCTAssertNil(rig.manager.nextDeadline)
        rig.advance(milliseconds: 500)
        try rig.tick()
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.events, [])
        // A different reading restarts the clock.
        try rig.device(.landscapeLeft)
        rig.advance(milliseconds: 200)
        try rig.device(.landscapeRight)
        rig.advance(milliseconds: 100)
        try rig.tick()
        XCTAssertEqual(rig.orientation(id), .portrait)
        rig.advance(milliseconds: 150)
        try rig.tick()
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
    }

    func testSettleTimeZeroAppliesAPendingReadingAtOnce() throws {
        var rig = Rig(settleTime: 1_000)
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.device(.landscapeLeft)
        try rig.run(.setSettleTime(0), as: Caller.shell)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.deviceOrientation, .settleTime])
        rig.expectFailure(.invalidArgs, .setSettleTime(10_001))
    }

    func testFaceUpKeepsOrientation() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.device(.landscapeLeft)
        for flat in [DeviceOrientation.faceUp, .faceDown, .unknown] {
            try rig.device(flat)
            XCTAssertEqual(rig.orientation(id), .landscapeRight, "\(flat)")
            XCTAssertEqual(rig.changes, [])
            XCTAssertEqual(rig.events.deviceChanges, [flat], "the device orientation itself is published")
        }
        // A re-evaluation while flat keeps the current orientation too.
        try rig.on(id, .update)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
    }

    // MARK: Presentation

    func testPresentationTurnsToThePresentedControllersPreferredOrientation() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("root")))
        try rig.device(.portrait)
        // Preferred wins over the device, and over autorotation being off.
        try rig.on(id, .present(presenter: "root", view("player", .allButUpsideDown, preferred: .landscapeLeft, autorotates: false)))
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .presentation)])
        XCTAssertEqual(rig.manager.scenes[id]!.lastRule, .presentationPreferred)
    }

    func testPresentationWithoutAPreferredOrientationReevaluates() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("root", .portrait)))
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(id), .portrait)
        try rig.on(id, .present(presenter: "root", view("modal")))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .presentation)],
                       "it follows the device as a re-evaluation would")
    }

    // MARK: RequestOrientation

    func testRequestOrientationIsHonouredRegardlessOfAutorotate() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("root", autorotates: false)))
        XCTAssertEqual(try rig.on(id, .request(.landscapeLeft)).reply, .orientation(.landscapeLeft))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .request)])
        XCTAssertEqual(try rig.on(id, .request(.landscapeLeft)).reply, .orientation(.landscapeLeft))
        XCTAssertEqual(rig.events, [], "requesting the current orientation changes nothing")
    }

    func testRequestOutsideTheMaskIsUnsupportedOrientationNamingBoth() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        let error = rig.expectFailure(.unsupportedOrientation, on: id, .request(.portraitUpsideDown))
        XCTAssertEqual(error?.message, "Requested: portrait-upside-down; Supported: [portrait, landscape-right, landscape-left]")
    }

    // MARK: Re-evaluation order: device, current, preferred, first

    func testReevaluationTakesTheDeviceFirst() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("root", .portrait)))
        try rig.device(.landscapeLeft)
        try rig.on(id, .setProperties("root", patch(.allButUpsideDown, preferred: .landscapeLeft)))
        try rig.on(id, .update)
        XCTAssertEqual(rig.orientation(id), .landscapeRight, "device before current and preferred")
    }

    func testReevaluationKeepsTheCurrentOrientationWhenTheDeviceDoesNotCount() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("root", preferred: .landscapeLeft, autorotates: false)))
        try rig.device(.landscapeLeft)
        try rig.on(id, .update)
        XCTAssertEqual(rig.orientation(id), .portrait, "not autorotating: current before preferred")
        XCTAssertEqual(rig.manager.scenes[id]!.lastRule, .keptCurrent)
    }

    func testReevaluationFallsBackToThePreferredOrientation() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(navigation("nav", .portrait)))
        try rig.on(id, .push(navigation: "nav", view("page", .landscape, preferred: .landscapeLeft)))
        XCTAssertEqual(rig.orientation(id), .landscapeLeft, "current not allowed: preferred before first")
        XCTAssertEqual(rig.manager.scenes[id]!.lastRule, .preferred)
    }

    func testReevaluationFallsBackToTheFirstInCanonicalOrder() throws {
        var rig = Rig()
        let id = try rig.register(idiom: .pad) { $0.supported = .all }
        try rig.on(id, .setRoot(navigation("nav", .portrait)))
        try rig.on(id, .push(navigation: "nav", view("page", [.landscapeLeft, .landscapeRight, .portraitUpsideDown])))
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.manager.scenes[id]!.lastRule, .firstAllowed)
        try rig.on(id, .push(navigation: "nav", view("upside", [.portraitUpsideDown, .landscapeLeft])))
        XCTAssertEqual(rig.orientation(id), .landscapeLeft, "current not allowed: landscape-left comes before upside-down")
    }

    // MARK: Background and foreground

    func testBackgroundResetsToTheDefaultOrientation() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        try rig.on(id, .setActivation(.background))
        XCTAssertEqual(rig.orientation(id), .portrait, "no preferred: the first allowed")
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .activation)])
        XCTAssertEqual(rig.propertiesChanged[id], [.interfaceOrientation, .width, .height, .activationState])
        // With a preferred orientation, that is the default.
        try rig.on(id, .setActivation(.foregroundActive))
        try rig.on(id, .setRoot(view("root", preferred: .landscapeLeft)))
        try rig.on(id, .setActivation(.background))
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
    }

    func testABackgroundSceneDoesNotFollowTheDevice() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setActivation(.background))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [])
        try rig.on(id, .update)
        XCTAssertEqual(rig.orientation(id), .portrait)
    }

    func testForegroundFollowsTheDeviceAtOnce() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setActivation(.background))
        try rig.device(.landscapeRight)
        try rig.on(id, .setActivation(.foregroundInactive))
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .activation)])
        // Between the foreground states nothing is evaluated.
        try rig.on(id, .setActivation(.foregroundActive))
        XCTAssertEqual(rig.changes, [])
        XCTAssertEqual(rig.propertiesChanged[id], [.activationState])
    }

    // MARK: Empty intersections

    func testEmptyIntersectionIsRefusedWithNoSupportedOrientationNamingBothMasks() throws {
        var rig = Rig()
        let id = try rig.register { $0.sceneDelegate = .portrait }
        let error = rig.expectFailure(.noSupportedOrientation, on: id, .setRoot(view("game", .landscape)))
        XCTAssertEqual(error?.message,
                       "No orientation left: the window allows [portrait] (scene delegate) and controller 'game' supports [landscape-right, landscape-left]")
        try rig.on(id, .setRoot(navigation("nav", .portrait)))
        rig.expectFailure(.noSupportedOrientation, on: id, .push(navigation: "nav", view("game", .landscape)))
        rig.expectFailure(.noSupportedOrientation, on: id, .present(presenter: "nav", view("game", .landscape)))
        rig.expectFailure(.noSupportedOrientation, on: id, .setWindowOrientations(sceneDelegate: .landscape, appDelegate: nil))
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.snapshot(id).decidingController, "nav")
        // A sheet does not decide, so it may support anything.
        try rig.on(id, .present(presenter: "nav", view("sheet", .landscape, fillsWindow: false)))
        // Registration is refused the same way when the window leaves the default controller nothing.
        let refused = rig.expectFailure(.noSupportedOrientation, .registerScene(registration(sceneDelegate: .upsideDown)))
        XCTAssertTrue(refused?.message.contains("the default controller supports [portrait, landscape-right, landscape-left]") ?? false,
                      refused?.message ?? "")
    }

    func testRegistrationResolvesAtOnceWithoutOrientationChanged() throws {
        var rig = Rig()
        try rig.device(.landscapeLeft)
        let id = try rig.register { $0.supported = .allButUpsideDown }
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        // No OrientationChanged; the new scene is in front (FrontScene, FrontApp), nothing else.
        XCTAssertEqual(rig.events, [.sceneAdded(id), .managerPropertiesChanged([.frontScene, .frontApp])])
        XCTAssertEqual(rig.snapshot(id).activation, .foregroundActive)
    }
}
