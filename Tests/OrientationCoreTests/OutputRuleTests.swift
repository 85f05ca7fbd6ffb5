import OrientationCore
import XCTest

/// The output rule: which scene is in front, what the panel must show, and when orientd
/// turns it (only at its own changes: never in a loop, never against someone else's change).
final class OutputRuleTests: XCTestCase {
    var rig = Rig()

    /// The panel rows the last command asked the backend to apply.
    var applied: [InterfaceOrientation] {
        rig.events.compactMap {
            if case .applyOutput(let row) = $0 { return row }
            return nil
        }
    }

    func attach(showing: InterfaceOrientation? = .portrait, name: String = "eDP-1") throws {
        try rig.run(.output(.attached(.mutter, name: name, showing: showing)), as: Caller.shell)
    }

    func read(_ row: InterfaceOrientation?) throws {
        try rig.run(.output(.read(row)), as: Caller.shell)
    }

    /// A scene that supports everything and follows requests.
    func register(_ appId: String = "org.example.App", display: String = builtinDisplay, as caller: String = Caller.app) throws -> SceneID {
        try rig.register(appId, idiom: .pad, as: caller) {
            $0.supported = .all
            $0.display = display
        }
    }

    // MARK: The front scene

    func testNoScenesNoFrontScene() {
        XCTAssertNil(rig.manager.frontScene)
        XCTAssertNil(rig.manager.managerSnapshot.frontScene)
    }

    func testTheNewestSceneComesToTheFront() throws {
        let first = try register()
        XCTAssertEqual(rig.manager.frontScene, first)
        XCTAssertTrue(rig.events.managerPropertyChanges.contains(.frontScene))
        let second = try register()
        XCTAssertEqual(rig.manager.frontScene, second)
        XCTAssertTrue(rig.events.managerPropertyChanges.contains(.frontScene))
    }

    func testLeavingTheForegroundBringsTheNextMostRecentToTheFront() throws {
        let a = try register(), b = try register(), c = try register()
        try rig.on(c, .setActivation(.foregroundInactive))
        XCTAssertEqual(rig.manager.frontScene, b)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.frontScene])
        try rig.on(b, .setActivation(.background))
        XCTAssertEqual(rig.manager.frontScene, a)
        try rig.on(a, .setActivation(.background))
        XCTAssertNil(rig.manager.frontScene)
        // Back to foreground-active: the most recent to become so is in front.
        try rig.on(b, .setActivation(.foregroundActive))
        try rig.on(c, .setActivation(.foregroundActive))
        XCTAssertEqual(rig.manager.frontScene, c)
        try rig.on(a, .setActivation(.foregroundActive))
        XCTAssertEqual(rig.manager.frontScene, a)
        try rig.on(a, .setActivation(.foregroundInactive))
        XCTAssertEqual(rig.manager.frontScene, c)
    }

    func testStayingForegroundActiveDoesNotReorder() throws {
        let a = try register(), b = try register()
        try rig.on(a, .setActivation(.foregroundActive))
        XCTAssertEqual(rig.manager.frontScene, b)
        XCTAssertFalse(rig.events.managerPropertyChanges.contains(.frontScene))
    }

    func testUnregisteringTheFrontSceneBringsTheNextOne() throws {
        let a = try register(), b = try register()
        try rig.run(.unregisterScene(b))
        XCTAssertEqual(rig.manager.frontScene, a)
        XCTAssertTrue(rig.events.managerPropertyChanges.contains(.frontScene))
        try rig.run(.unregisterScene(a))
        XCTAssertNil(rig.manager.frontScene)
    }

    func testTheFrontScenesClientVanishing() throws {
        let mine = try register(as: Caller.app)
        let theirs = try register(as: Caller.other)
        XCTAssertEqual(rig.manager.frontScene, theirs)
        try rig.run(.clientVanished(Caller.other), as: "")
        XCTAssertEqual(rig.manager.frontScene, mine)
        XCTAssertTrue(rig.events.managerPropertyChanges.contains(.frontScene))
    }

    func testScenesOnOtherDisplaysAreNeverInFront() throws {
        let builtin = try register()
        let external = try register(display: "HDMI-1")
        XCTAssertEqual(rig.manager.frontScene, builtin)
        try rig.on(builtin, .setActivation(.background))
        XCTAssertNil(rig.manager.frontScene)
        try rig.on(external, .setActivation(.foregroundActive))
        XCTAssertNil(rig.manager.frontScene)
    }

    // MARK: The output orientation

    func testTheFrontScenesOrientationIsShown() throws {
        let scene = try register()
        try attach(showing: .portrait)
        XCTAssertEqual(applied, [], "the panel already shows the front scene's portrait")
        try rig.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [.landscapeLeft])
        XCTAssertEqual(rig.manager.outputOrientationRule, .landscapeLeft)
        // OutputOrientation is what the panel shows, read back, not what was asked.
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .portrait)
        try read(.landscapeLeft)
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .landscapeLeft)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.outputOrientation])
        XCTAssertEqual(applied, [])
    }

    func testAnotherSceneComingToTheFrontTurnsThePanel() throws {
        let list = try register()
        try rig.on(list, .request(.portrait))
        try attach(showing: .portrait)
        let player = try register("org.example.Player")
        try rig.on(player, .request(.landscapeRight))
        XCTAssertEqual(applied, [.landscapeRight])
        try read(.landscapeRight)
        try rig.on(player, .setActivation(.background))
        XCTAssertEqual(rig.manager.frontScene, list)
        XCTAssertEqual(applied, [.portrait])
    }

    func testKioskWithoutAFrontScene() throws {
        try attach(showing: .portrait)
        try rig.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(applied, [.portraitUpsideDown])
        try read(.portraitUpsideDown)
        try rig.run(.setKioskMode(true, .landscapeLeft), as: Caller.shell)
        XCTAssertEqual(applied, [.landscapeLeft])
    }

    func testKioskWithAFrontSceneShowsTheScene() throws {
        let scene = try register()
        try attach(showing: .portrait)
        try rig.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        // Kiosk mode forces the scene too, so the front scene shows it.
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(applied, [.portraitUpsideDown])
    }

    func testTheDeviceWithoutAFrontScene() throws {
        try attach(showing: .portrait)
        try rig.device(.landscapeLeft)
        // Device landscape-left shows interface landscape-right.
        XCTAssertEqual(applied, [.landscapeRight])
        try read(.landscapeRight)
        try rig.device(.portraitUpsideDown)
        XCTAssertEqual(applied, [.portraitUpsideDown])
    }

    func testFlatOrUnknownKeepsWhatThePanelShows() throws {
        try rig.device(.landscapeLeft)
        try attach(showing: .landscapeRight)
        try rig.device(.faceUp)
        XCTAssertEqual(applied, [])
        XCTAssertNil(rig.manager.outputOrientationRule)
        try rig.device(.unknown)
        XCTAssertEqual(applied, [])
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .landscapeRight)
    }

    func testTheRotationLockKeepsWhatThePanelShows() throws {
        try attach(showing: .portrait)
        try rig.run(.setRotationLocked(true), as: Caller.shell)
        XCTAssertEqual(applied, [])
        try rig.device(.landscapeLeft)
        XCTAssertEqual(applied, [])
        XCTAssertNil(rig.manager.outputOrientationRule)
        // Lifted: the device's orientation is orientd's next change, and is applied.
        try rig.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(applied, [.landscapeRight])
    }

    func testANewReasonForNoBackendChangesOnlyTheStatus() throws {
        try rig.run(.output(.detached(reason: "mutter: no built-in panel")), as: Caller.shell)
        try rig.run(.output(.detached(reason: "mutter: the compositor stopped")), as: Caller.shell)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.outputStatus])
        XCTAssertEqual(rig.manager.managerSnapshot.outputStatus, "mutter: the compositor stopped")
        try rig.run(.output(.detached(reason: "mutter: the compositor stopped")), as: Caller.shell)
        XCTAssertEqual(rig.events.managerPropertyChanges, [], "the same reason again is no change")
    }

    func testNothingIsAppliedWithoutABackend() throws {
        let scene = try register()
        try rig.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [])
        XCTAssertNil(rig.manager.managerSnapshot.outputBackend)
        XCTAssertEqual(rig.manager.managerSnapshot.outputName, "")
    }

    // MARK: Backends coming and going

    func testAttachingAppliesTheCurrentOutputOrientationAtOnce() throws {
        let scene = try register()
        try rig.on(scene, .request(.landscapeLeft))
        try attach(showing: .portrait, name: "DSI-1")
        XCTAssertEqual(applied, [.landscapeLeft])
        XCTAssertEqual(rig.manager.managerSnapshot.outputBackend, .mutter)
        XCTAssertEqual(rig.manager.managerSnapshot.outputName, "DSI-1")
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .portrait, "read back, not yet turned")
        XCTAssertEqual(rig.manager.managerSnapshot.outputStatus, "", "a driven panel needs no reason")
        XCTAssertEqual(Set(rig.events.managerPropertyChanges), [.outputBackend, .outputName, .outputOrientation, .outputStatus])
    }

    func testAttachingToAPanelThatAlreadyShowsItAppliesNothing() throws {
        let scene = try register()
        try rig.on(scene, .request(.landscapeLeft))
        try attach(showing: .landscapeLeft)
        XCTAssertEqual(applied, [])
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .landscapeLeft)
    }

    func testDetachingReportsNoneAndReattachingAppliesAgain() throws {
        let scene = try register()
        try attach(showing: .portrait)
        try rig.on(scene, .request(.landscapeLeft))
        try read(.landscapeLeft)
        try rig.run(.output(.detached(reason: "mutter: the compositor stopped")), as: Caller.shell)
        XCTAssertNil(rig.manager.managerSnapshot.outputBackend)
        XCTAssertEqual(rig.manager.managerSnapshot.outputName, "")
        XCTAssertNil(rig.manager.managerSnapshot.outputOrientation)
        XCTAssertEqual(rig.manager.managerSnapshot.outputStatus, "mutter: the compositor stopped")
        XCTAssertEqual(Set(rig.events.managerPropertyChanges), [.outputBackend, .outputName, .outputOrientation, .outputStatus])
        // A read from a backend that is gone changes nothing.
        try read(.portrait)
        XCTAssertNil(rig.manager.managerSnapshot.outputOrientation)
        // The rule moves on while no backend is there ...
        try rig.on(scene, .request(.portraitUpsideDown))
        XCTAssertEqual(applied, [])
        // ... and a new compositor (showing its default) is turned at once.
        try attach(showing: .portrait)
        XCTAssertEqual(applied, [.portraitUpsideDown])
    }

    // MARK: No loops

    func testSomeoneElsesChangeIsReadBackAndNotFought() throws {
        let scene = try register()
        try attach(showing: .portrait)
        try rig.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [.landscapeLeft])
        try read(.landscapeLeft)
        // Someone else turns the panel.
        try read(.portraitUpsideDown)
        XCTAssertEqual(applied, [])
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .portraitUpsideDown)
        // Commands that do not change the output orientation apply nothing either.
        try rig.on(scene, .update)
        try rig.on(scene, .setGeometry(width: 1180, height: 820))
        try rig.run(.setSplitViewThreshold(700), as: Caller.shell)
        try read(.portraitUpsideDown)
        XCTAssertEqual(applied, [])
        // orientd's own next change is applied.
        try rig.on(scene, .request(.landscapeRight))
        XCTAssertEqual(applied, [.landscapeRight])
    }

    func testAnApplyIsAskedOncePerChange() throws {
        let scene = try register()
        try attach(showing: .portrait)
        var asked: [InterfaceOrientation] = []
        for orientation in [InterfaceOrientation.landscapeLeft, .landscapeLeft, .portrait, .portrait, .landscapeRight] {
            try rig.on(scene, .request(orientation))
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
        try rig.on(scene, .request(.landscapeLeft))
        XCTAssertEqual(applied, [.landscapeLeft])
        // Back to portrait before the panel read back landscape-left: the panel still reads
        // portrait, but the landscape-left apply may land after it, so portrait is applied.
        try rig.on(scene, .request(.portrait))
        XCTAssertEqual(applied, [.portrait])
        try read(.landscapeLeft)
        try read(.portrait)
        XCTAssertEqual(applied, [])
    }

    // MARK: --natural-orientation

    func testALandscapePanelShiftsTheTransformByAQuarterTurn() throws {
        rig.manager = OrientationManager(settings: rig.manager.settings, natural: .landscape)
        let scene = try register()
        try rig.on(scene, .request(.landscapeRight))
        // The panel's "normal" shows landscape-right on a landscape panel.
        try attach(showing: .portrait)
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .landscapeRight)
        XCTAssertEqual(applied, [], "the panel already shows the scene's landscape-right")
        try rig.on(scene, .request(.portrait))
        // The sensor's left-up (transform 90°) is portrait on a landscape panel.
        XCTAssertEqual(applied, [.landscapeLeft])
        try read(.landscapeLeft)
        XCTAssertEqual(rig.manager.managerSnapshot.outputOrientation, .portrait)
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
