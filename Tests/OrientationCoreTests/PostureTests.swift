import OrientationCore
import XCTest

/// A phone is held, a laptop is not: the screen's class (its shorter side in logical pixels,
/// under 600 a phone's) and its posture (held when the compositor turns the panel from the
/// sensor or, where it says nothing, when something reports the device's orientation) decide
/// which rules an app's declaration meets.
final class PostureTests: XCTestCase {
    var subject = ManagerUnderTest()
    let game = "org.example.Game", reader = "org.example.Reader", editor = "org.example.Editor"

    static let laptop = PanelSize(width: 1920, height: 1080, scale: 1)!
    static let tablet = PanelSize(width: 1600, height: 2560, scale: 2)!
    static let phone = PanelSize(width: 720, height: 1440, scale: 2)!

    var applied: [InterfaceOrientation] {
        subject.events.compactMap { if case .applyOutput(let row) = $0 { return row }; return nil }
    }

    /// A panel of `size` on wlroots, showing portrait, with the compositor saying `rotation`.
    func attach(_ size: PanelSize?, rotation: CompositorRotation = .silent) throws {
        try subject.run(.output(.attached(.wlroots, name: "eDP-1", showing: .portrait)), as: Caller.shell)
        try subject.run(.output(.facts(PanelFacts(size: size, rotation: rotation))), as: Caller.shell)
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
    }

    @discardableResult
    func open(_ handle: UInt64, _ appId: String, phone: OrientationMask? = nil, pad: OrientationMask? = nil,
              isGame: Bool = false, activated: Bool = true) throws -> SceneID {
        let declared = DeclaredOrientations(mask: phone ?? [], file: "/\(appId).desktop", padMask: pad, isGame: isGame)
        try subject.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: activated, declared: declared))),
                        as: Caller.shell)
        return try XCTUnwrap(subject.manager.windows.observedScenes[handle])
    }

    // MARK: the screen's class

    func testTheShorterLogicalSideDecidesTheClass() throws {
        XCTAssertEqual(subject.manager.screenClass, .phone, "no panel: phone rules, as before")
        XCTAssertEqual(subject.manager.screenClassBasis, .unmeasured)
        try attach(nil)
        XCTAssertEqual(subject.manager.screenClassBasis, .unmeasured)
        XCTAssertEqual(subject.manager.screenClass, .phone)
        try subject.run(.output(.facts(PanelFacts(size: PanelSize(width: 1024, height: 768, scale: 2)))), as: Caller.shell)
        XCTAssertEqual(subject.manager.screenClass, .phone, "384 logical pixels")
        try subject.run(.output(.facts(PanelFacts(size: PanelSize(width: 1200, height: 1920, scale: 2)))), as: Caller.shell)
        XCTAssertEqual(subject.manager.screenClass, .large, "exactly 600 is large")
        try subject.run(.output(.facts(PanelFacts(size: PanelSize(width: 1198, height: 1920, scale: 2)))), as: Caller.shell)
        XCTAssertEqual(subject.manager.screenClass, .phone, "599 is a phone")
        XCTAssertTrue(subject.manager.screenClassBasis.words.contains("1198×1920 pixels at scale 2"), subject.manager.screenClassBasis.words)
    }

    func testAbsurdSizesAndScalesAreNoSize() {
        XCTAssertNil(PanelSize(width: 0, height: 768, scale: 1))
        XCTAssertNil(PanelSize(width: 1024, height: 100_000, scale: 1))
        XCTAssertNil(PanelSize(width: 1024, height: 768, scale: 0))
        XCTAssertNil(PanelSize(width: 1024, height: 768, scale: .nan))
        XCTAssertNil(PanelSize(width: 1024, height: 768, scale: .infinity))
        XCTAssertNil(PanelSize(width: 1024, height: 768, scale: -1))
        XCTAssertNotNil(PanelSize(width: 1024, height: 768, scale: 1.75))
    }

    func testTheCommandLineThenTheConfigurationOverrideTheMeasure() throws {
        subject.manager = OrientationManager(settings: Settings(), screenClass: .large)
        XCTAssertEqual(subject.manager.screenClass, .large)
        XCTAssertEqual(subject.manager.screenClassBasis, .commandLine(.large))
        subject = ManagerUnderTest { $0.screenClass = .large }
        try attach(Self.phone)
        XCTAssertEqual(subject.manager.screenClass, .large)
        XCTAssertEqual(subject.manager.screenClassBasis, .configuration(.large))
    }

    func testEachChoiceGivesItsOwnClassAndAutoTheMeasuredOne() throws {
        // On a laptop's panel (measured large), so that a choice of phone shows.
        for (choice, expected) in [(ScreenClassChoice.auto, ScreenClass.large), (.phone, .phone), (.large, .large)] {
            subject = ManagerUnderTest { $0.screenClass = choice }
            try attach(Self.laptop)
            XCTAssertEqual(subject.manager.screenClass, expected, "configuration \(choice)")
            if choice == .auto {
                guard case .measured = subject.manager.screenClassBasis else { return XCTFail("auto: \(subject.manager.screenClassBasis)") }
            } else {
                XCTAssertEqual(subject.manager.screenClassBasis, .configuration(expected))
            }
            subject.manager = OrientationManager(settings: Settings(), screenClass: choice)
            XCTAssertEqual(subject.manager.screenClassBasis, choice == .auto ? .unmeasured : .commandLine(expected), "command line \(choice)")
        }
    }

    func testTheClassGoesWithThePanel() throws {
        try attach(Self.laptop)
        XCTAssertEqual(subject.manager.screenClass, .large)
        try subject.run(.output(.detached(reason: "gone")), as: Caller.shell)
        XCTAssertEqual(subject.manager.screenClass, .phone)
        XCTAssertEqual(subject.manager.output.facts, PanelFacts())
    }

    // MARK: the posture

    func testAPhoneIsAlwaysHeld() throws {
        try attach(Self.phone, rotation: .leavesPanel("KWin is not in tablet mode"))
        XCTAssertEqual(subject.manager.posture, .held)
        XCTAssertEqual(subject.manager.regime, .phone)
    }

    func testALargeScreenIsHeldWhenTheCompositorTurnsItOrSomethingReportsTheDevice() throws {
        try attach(Self.laptop)
        XCTAssertEqual(subject.manager.postureBasis, .nothingReports)
        XCTAssertEqual(subject.manager.regime, .desk)
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.manager.postureBasis, .accelerometer)
        XCTAssertEqual(subject.manager.regime, .largeHeld)
        try subject.run(.setSensorAvailable(false), as: Caller.shell)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.manager.postureBasis, .setByHand)
        XCTAssertEqual(subject.manager.regime, .largeHeld)
    }

    func testTheCompositorsWordBeatsTheSensor() throws {
        try attach(Self.tablet, rotation: .leavesPanel("mutter does not manage the panel's orientation (laptop mode)"))
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.manager.regime, .desk)
        XCTAssertFalse(subject.manager.wantsSensor, "on a desk the sensor is not followed, so not claimed")
        try subject.run(.output(.facts(PanelFacts(size: Self.tablet, rotation: .turnsPanel("mutter manages the panel's orientation")))),
                        as: Caller.shell)
        // A change of the compositor's word is taken once it has held (CompositorRotationSettleTests).
        subject.advance(milliseconds: CompositorRotation.settleTime / 1000)
        try subject.tick()
        XCTAssertEqual(subject.manager.regime, .largeHeld)
        XCTAssertTrue(subject.manager.wantsSensor)
        XCTAssertTrue(subject.events.contains(.managerPropertiesChanged([.posture, .postureReason])), "\(subject.events)")
    }

    // MARK: on a desk

    func testOnADeskAnAppsDeclarationTurnsNothing() throws {
        try attach(Self.laptop)
        let id = try open(1, reader, phone: .landscape)
        XCTAssertEqual(applied, [])
        XCTAssertEqual(subject.orientation(id), .portrait, "told what the panel shows")
        XCTAssertEqual(subject.manager.outputOrientationRule, nil)
        XCTAssertFalse(subject.manager.holdsCompositorRotation)
    }

    func testOnADeskARegisteredSceneIsToldThePanelsOrientationAndTurnsNothing() throws {
        try attach(Self.laptop)
        try subject.run(.output(.read(.landscapeRight)), as: Caller.shell)
        let id = try subject.register(editor, idiom: .pad) { $0.supported = .all }
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        let pinned = try subject.register(game) { $0.supported = .portrait }
        XCTAssertEqual(subject.orientation(pinned), .portrait, "UIKit's rules for its own orientation")
        XCTAssertEqual(applied, [], "but the panel is not turned")
        // The panel turned by someone else: scenes that allow it are told.
        try subject.run(.output(.read(.landscapeLeft)), as: Caller.shell)
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
    }

    func testOnADeskTheUsersChoiceAndKioskTurnThePanelAndLeavingGivesItBack() throws {
        try attach(Self.laptop)
        try subject.run(.setAppPolicy(appId: reader, AppPolicy(allowed: .landscape)), as: Caller.shell)
        try open(1, reader)
        XCTAssertEqual(applied.count, 1, "the user's choice turns it")
        XCTAssertEqual(subject.manager.output.decided?.family, .landscape)
        try subject.run(.output(.read(subject.manager.output.decided!)), as: Caller.shell)
        try subject.run(.window(.closed(handle: 1)), as: Caller.shell)
        XCTAssertEqual(applied, [.portrait], "back to where it rested")
        try subject.run(.output(.read(.portrait)), as: Caller.shell)
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(applied, [.portraitUpsideDown])
    }

    func testOnADeskTheSensorIsNotFollowed() throws {
        try attach(Self.tablet, rotation: .leavesPanel("laptop mode"))
        let id = try open(1, editor)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(applied, [])
    }

    // MARK: a large screen in the hand

    func testAHeldLargeScreenTakesAPhoneDeclarationAsAHint() throws {
        try attach(Self.tablet, rotation: .turnsPanel("tablet mode"))
        try subject.device(.landscapeLeft)
        let id = try open(1, reader, phone: .portrait)
        XCTAssertEqual(subject.snapshot(id).supported, .all)
        XCTAssertEqual(subject.orientation(id), .landscapeRight, "follows the device")
        XCTAssertFalse(subject.manager.holdsCompositorRotation)
    }

    func testAHeldLargeScreenIsTurnedByAPadDeclarationAGameARegisteredSceneAndTheUser() throws {
        try attach(Self.tablet, rotation: .turnsPanel("tablet mode"))
        try subject.device(.portrait)
        let pad = try open(1, editor, phone: .portrait, pad: .landscape)
        XCTAssertEqual(subject.orientation(pad).family, .landscape)
        let played = try open(2, game, phone: .landscape, isGame: true)
        XCTAssertEqual(subject.orientation(played).family, .landscape)
        XCTAssertTrue(subject.manager.holdsCompositorRotation)
        let registered = try subject.register("org.example.Player", idiom: .pad) { $0.supported = .landscape }
        XCTAssertEqual(subject.orientation(registered).family, .landscape)
        try subject.run(.setAppPolicy(appId: reader, AppPolicy(allowed: .landscape)), as: Caller.shell)
        let chosen = try open(3, reader, phone: .portrait)
        XCTAssertEqual(subject.orientation(chosen).family, .landscape)
    }

    func testTheAdministratorCanSwitchTheLargeScreenRuleOff() throws {
        subject = ManagerUnderTest { $0.largeScreenRule = false }
        try attach(Self.tablet, rotation: .turnsPanel("tablet mode"))
        try subject.device(.landscapeLeft)
        let id = try open(1, reader, phone: .portrait)
        XCTAssertEqual(subject.orientation(id), .portrait)
    }

    func testAPhoneKeepsTodaysRules() throws {
        try attach(Self.phone)
        try subject.device(.landscapeLeft)
        let id = try open(1, reader, phone: .portrait, pad: .landscape)
        XCTAssertEqual(subject.orientation(id), .portrait, "the phone key, not the pad key")
        XCTAssertEqual(applied.last, .portrait)
    }

    func testAConvertibleFoldedIntoATabletChangesTheRulesLive() throws {
        try attach(Self.tablet, rotation: .leavesPanel("laptop mode"))
        let id = try open(1, game, phone: .landscape, isGame: true)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(applied, [])
        try subject.run(.output(.facts(PanelFacts(size: Self.tablet, rotation: .turnsPanel("tablet mode")))), as: Caller.shell)
        // A change of the compositor's word is taken once it has held (CompositorRotationSettleTests).
        subject.advance(milliseconds: CompositorRotation.settleTime / 1000)
        try subject.tick()
        XCTAssertEqual(subject.orientation(id).family, .landscape)
        XCTAssertEqual(applied.count, 1, "the game turns the panel once it is held")
        XCTAssertEqual(subject.changes.map(\.reason), [.policy])
        XCTAssertTrue(subject.propertiesChanged[id]?.contains(.supportedOrientations) ?? false, "\(subject.events)")
    }

    func testALargeSizeOnlyChangesTheRulesOnceNotInALoop() throws {
        try attach(Self.tablet, rotation: .turnsPanel("tablet mode"))
        try open(1, reader, phone: .portrait)
        for _ in 0..<100 {
            try subject.run(.output(.facts(PanelFacts(size: Self.tablet, rotation: .turnsPanel("tablet mode")))), as: Caller.shell)
            XCTAssertEqual(subject.events.filter { if case .applyOutput = $0 { return true }; return false }.count, 0)
        }
    }

    // MARK: the shell's own surfaces

    func testAMomentWithNoAppWindowActivatedKeepsThePanel() throws {
        try attach(Self.phone)
        try subject.device(.portrait)
        let played = try open(1, game, phone: .landscape)
        XCTAssertEqual(subject.manager.frontScene, played)
        let turned = try XCTUnwrap(applied.last)
        XCTAssertEqual(turned.family, .landscape)
        // The drawer takes the keyboard: no app window is activated.
        try subject.run(.window(.window(TrackedWindow(handle: 1, appId: game, declared: DeclaredOrientations(mask: .landscape, file: "/g")))),
                        as: Caller.shell)
        XCTAssertEqual(subject.manager.frontScene, played, "the drawer turns nothing")
        XCTAssertEqual(applied, [])
        // Another app activated: it is in front.
        let notes = try open(2, reader, phone: .portrait)
        XCTAssertEqual(subject.manager.frontScene, notes)
        XCTAssertEqual(applied, [.portrait])
    }

    func testTheKeptWindowGoesWhenItClosesOrIsMinimized() throws {
        try attach(Self.phone)
        try subject.device(.portrait)
        try open(1, game, phone: .landscape)
        try subject.run(.window(.window(TrackedWindow(handle: 1, appId: game, minimized: true))), as: Caller.shell)
        XCTAssertNil(subject.manager.frontScene)
        XCTAssertEqual(applied, [.portrait], "minimized: the panel follows the device again")
        try open(2, game, phone: .landscape)
        try subject.run(.window(.window(TrackedWindow(handle: 2, appId: game, declared: DeclaredOrientations(mask: .landscape, file: "/g")))),
                        as: Caller.shell)
        XCTAssertNotNil(subject.manager.frontScene)
        try subject.run(.window(.closed(handle: 2)), as: Caller.shell)
        XCTAssertNil(subject.manager.frontScene)
    }
}
