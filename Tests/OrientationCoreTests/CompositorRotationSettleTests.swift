import OrientationCore
import XCTest

/// A compositor's word on its own rotation (KWin's tablet mode, mutter's
/// `PanelOrientationManaged`) is taken once it holds: a flag flapping a thousand times a second
/// keeps the last settled posture and never turns the panel in a loop.
final class CompositorRotationSettleTests: XCTestCase {
    var subject = ManagerUnderTest()
    static let tablet = PanelSize(width: 1600, height: 2560, scale: 2)!
    static let tabletMode = CompositorRotation.turnsPanel("KWin is in tablet mode")
    static let laptopMode = CompositorRotation.leavesPanel("KWin is not in tablet mode")
    let game = "org.example.Game"

    var applied: [InterfaceOrientation] { subject.events.compactMap { if case .applyOutput(let row) = $0 { return row }; return nil } }
    var postureChanged: Bool {
        subject.events.contains { if case .managerPropertiesChanged(let names) = $0 { return names.contains(.posture) }; return false }
    }

    func say(_ rotation: CompositorRotation, size: PanelSize? = tablet) throws {
        try subject.run(.output(.facts(PanelFacts(size: size, rotation: rotation))), as: Caller.shell)
    }

    /// A tablet on KWin, saying `rotation` first, with a game that turns the panel when held.
    func startWithAGame(_ rotation: CompositorRotation) throws -> SceneID {
        try subject.run(.output(.attached(.kwin, name: "eDP-1", showing: .portrait)), as: Caller.shell)
        try say(rotation)
        try subject.run(.window(.attached(.kwin)), as: Caller.shell)
        try subject.device(.portrait)
        let declared = DeclaredOrientations(mask: .landscape, file: "/game.desktop", isGame: true)
        try subject.run(.window(.window(TrackedWindow(handle: 1, appId: game, activated: true, declared: declared))), as: Caller.shell)
        return try XCTUnwrap(subject.manager.windows.observedScenes[1])
    }

    func testTheFirstWordIsTakenAtOnce() throws {
        _ = try startWithAGame(Self.tabletMode)
        XCTAssertEqual(subject.manager.posture, .held, "nothing was said before: nothing to keep steady")
        XCTAssertEqual(subject.manager.output.pendingRotation, nil)
        XCTAssertEqual(subject.manager.output.showing, .portrait)
        XCTAssertEqual(subject.manager.outputOrientationRule?.family, .landscape, "the game turns the held tablet")
    }

    func testAChangeIsTakenOnceItHasHeldForTheSettleTime() throws {
        let id = try startWithAGame(Self.laptopMode)
        XCTAssertEqual(subject.manager.posture, .desk)
        try say(Self.tabletMode)
        XCTAssertEqual(subject.manager.posture, .desk, "not yet: it must hold")
        XCTAssertEqual(subject.events.last, .tickDue(at: subject.clock + CompositorRotation.settleTime), "the core asks for time to pass")
        XCTAssertEqual(subject.manager.output.reportedFacts.rotation, Self.tabletMode)
        // Said again (a size change sends the facts again): the wait is not started over.
        subject.advance(milliseconds: 500)
        try say(Self.tabletMode)
        subject.advance(milliseconds: 499)
        try subject.tick()
        XCTAssertEqual(subject.manager.posture, .desk, "a timer that fires early changes nothing")
        subject.advance(milliseconds: 1)
        try subject.tick()
        XCTAssertEqual(subject.manager.posture, .held)
        XCTAssertTrue(postureChanged)
        XCTAssertEqual(subject.orientation(id).family, .landscape)
        XCTAssertEqual(applied.count, 1, "the game turns the panel once the tablet is held")
        XCTAssertEqual(subject.manager.nextDeadline, nil)
    }

    func testAFlagFlappingAThousandTimesASecondKeepsTheSettledPostureAndTurnsNothing() throws {
        let id = try startWithAGame(Self.laptopMode)
        let orientation = subject.orientation(id)
        var (postureChanges, turns) = (0, 0)
        for flip in 0..<3_000 {
            try say(flip.isMultiple(of: 2) ? Self.tabletMode : Self.laptopMode)
            (postureChanges, turns) = (postureChanges + (postureChanged ? 1 : 0), turns + applied.count)
            subject.advance(milliseconds: 1)
            try subject.tick()
            (postureChanges, turns) = (postureChanges + (postureChanged ? 1 : 0), turns + applied.count)
        }
        XCTAssertEqual(postureChanges, 0, "three seconds of flapping changed the posture")
        XCTAssertEqual(turns, 0, "three seconds of flapping turned the panel")
        XCTAssertEqual(subject.manager.posture, .desk, "the last settled posture")
        XCTAssertEqual(subject.orientation(id), orientation, "the game was told nothing new")
        XCTAssertEqual(subject.manager.output.pendingRotation, nil, "the last flip said laptop mode again: nothing waits")
        // The flag stops on tablet mode: one change, a second later.
        try say(Self.tabletMode)
        subject.advance(milliseconds: CompositorRotation.settleTime / 1000)
        try subject.tick()
        XCTAssertEqual(subject.manager.posture, .held)
        XCTAssertEqual(applied.count, 1)
    }

    func testAWordBackDropsTheWaitingChange() throws {
        _ = try startWithAGame(Self.tabletMode)
        try say(Self.laptopMode)
        XCTAssertNotNil(subject.manager.nextDeadline)
        subject.advance(milliseconds: 900)
        try say(Self.tabletMode)
        XCTAssertEqual(subject.events.last, .tickDue(at: nil), "nothing waits: the timer is not needed")
        subject.advance(milliseconds: 200)
        try subject.tick()
        XCTAssertEqual(subject.manager.posture, .held)
        XCTAssertEqual(applied, [])
    }

    /// The compositor going silent (KWin gone) is a change like another; a backend going away
    /// drops what waits, and the next one's first word is taken at once.
    func testSilenceWaitsAndADetachedBackendDropsTheWaitingWord() throws {
        _ = try startWithAGame(Self.tabletMode)
        try say(.silent)
        XCTAssertEqual(subject.manager.output.facts.rotation, Self.tabletMode)
        try subject.run(.output(.detached(reason: "gone")), as: Caller.shell)
        XCTAssertEqual(subject.manager.output.pendingRotation, nil)
        XCTAssertEqual(subject.manager.nextDeadline, nil)
        try subject.run(.output(.attached(.kwin, name: "eDP-1", showing: .portrait)), as: Caller.shell)
        try say(Self.laptopMode)
        XCTAssertEqual(subject.manager.posture, .desk)
    }

    /// While the shell reads a burst of notices (the word still changing), nothing settles,
    /// however long the reading lags; the word it passes on after waits the settle time anew.
    func testNothingSettlesWhileTheWordIsStillChanging() throws {
        _ = try startWithAGame(Self.laptopMode)
        try say(Self.tabletMode)
        subject.advance(milliseconds: 500)
        try subject.run(.output(.facts(PanelFacts(size: Self.tablet, rotation: Self.tabletMode, rotationChanging: true))), as: Caller.shell)
        XCTAssertEqual(subject.manager.nextDeadline, nil, "no timer while the word changes")
        subject.advance(milliseconds: 3_000)
        try subject.tick()
        XCTAssertEqual(subject.manager.posture, .desk, "a lagging burst settles nothing")
        try say(Self.tabletMode)
        XCTAssertEqual(subject.manager.nextDeadline, subject.clock + CompositorRotation.settleTime, "it waits anew from the burst's end")
        subject.advance(milliseconds: CompositorRotation.settleTime / 1000)
        try subject.tick()
        XCTAssertEqual(subject.manager.posture, .held)
        XCTAssertEqual(applied.count, 1)
    }

    /// A pending device reading keeps its own settle time when a compositor's word waits too.
    func testAWaitingWordDoesNotHurryAPendingReading() throws {
        _ = try startWithAGame(Self.laptopMode)
        try subject.run(.setSettleTime(2_000), as: Caller.shell)
        try subject.device(.landscapeLeft)
        try say(Self.tabletMode)
        subject.advance(milliseconds: 1_000)
        try subject.tick()
        XCTAssertEqual(subject.manager.posture, .held)
        XCTAssertEqual(subject.manager.deviceOrientation, .portrait, "the reading has not held for its 2 s")
        subject.advance(milliseconds: 1_000)
        try subject.tick()
        XCTAssertEqual(subject.manager.deviceOrientation, .landscapeLeft)
    }
}
