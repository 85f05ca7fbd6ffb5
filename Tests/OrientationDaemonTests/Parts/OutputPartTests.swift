import OrientationCore
import XCTest
@testable import OrientationDaemon

/// `OutputPart` alone, with a scripted backend and a real core: what each of the backend's
/// reports becomes in the core, what of the core's decisions reaches the backend and when,
/// and the status it gives when there is no backend.
final class OutputPartTests: PartTestCase {
    private var core = EmbeddedCore()
    private var answers = 0

    private func start(_ backend: ScriptedOutput, _ options: ServiceOptions = ServiceOptions(stateDirectory: "/nonexistent")) -> OutputPart {
        let part = OutputPart(family: backend.family(), loop: loop, log: log)
        core.wire(part)
        part.answered = { [unowned self] in answers += 1 }
        part.start(context(options))
        addTeardownBlock { part.stop() }
        return part
    }

    private func attach(_ backend: ScriptedOutput, showing: InterfaceOrientation? = .portrait) {
        backend.send(.attached(outputName: "DSI-1", showing: showing))
    }

    /// The attach reaches the core with the backend's kind, after the backend heard the user's
    /// lock and the core's hold as they are; it is the part's first answer.
    func testAnAttachGivesTheBackendTheLockAndHoldThenTellsTheCore() throws {
        try core.run(.setRotationLocked(true))
        let backend = ScriptedOutput(kind: .kwin)
        _ = start(backend)
        XCTAssertTrue(backend.running)
        XCTAssertEqual(answers, 0, "no answer before the backend's")
        let held = core.manager.holdsCompositorRotation
        attach(backend)
        XCTAssertEqual(core.commands.last, .output(.attached(.kwin, name: "DSI-1", showing: .portrait)))
        XCTAssertEqual(backend.locks.first, true)
        XCTAssertEqual(backend.holds.first, held)
        XCTAssertEqual(core.manager.output.backend, .kwin)
        XCTAssertEqual(answers, 1)
    }

    /// Someone else's turn is read into the core; the panel's facts only when they changed.
    func testReadsGoToTheCoreAndFactsOnlyWhenTheyChange() throws {
        let backend = ScriptedOutput()
        _ = start(backend)
        attach(backend)
        backend.send(.orientationRead(.landscapeLeft))
        XCTAssertEqual(core.commands.last, .output(.read(.landscapeLeft)))
        XCTAssertEqual(core.manager.output.showing, .landscapeLeft)

        let facts = PanelFacts(size: PanelSize(width: 720, height: 1440, scale: 2)!)
        backend.send(.facts(facts))
        XCTAssertEqual(core.commands.last, .output(.facts(facts)))
        let count = core.commands.count
        backend.send(.facts(facts))
        XCTAssertEqual(core.commands.count, count, "the same facts again are no command")
        let tablet = PanelFacts(size: PanelSize(width: 2560, height: 1600, scale: 2)!)
        backend.send(.facts(tablet))
        XCTAssertEqual(core.commands.last, .output(.facts(tablet)))
        backend.send(.note("the compositor said something"))
        XCTAssertEqual(core.commands.last, .output(.note("the compositor said something")))
    }

    /// The compositor's own rotation switch is the user's `RotationLocked`, and the lock in
    /// force goes back to the backend.
    func testTheCompositorsLockSwitchSetsTheUsersLock() throws {
        let backend = ScriptedOutput()
        _ = start(backend)
        attach(backend)
        backend.send(.userRotationLock(true))
        XCTAssertTrue(core.commands.contains(.setRotationLocked(true)))
        XCTAssertTrue(core.manager.settings.rotationLocked)
        XCTAssertEqual(backend.locks.last, true)
    }

    /// A switch the core refuses (an administrator locked `RotationLocked`) changes nothing,
    /// and the backend is told the lock in force, so that the compositor's switch shows it.
    func testARefusedSwitchShowsTheLockInForce() throws {
        var configuration = Configuration()
        configuration.locks[.rotationLocked] = "/etc/orientd.conf"
        core = EmbeddedCore(OrientationManager(user: SettingLayer(), configuration: configuration))
        let backend = ScriptedOutput()
        _ = start(backend)
        attach(backend)
        let told = backend.locks.count
        backend.send(.userRotationLock(true))
        XCTAssertFalse(core.manager.settings.rotationLocked)
        XCTAssertEqual(Array(backend.locks[told...]), [false])
    }

    /// A detach is the backend's status (its kind, the reason without a tool's closing
    /// period); the core then has no backend, and it counts as an answer.
    func testADetachIsTheBackendsStatus() throws {
        let backend = ScriptedOutput(kind: .x11)
        _ = start(backend)
        attach(backend)
        backend.send(.detached(reason: "the X server closed the connection.."))
        XCTAssertEqual(core.commands.last, .output(.detached(reason: "x11: the X server closed the connection")))
        XCTAssertNil(core.manager.output.backend)
        XCTAssertEqual(answers, 2)
    }

    /// What the core decides in one burst turns the panel once, to the last decision, once the
    /// loop is idle.
    func testABurstOfDecisionsTurnsThePanelOnceToTheLast() throws {
        let backend = ScriptedOutput()
        _ = start(backend)
        attach(backend)
        try core.run(.setKioskMode(true, .landscapeLeft))
        try core.run(.setKioskMode(true, .portraitUpsideDown))
        XCTAssertEqual(backend.applied, [], "nothing before the loop is idle")
        settle()
        XCTAssertEqual(backend.applied, [InterfaceOrientation.portraitUpsideDown.panelRow(natural: .portrait)])
    }

    /// No turn reaches a backend the core has not taken (not attached, or detached), nor one
    /// stopped before the loop was idle.
    func testNoTurnWithoutAnAttachedBackendOrAfterStop() throws {
        let backend = ScriptedOutput()
        let part = start(backend)
        part.apply(.landscapeLeft)
        settle()
        XCTAssertEqual(backend.applied, [], "not attached")

        attach(backend)
        try core.run(.setKioskMode(true, .landscapeLeft))
        backend.send(.detached(reason: "gone"))
        settle()
        XCTAssertEqual(backend.applied, [], "detached before the loop was idle")

        attach(backend)
        try core.run(.setKioskMode(true, .landscapeRight))
        part.stop()
        settle()
        XCTAssertEqual(backend.applied, [], "stopped before the loop was idle")
        XCTAssertFalse(backend.running)
    }

    /// `--output-backend none` is a status and an answer at once; while a backend has not
    /// answered, the status says orientd is starting and names the entry.
    func testNoneAndStillStartingAreStatuses() throws {
        var options = ServiceOptions(stateDirectory: "/nonexistent")
        options.outputBackend = .none
        let unused = ScriptedOutput()
        _ = start(unused, options)
        XCTAssertFalse(unused.running)
        XCTAssertEqual(answers, 1)
        guard case .output(.detached(let reason)) = core.commands.last else { return XCTFail("\(core.commands)") }
        XCTAssertTrue(reason.hasPrefix("--output-backend none: "), reason)

        let backend = ScriptedOutput()
        let part = start(backend)
        part.stillStarting()
        XCTAssertEqual(core.commands.last,
                       .output(.detached(reason: "orientd is starting: waiting for the compositor's first answer (scripted)")))
    }
}
