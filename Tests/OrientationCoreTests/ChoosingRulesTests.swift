import OrientationCore
import XCTest

/// How the orientation is chosen for each trigger, and the refusal of empty masks.
final class ChoosingRulesTests: XCTestCase {
    // MARK: Device rotation

    func testDeviceRotationIsFollowedWhenAutorotatingAndAllowed() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .device)])
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .landscapeLeft, .device)])
        try subject.device(.portraitUpsideDown) // not allowed: it stays
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
        XCTAssertEqual(subject.changes, [])
    }

    func testDeviceRotationIsIgnoredWhenTheControllerDoesNotAutorotate() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root", autorotates: false)))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [])
    }

    func testSettleTimeMustHoldBeforeScenesFollow() throws {
        var subject = ManagerUnderTest(settleTime: 250)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        let start = subject.clock
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.events, [.tickDue(at: start + 250_000)], "only the shell's timer hears of it")
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .unknown)
        XCTAssertEqual(subject.manager.nextDeadline, start + 250_000)
        subject.advance(milliseconds: 249)
        try subject.tick()
        XCTAssertEqual(subject.orientation(id), .portrait, "not yet held for 250 ms")
        XCTAssertEqual(subject.events, [.tickDue(at: start + 250_000)], "a tick before the deadline asks again")
        // The same reading again does not restart the clock.
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.manager.nextDeadline, start + 250_000)
        XCTAssertEqual(subject.events, [], "the deadline stands: nothing to say")
        subject.advance(milliseconds: 1)
        try subject.tick()
        XCTAssertEqual(subject.events.last, .tickDue(at: nil), "no tick is due any more")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .device)])
        XCTAssertEqual(subject.events.deviceChanges, [.landscapeLeft])
        XCTAssertNil(subject.manager.nextDeadline)
    }

    /// Nothing was sensed yet (orientd just started, the device unknown): the sensor's first
    /// reading is the device's orientation at once; the next one settles as usual.
    func testTheSensorsFirstReadingNeedsNoSettling() throws {
        var subject = ManagerUnderTest(settleTime: 250)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.landscapeLeft, source: .iioSensorProxy)
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertNil(subject.manager.nextDeadline)
        try subject.device(.portrait, source: .iioSensorProxy)
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .landscapeLeft, "the next reading settles")
        XCTAssertNotNil(subject.manager.nextDeadline)
    }

    func testAReadingThatDoesNotHoldIsDropped() throws {
        var subject = ManagerUnderTest(settleTime: 250)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.portrait)
        subject.advance(milliseconds: 250)
        try subject.tick()
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .portrait)
        // Carried at an angle: landscape for 100 ms, then back.
        try subject.device(.landscapeLeft)
        subject.advance(milliseconds: 100)
        try subject.device(.portrait)
        XCTAssertNil(subject.manager.nextDeadline)
        subject.advance(milliseconds: 500)
        try subject.tick()
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.events, [])
        // A different reading restarts the clock.
        try subject.device(.landscapeLeft)
        subject.advance(milliseconds: 200)
        try subject.device(.landscapeRight)
        subject.advance(milliseconds: 100)
        try subject.tick()
        XCTAssertEqual(subject.orientation(id), .portrait)
        subject.advance(milliseconds: 150)
        try subject.tick()
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
    }

    func testSettleTimeZeroAppliesAPendingReadingAtOnce() throws {
        var subject = ManagerUnderTest(settleTime: 1_000)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.landscapeLeft)
        try subject.run(.setSettleTime(0), as: Caller.shell)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.deviceOrientation, .settleTime])
        subject.expectFailure(.invalidArgs, .setSettleTime(10_001))
    }

    func testFaceUpKeepsOrientation() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.landscapeLeft)
        for flat in [DeviceOrientation.faceUp, .faceDown, .unknown] {
            try subject.device(flat)
            XCTAssertEqual(subject.orientation(id), .landscapeRight, "\(flat)")
            XCTAssertEqual(subject.changes, [])
            XCTAssertEqual(subject.events.deviceChanges, [flat], "the device orientation itself is published")
        }
        // A re-evaluation while flat keeps the current orientation too.
        try subject.on(id, .update)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
    }

    // MARK: Presentation

    func testPresentationTurnsToThePresentedControllersPreferredOrientation() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root")))
        try subject.device(.portrait)
        // Preferred wins over the device, and over autorotation being off.
        try subject.on(id, .present(presenter: "root", view("player", .allButUpsideDown, preferred: .landscapeLeft, autorotates: false)))
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .presentation)])
        XCTAssertEqual(subject.manager.scenes[id]!.lastRule, .presentationPreferred)
    }

    func testPresentationWithoutAPreferredOrientationReevaluates() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root", .portrait)))
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(id), .portrait)
        try subject.on(id, .present(presenter: "root", view("modal")))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .presentation)],
                       "it follows the device as a re-evaluation would")
    }

    // MARK: RequestOrientation

    func testRequestOrientationIsHonouredRegardlessOfAutorotate() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root", autorotates: false)))
        XCTAssertEqual(try subject.on(id, .request(.landscapeLeft)).reply, .orientation(.landscapeLeft))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .request)])
        XCTAssertEqual(try subject.on(id, .request(.landscapeLeft)).reply, .orientation(.landscapeLeft))
        XCTAssertEqual(subject.events, [], "requesting the current orientation changes nothing")
    }

    func testRequestOutsideTheMaskIsUnsupportedOrientationNamingBoth() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        let error = subject.expectFailure(.unsupportedOrientation, on: id, .request(.portraitUpsideDown))
        XCTAssertEqual(error?.message, "Requested: portrait-upside-down; Supported: [portrait, landscape-right, landscape-left]")
    }

    // MARK: Re-evaluation order: device, current, preferred, first

    func testReevaluationTakesTheDeviceFirst() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root", .portrait)))
        try subject.device(.landscapeLeft)
        try subject.on(id, .setProperties("root", patch(.allButUpsideDown, preferred: .landscapeLeft)))
        try subject.on(id, .update)
        XCTAssertEqual(subject.orientation(id), .landscapeRight, "device before current and preferred")
    }

    func testReevaluationKeepsTheCurrentOrientationWhenTheDeviceDoesNotCount() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root", preferred: .landscapeLeft, autorotates: false)))
        try subject.device(.landscapeLeft)
        try subject.on(id, .update)
        XCTAssertEqual(subject.orientation(id), .portrait, "not autorotating: current before preferred")
        XCTAssertEqual(subject.manager.scenes[id]!.lastRule, .keptCurrent)
    }

    func testReevaluationFallsBackToThePreferredOrientation() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(navigation("nav", .portrait)))
        try subject.on(id, .push(navigation: "nav", view("page", .landscape, preferred: .landscapeLeft)))
        XCTAssertEqual(subject.orientation(id), .landscapeLeft, "current not allowed: preferred before first")
        XCTAssertEqual(subject.manager.scenes[id]!.lastRule, .preferred)
    }

    func testReevaluationFallsBackToTheFirstInCanonicalOrder() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register(idiom: .pad) { $0.supported = .all }
        try subject.on(id, .setRoot(navigation("nav", .portrait)))
        try subject.on(id, .push(navigation: "nav", view("page", [.landscapeLeft, .landscapeRight, .portraitUpsideDown])))
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.manager.scenes[id]!.lastRule, .firstAllowed)
        try subject.on(id, .push(navigation: "nav", view("upside", [.portraitUpsideDown, .landscapeLeft])))
        XCTAssertEqual(subject.orientation(id), .landscapeLeft, "current not allowed: landscape-left comes before upside-down")
    }

    // MARK: Background and foreground

    func testBackgroundResetsToTheDefaultOrientation() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        try subject.on(id, .setActivation(.background))
        XCTAssertEqual(subject.orientation(id), .portrait, "no preferred: the first allowed")
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .activation)])
        XCTAssertEqual(subject.propertiesChanged[id], [.interfaceOrientation, .width, .height, .activationState])
        // With a preferred orientation, that is the default.
        try subject.on(id, .setActivation(.foregroundActive))
        try subject.on(id, .setRoot(view("root", preferred: .landscapeLeft)))
        try subject.on(id, .setActivation(.background))
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
    }

    func testABackgroundSceneDoesNotFollowTheDevice() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setActivation(.background))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [])
        try subject.on(id, .update)
        XCTAssertEqual(subject.orientation(id), .portrait)
    }

    func testForegroundFollowsTheDeviceAtOnce() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setActivation(.background))
        try subject.device(.landscapeRight)
        try subject.on(id, .setActivation(.foregroundInactive))
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .activation)])
        // Between the foreground states nothing is evaluated.
        try subject.on(id, .setActivation(.foregroundActive))
        XCTAssertEqual(subject.changes, [])
        XCTAssertEqual(subject.propertiesChanged[id], [.activationState])
    }

    // MARK: Empty intersections

    func testEmptyIntersectionIsRefusedWithNoSupportedOrientationNamingBothMasks() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.sceneDelegate = .portrait }
        let error = subject.expectFailure(.noSupportedOrientation, on: id, .setRoot(view("game", .landscape)))
        XCTAssertEqual(error?.message,
                       "No orientation left: the window allows [portrait] (scene delegate) and controller 'game' supports [landscape-right, landscape-left]")
        try subject.on(id, .setRoot(navigation("nav", .portrait)))
        subject.expectFailure(.noSupportedOrientation, on: id, .push(navigation: "nav", view("game", .landscape)))
        subject.expectFailure(.noSupportedOrientation, on: id, .present(presenter: "nav", view("game", .landscape)))
        subject.expectFailure(.noSupportedOrientation, on: id, .setWindowOrientations(sceneDelegate: .landscape, appDelegate: nil))
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.snapshot(id).decidingController, "nav")
        // A sheet does not decide, so it may support anything.
        try subject.on(id, .present(presenter: "nav", view("sheet", .landscape, fillsWindow: false)))
        // Registration is refused the same way when the window leaves the default controller nothing.
        let refused = subject.expectFailure(.noSupportedOrientation, .registerScene(registration(sceneDelegate: .upsideDown)))
        XCTAssertTrue(refused?.message.contains("the default controller supports [portrait, landscape-right, landscape-left]") ?? false,
                      refused?.message ?? "")
    }

    func testRegistrationResolvesAtOnceWithoutOrientationChanged() throws {
        var subject = ManagerUnderTest()
        try subject.device(.landscapeLeft)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        // No OrientationChanged; the new scene is in front (FrontScene, FrontApp), and, since it
        // leaves upside-down out, the compositor's own rotation is held off while it is there.
        XCTAssertEqual(subject.events, [.sceneAdded(id), .managerPropertiesChanged([.frontScene, .frontApp]),
                                        .holdCompositorRotation(true)])
        XCTAssertEqual(subject.snapshot(id).activation, .foregroundActive)
    }
}
