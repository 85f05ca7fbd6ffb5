import OrientationCore
import XCTest
@testable import OrientationDaemon

/// `WindowPart` alone, with a scripted tracker and a real core: each report becomes a window
/// command (windows through the pace, once the loop runs), a window the core had no room for
/// is offered again when one closes, and the status without a tracker.
final class WindowPartTests: PartTestCase {
    private var answers = 0

    private func start(_ tracker: ScriptedTracker, _ core: EmbeddedCore, limits: Limits = .default,
                       _ options: ServiceOptions = ServiceOptions(stateDirectory: "/nonexistent"),
                       present: Bool = true) -> WindowPart {
        let part = WindowPart(family: tracker.family(present: present), log: log, limits: limits)
        core.wire(part)
        part.answered = { [unowned self] in answers += 1 }
        part.start(context(options))
        addTeardownBlock { part.stop() }
        return part
    }

    private func window(_ handle: UInt64, _ appId: String, activated: Bool = true) -> Command {
        .window(.window(TrackedWindow(handle: handle, appId: appId, activated: activated)))
    }

    /// The attach names the tracker's kind and is the part's answer; windows and closes reach
    /// the core once the loop runs (the pace), in order; a detach is the kind and the reason.
    func testReportsBecomeWindowCommands() throws {
        let core = EmbeddedCore()
        let tracker = ScriptedTracker(kind: .kwin)
        _ = start(tracker, core)
        XCTAssertEqual(answers, 0)
        tracker.send(.attached)
        XCTAssertEqual(core.commands, [.window(.attached(.kwin))])
        XCTAssertEqual(answers, 1)

        tracker.open(1, "org.example.Reader")
        XCTAssertEqual(core.commands.count, 1, "a window waits for the pace")
        settle()
        XCTAssertEqual(core.commands.last, window(1, "org.example.Reader"))
        tracker.send(.closed(handle: 1))
        settle()
        XCTAssertEqual(core.commands.last, .window(.closed(handle: 1)))

        tracker.send(.detached(reason: "KWin left the bus"))
        XCTAssertEqual(core.commands.last, .window(.detached(reason: "kwin: KWin left the bus")))
        XCTAssertNil(core.manager.windows.tracker)
        XCTAssertEqual(answers, 2)
    }

    /// A window the core refused for want of room (`Limits.trackedWindows`, a window not in
    /// front) is kept and offered again, newest first, when a window closes; one the tracker
    /// closed meanwhile is not.
    func testARefusedWindowIsOfferedAgainWhenOneCloses() throws {
        var limits = Limits.default
        limits.trackedWindows = 2
        let core = EmbeddedCore(OrientationManager(limits: limits))
        let tracker = ScriptedTracker()
        _ = start(tracker, core, limits: limits)
        tracker.send(.attached)
        for (handle, appId) in [(1, "org.example.First"), (2, "org.example.Second"), (3, "org.example.Third"), (4, "org.example.Fourth")] {
            tracker.open(UInt64(handle), appId, activated: handle == 1)
            settle()
        }
        XCTAssertEqual(core.manager.windows.windows.keys.sorted(), [1, 2], "3 and 4 refused")
        tracker.send(.closed(handle: 4))
        settle()
        tracker.send(.closed(handle: 2))
        settle()
        XCTAssertEqual(core.commands.suffix(2), [.window(.closed(handle: 2)), window(3, "org.example.Third", activated: false)])
        XCTAssertEqual(core.manager.windows.windows.keys.sorted(), [1, 3])
    }

    /// An app id that is not one is never looked up as a desktop entry's file name.
    func testAnInvalidAppIdDeclaresNothing() throws {
        let core = EmbeddedCore()
        let part = start(ScriptedTracker(), core)
        XCTAssertNil(part.declaredOrientations(of: "../../../etc/passwd"))
        XCTAssertNil(part.declaredOrientations(of: ""))
    }

    /// `--window-tracking none` is a status and an answer at once; while the tracker has not
    /// answered, the status says orientd is starting and names the entry.
    func testNoneAndStillStartingAreStatuses() throws {
        let core = EmbeddedCore()
        var options = ServiceOptions(stateDirectory: "/nonexistent")
        options.windowTracking = .none
        _ = start(ScriptedTracker(), core, options)
        XCTAssertEqual(core.commands, [.window(.detached(reason: WindowPart.noneStatus))])
        XCTAssertEqual(answers, 1)

        let part = start(ScriptedTracker(), core)
        part.stillStarting()
        XCTAssertEqual(core.commands.last,
                       .window(.detached(reason: "orientd is starting: waiting for the compositor's window list (scripted)")))
    }

    /// `--window-tracking auto` that found no compositor says it waits for one.
    func testAutoWithNoCompositorSaysItWaits() throws {
        let core = EmbeddedCore()
        let tracker = ScriptedTracker()
        _ = start(tracker, core, present: false)
        XCTAssertEqual(core.commands, [.window(.detached(reason: WindowPart.autoWaitingStatus))])
        XCTAssertNil(core.manager.windows.tracker)
    }
}
