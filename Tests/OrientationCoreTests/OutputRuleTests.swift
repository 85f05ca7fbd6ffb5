import OrientationCore
import XCTest

/// The output rule: which scene is in front, what the panel must show, and when orientd
/// turns it (only at its own changes: never in a loop, never against someone else's change).
final class OutputRuleTests: XCTestCase {
    var subject = ManagerUnderTest()

    /// The panel rows the last command asked the backend to apply.
    var applied: [InterfaceOrientation] {
        subject.events.compactMap {
            if case .applyOutput(let row) = $0 { return row }
            return nil
        }
    }

    func attach(showing: InterfaceOrientation? = .portrait, name: String = "eDP-1") throws {
        try subject.run(.output(.attached(.mutter, name: name, showing: showing)), as: Caller.shell)
    }

    func read(_ row: InterfaceOrientation?) throws {
        try subject.run(.output(.read(row)), as: Caller.shell)
    }

    /// A scene that supports everything and follows requests.
    func register(_ appId: String = "org.example.App", display: String = builtinDisplay, as caller: String = Caller.app) throws -> SceneID {
        try subject.register(appId, idiom: .pad, as: caller) {
            $0.supported = .all
            $0.display = display
        }
    }

    // MARK: The front scene

    func testNoScenesNoFrontScene() {
        XCTAssertNil(subject.manager.frontScene)
        XCTAssertNil(subject.manager.managerSnapshot.frontScene)
    }

    func testTheNewestSceneComesToTheFront() throws {
        let first = try register()
        XCTAssertEqual(subject.manager.frontScene, first)
        XCTAssertTrue(subject.events.managerPropertyChanges.contains(.frontScene))
        let second = try register()
        XCTAssertEqual(subject.manager.frontScene, second)
        XCTAssertTrue(subject.events.managerPropertyChanges.contains(.frontScene))
    }

    func testLeavingTheForegroundBringsTheNextMostRecentToTheFront() throws {
        let a = try register(), b = try register(), c = try register()
        try subject.on(c, .setActivation(.foregroundInactive))
        XCTAssertEqual(subject.manager.frontScene, b)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.frontScene])
        try subject.on(b, .setActivation(.background))
        XCTAssertEqual(subject.manager.frontScene, a)
        try subject.on(a, .setActivation(.background))
        XCTAssertNil(subject.manager.frontScene)
        // Back to foreground-active: the most recent to become so is in front.
        try subject.on(b, .setActivation(.foregroundActive))
        try subject.on(c, .setActivation(.foregroundActive))
        XCTAssertEqual(subject.manager.frontScene, c)
        try subject.on(a, .setActivation(.foregroundActive))
        XCTAssertEqual(subject.manager.frontScene, a)
        try subject.on(a, .setActivation(.foregroundInactive))
        XCTAssertEqual(subject.manager.frontScene, c)
    }

    func testStayingForegroundActiveDoesNotReorder() throws {
        let a = try register(), b = try register()
        try subject.on(a, .setActivation(.foregroundActive))
        XCTAssertEqual(subject.manager.frontScene, b)
        XCTAssertFalse(subject.events.managerPropertyChanges.contains(.frontScene))
    }

    func testUnregisteringTheFrontSceneBringsTheNextOne() throws {
        let a = try register(), b = try register()
        try subject.run(.unregisterScene(b))
        XCTAssertEqual(subject.manager.frontScene, a)
        XCTAssertTrue(subject.events.managerPropertyChanges.contains(.frontScene))
        try subject.run(.unregisterScene(a))
        XCTAssertNil(subject.manager.frontScene)
    }

    func testTheFrontScenesClientVanishing() throws {
        let mine = try register(as: Caller.app)
        let theirs = try register(as: Caller.other)
        XCTAssertEqual(subject.manager.frontScene, theirs)
        try subject.run(.clientVanished(Caller.other), as: "")
        XCTAssertEqual(subject.manager.frontScene, mine)
        XCTAssertTrue(subject.events.managerPropertyChanges.contains(.frontScene))
    }

    func testScenesOnOtherDisplaysAreNeverInFront() throws {
        let builtin = try register()
        let external = try register(display: "HDMI-1")
        XCTAssertEqual(subject.manager.frontScene, builtin)
        try subject.on(builtin, .setActivation(.background))
        XCTAssertNil(subject.manager.frontScene)
        try subject.on(external, .setActivation(.foregroundActive))
        XCTAssertNil(subject.manager.frontScene)
    }

    // MARK: The output orientation

    func testTheFrontScenesOrientationIsShown() throws {
        let scene = try register()
        try attach(showing: .portrait)
        XCTAssertEqual(applied, [], "the panel already shows the front scene's portrait")
        try subject.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [.landscapeLeft])
        XCTAssertEqual(subject.manager.outputOrientationRule, .landscapeLeft)
        // OutputOrientation is what the panel shows, read back, not what was asked.
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .portrait)
        try read(.landscapeLeft)
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .landscapeLeft)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.outputOrientation])
        XCTAssertEqual(applied, [])
    }

    func testAnotherSceneComingToTheFrontTurnsThePanel() throws {
        let list = try register()
        try subject.on(list, .request(.portrait))
        try attach(showing: .portrait)
        let player = try register("org.example.Player")
        try subject.on(player, .request(.landscapeRight))
        XCTAssertEqual(applied, [.landscapeRight])
        try read(.landscapeRight)
        try subject.on(player, .setActivation(.background))
        XCTAssertEqual(subject.manager.frontScene, list)
        XCTAssertEqual(applied, [.portrait])
    }

    func testKioskWithoutAFrontScene() throws {
        try attach(showing: .portrait)
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(applied, [.portraitUpsideDown])
        try read(.portraitUpsideDown)
        try subject.run(.setKioskMode(true, .landscapeLeft), as: Caller.shell)
        XCTAssertEqual(applied, [.landscapeLeft])
    }

    func testKioskWithAFrontSceneShowsTheScene() throws {
        let scene = try register()
        try attach(showing: .portrait)
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        // Kiosk mode forces the scene too, so the front scene shows it.
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(applied, [.portraitUpsideDown])
    }

    func testTheDeviceWithoutAFrontScene() throws {
        try attach(showing: .portrait)
        try subject.device(.landscapeLeft)
        // Device landscape-left shows interface landscape-right.
        XCTAssertEqual(applied, [.landscapeRight])
        try read(.landscapeRight)
        try subject.device(.portraitUpsideDown)
        XCTAssertEqual(applied, [.portraitUpsideDown])
    }

    func testFlatOrUnknownKeepsWhatThePanelShows() throws {
        try subject.device(.landscapeLeft)
        try attach(showing: .landscapeRight)
        try subject.device(.faceUp)
        XCTAssertEqual(applied, [])
        XCTAssertNil(subject.manager.outputOrientationRule)
        try subject.device(.unknown)
        XCTAssertEqual(applied, [])
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .landscapeRight)
    }

    func testTheRotationLockKeepsWhatThePanelShows() throws {
        try attach(showing: .portrait)
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        XCTAssertEqual(applied, [])
        try subject.device(.landscapeLeft)
        XCTAssertEqual(applied, [])
        // Held where the panel rested (it was nil, "keep": an app that turns the panel under the
        // lock now gives it back when it leaves).
        XCTAssertEqual(subject.manager.outputOrientationRule, .portrait)
        // Lifted: the device's orientation is orientd's next change, and is applied.
        try subject.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(applied, [.landscapeRight])
    }

    func testANewReasonForNoBackendChangesOnlyTheStatus() throws {
        try subject.run(.output(.detached(reason: "mutter: no built-in panel")), as: Caller.shell)
        try subject.run(.output(.detached(reason: "mutter: the compositor stopped")), as: Caller.shell)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.outputStatus])
        XCTAssertEqual(subject.manager.managerSnapshot.outputStatus, "mutter: the compositor stopped")
        try subject.run(.output(.detached(reason: "mutter: the compositor stopped")), as: Caller.shell)
        XCTAssertEqual(subject.events.managerPropertyChanges, [], "the same reason again is no change")
    }

    func testNothingIsAppliedWithoutABackend() throws {
        let scene = try register()
        try subject.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [])
        XCTAssertNil(subject.manager.managerSnapshot.outputBackend)
        XCTAssertEqual(subject.manager.managerSnapshot.outputName, "")
    }

    // MARK: Backends coming and going

    func testAttachingAppliesTheCurrentOutputOrientationAtOnce() throws {
        let scene = try register()
        try subject.on(scene, .request(.landscapeLeft))
        try attach(showing: .portrait, name: "DSI-1")
        XCTAssertEqual(applied, [.landscapeLeft])
        XCTAssertEqual(subject.manager.managerSnapshot.outputBackend, .mutter)
        XCTAssertEqual(subject.manager.managerSnapshot.outputName, "DSI-1")
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .portrait, "read back, not yet turned")
        XCTAssertEqual(subject.manager.managerSnapshot.outputStatus, "", "a driven panel needs no reason")
        XCTAssertEqual(Set(subject.events.managerPropertyChanges), [.outputBackend, .outputName, .outputOrientation, .outputStatus])
    }

    func testAttachingToAPanelThatAlreadyShowsItAppliesNothing() throws {
        let scene = try register()
        try subject.on(scene, .request(.landscapeLeft))
        try attach(showing: .landscapeLeft)
        XCTAssertEqual(applied, [])
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .landscapeLeft)
    }

    func testDetachingReportsNoneAndReattachingAppliesAgain() throws {
        let scene = try register()
        try attach(showing: .portrait)
        try subject.on(scene, .request(.landscapeLeft))
        try read(.landscapeLeft)
        try subject.run(.output(.detached(reason: "mutter: the compositor stopped")), as: Caller.shell)
        XCTAssertNil(subject.manager.managerSnapshot.outputBackend)
        XCTAssertEqual(subject.manager.managerSnapshot.outputName, "")
        XCTAssertNil(subject.manager.managerSnapshot.outputOrientation)
        XCTAssertEqual(subject.manager.managerSnapshot.outputStatus, "mutter: the compositor stopped")
        XCTAssertEqual(Set(subject.events.managerPropertyChanges), [.outputBackend, .outputName, .outputOrientation, .outputStatus])
        // A read from a backend that is gone changes nothing.
        try read(.portrait)
        XCTAssertNil(subject.manager.managerSnapshot.outputOrientation)
        // The rule moves on while no backend is there ...
        try subject.on(scene, .request(.portraitUpsideDown))
        XCTAssertEqual(applied, [])
        // ... and a new compositor (showing its default) is turned at once.
        try attach(showing: .portrait)
        XCTAssertEqual(applied, [.portraitUpsideDown])
    }

    // MARK: No loops

    func testSomeoneElsesChangeIsReadBackAndNotFought() throws {
        let scene = try register()
        try attach(showing: .portrait)
        try subject.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [.landscapeLeft])
        try read(.landscapeLeft)
        // Someone else turns the panel.
        try read(.portraitUpsideDown)
        XCTAssertEqual(applied, [])
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .portraitUpsideDown)
        // Commands that do not change the output orientation apply nothing either.
        try subject.on(scene, .update)
        try subject.on(scene, .setGeometry(width: 1180, height: 820))
        try subject.run(.setSplitViewThreshold(700), as: Caller.shell)
        try read(.portraitUpsideDown)
        XCTAssertEqual(applied, [])
        // orientd's own next change is applied.
        try subject.on(scene, .request(.landscapeRight))
        XCTAssertEqual(applied, [.landscapeRight])
    }

    func testAnApplyIsAskedOncePerChange() throws {
        let scene = try register()
        try attach(showing: .portrait)
        var asked: [InterfaceOrientation] = []
        for orientation in [InterfaceOrientation.landscapeLeft, .landscapeLeft, .portrait, .portrait, .landscapeRight] {
            try subject.on(scene, .request(orientation))
            asked += applied
            // The backend reads back before the next change (or not at all): no difference.
            try read(orientation)
            asked += applied
        }
        XCTAssertEqual(asked, [.landscapeLeft, .portrait, .landscapeRight])
    }

    func testAChangeBeforeTheReadBackIsAppliedToo() throws {
        let scene = try register()
        try attach(showing: .portrait)
        try subject.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [.landscapeLeft])
        // Back to portrait before the panel read back landscape-left: the panel still reads
        // portrait, but the landscape-left apply may land after it, so portrait is applied.
        try subject.on(scene, .request(.portrait))
        XCTAssertEqual(applied, [.portrait])
        try read(.landscapeLeft)
        try read(.portrait)
        XCTAssertEqual(applied, [])
    }

    func testAChangeOnItsWayIsAppliedAgainAfterAMomentWithNothingInFront() throws {
        // The device flat or unknown: between two apps of a task switch nothing is in front
        // for a moment and the panel keeps what it shows. Portrait was asked and not yet read
        // back, so the landscape the panel last read is no reason to leave the game's turn out.
        try attach(showing: .portrait)
        let game = try subject.register("org.example.Game", idiom: .pad, as: Caller.app) {
            $0.supported = [.landscapeLeft]
            $0.display = builtinDisplay
        }
        let notes = try register()
        try subject.on(notes, .request(.landscapeLeft))
        try read(.landscapeLeft)
        try subject.on(notes, .request(.portrait))
        XCTAssertEqual(applied, [.portrait])
        try subject.on(game, .setActivation(.background))
        try subject.on(notes, .setActivation(.background))
        XCTAssertNil(subject.manager.outputOrientationRule)
        try subject.on(game, .setActivation(.foregroundActive))
        XCTAssertEqual(applied, [.landscapeLeft])
    }

    // MARK: --natural-orientation

    func testALandscapePanelShiftsTheTransformByAQuarterTurn() throws {
        subject.manager = OrientationManager(settings: subject.manager.settings, natural: .landscape)
        let scene = try register()
        try subject.on(scene, .request(.landscapeRight))
        // The panel's "normal" shows landscape-right on a landscape panel.
        try attach(showing: .portrait)
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .landscapeRight)
        XCTAssertEqual(applied, [], "the panel already shows the scene's landscape-right")
        try subject.on(scene, .request(.portrait))
        // The sensor's left-up (transform 90°) is portrait on a landscape panel.
        XCTAssertEqual(applied, [.landscapeLeft])
        try read(.landscapeLeft)
        XCTAssertEqual(subject.manager.managerSnapshot.outputOrientation, .portrait)
    }

    func testPanelRowsAgreeWithTheSensorTable() {
        for natural in NaturalOrientation.allCases {
            for reading in [SensorReading.normal, .bottomUp, .leftUp, .rightUp] {
                // The row mutter applies for a reading (its own table, portrait-natural) ...
                let row = SensorReading(rawValue: reading.rawValue)!.deviceOrientation(natural: .portrait).interfaceOrientation!
                // ... shows the interface orientation orientd derives from that reading.
                let shown = reading.deviceOrientation(natural: natural).interfaceOrientation!
                XCTAssertEqual(shown.panelRow(natural: natural), row, "\(reading) on a \(natural) panel")
                XCTAssertEqual(InterfaceOrientation(panelRow: row, natural: natural), shown)
            }
        }
    }
}
