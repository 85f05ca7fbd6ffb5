import Foundation
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The wlroots window tracker following a real phoc (nested in Xvfb: headless phoc has no
/// seat, and GTK 4 needs one to map a window) and real, unmodified GTK 4 apps, each with its
/// application id: their windows are reported with their app ids, activation follows the
/// compositor's focus (a new window's, a task switcher's), closed windows are reported, and
/// the compositor going away closes its windows and detaches (and its return attaches again).
/// phoc 0.24, a phone's compositor, ignores a request to minimize and reports no fullscreen
/// state in its window list: those bits are passed on as the compositor sends them.
final class WlrootsWindowTrackerTests: OutputTestCase {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/app_window.py").path

    /// Starts phoc in a new Xvfb; returns it.
    func startNestedPhoc() throws -> (ChildProcess, String) {
        let host = try startXvfb(size: "800x1280x24")
        return (try startPhoc(backends: "x11", output: "X11-1", environment: ["DISPLAY": host]), host)
    }

    /// Starts an app whose window has application id `appId` and waits until GTK presented it.
    func startApp(_ appId: String) throws -> ChildProcess {
        var environment = waylandEnvironment
        environment.merge(["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none"]) { $1 }
        let app = try start(appId, ["/usr/bin/python3", Self.app, appId], environment: environment)
        XCTAssertEqual(try app.firstLineOfOutput(timeout: deadline), "shown", app.standardError)
        return app
    }

    /// A task switcher on the tracker's loop, stopped after the test.
    func startSwitcher(on tracker: WindowTrackerRun) throws -> TaskSwitcher {
        let switcher = try TaskSwitcher(socketPath: scratch + "/" + Self.waylandSocket, on: tracker.loop)
        addTeardownBlock { switcher.close() }
        return switcher
    }

    /// Asks the switcher for `request` on `appId`'s window, once the switcher knows it.
    func ask(_ switcher: TaskSwitcher, _ request: WaylandConnection.WindowRequest, _ appId: String) throws {
        try eventually("the switcher knows \(appId)", timeout: deadline) { switcher.request(request, appId) }
    }

    func startTracker() -> WindowTrackerRun {
        let environment = childEnvironment.merging(waylandEnvironment) { $1 }
        let run = WindowTrackerRun { WlrootsWindowTracker(environment: environment, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        return run
    }

    /// Waits until the tracker reports exactly these app ids open, the first one activated
    /// and the others not.
    func waitForWindows(_ tracker: WindowTrackerRun, active: String?, others: [String],
                        file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("windows: \(active ?? "none") active, others \(others); events:\n\(tracker.transcript)",
                       timeout: deadline, file: file, line: line) {
            let windows = tracker.windows.values
            let activeIds = windows.filter(\.activated).map(\.appId)
            let otherIds = windows.filter { !$0.activated }.map(\.appId)
            return activeIds == (active.map { [$0] } ?? []) && otherIds.sorted() == others.sorted()
        }
    }

    func testWindowsAppIdsActivationAndClosing() throws {
        _ = try startNestedPhoc()
        let tracker = startTracker()
        try eventually("attached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 1 }

        _ = try startApp("org.example.TrackerNotes")
        try waitForWindows(tracker, active: "org.example.TrackerNotes", others: [])
        let game = try startApp("org.example.TrackerGame")
        // A new window takes the focus from the one before.
        try waitForWindows(tracker, active: "org.example.TrackerGame", others: ["org.example.TrackerNotes"])

        // Closing the window in front gives the focus back to the one before it.
        let gameHandle = try XCTUnwrap(tracker.window(of: "org.example.TrackerGame")?.handle)
        game.terminate()
        try waitForWindows(tracker, active: "org.example.TrackerNotes", others: [])
        XCTAssertTrue(tracker.events.value.contains { if case .closed(gameHandle) = $0 { true } else { false } },
                      tracker.transcript)

        XCTAssertEqual(tracker.detachReasons, [])
    }

    /// A task switcher (as Phosh's overview) activating the window behind moves the
    /// activation to it. (phoc, a phone's compositor, minimizes no window: it ignores the
/// request, so the minimized state is not seen here.)
    func testTheSwitcherActivatingAnotherWindowMovesTheActivation() throws {
        _ = try startNestedPhoc()
        let tracker = startTracker()
        let switcher = try startSwitcher(on: tracker)
        _ = try startApp("org.example.TrackerNotes")
        _ = try startApp("org.example.TrackerGame")
        try waitForWindows(tracker, active: "org.example.TrackerGame", others: ["org.example.TrackerNotes"])
        try ask(switcher, .activate, "org.example.TrackerNotes")
        try waitForWindows(tracker, active: "org.example.TrackerNotes", others: ["org.example.TrackerGame"])
        try ask(switcher, .activate, "org.example.TrackerGame")
        try waitForWindows(tracker, active: "org.example.TrackerGame", others: ["org.example.TrackerNotes"])
    }

    func testTheCompositorGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws {
        let (phoc, host) = try startNestedPhoc()
        let tracker = startTracker()
        _ = try startApp("org.example.TrackerNotes")
        try waitForWindows(tracker, active: "org.example.TrackerNotes", others: [])

        phoc.kill()
        try phoc.wait(timeout: deadline)
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        XCTAssertEqual(tracker.windows, [:], "the compositor's windows went with it")
        XCTAssertTrue(tracker.detachReasons[0].contains("closed its Wayland socket"), tracker.detachReasons[0])

        // Back on the same socket: attached again, and its windows are followed.
        _ = try startPhoc(backends: "x11", output: "X11-1", environment: ["DISPLAY": host])
        try eventually("attached again; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 2 }
        _ = try startApp("org.example.TrackerGame")
        try waitForWindows(tracker, active: "org.example.TrackerGame", others: [])
    }

    /// Started before its compositor: detached with the socket's error, then attached when
    /// phoc binds the socket.
    func testATrackerStartedBeforeTheCompositorAttachesWhenItComes() throws {
        let tracker = startTracker()
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        XCTAssertTrue(tracker.detachReasons[0].contains("no Wayland compositor accepts on \(scratch)/\(Self.waylandSocket)"),
                      tracker.detachReasons[0])
        _ = try startNestedPhoc()
        try eventually("attached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 1 }
    }
}

/// The tracker against a hostile compositor (`Tests/Fixtures/windows/flooding_compositor.py`,
/// speaking the Wayland wire itself): 3,000 windows announced at once, the first ones with app
/// ids holding control characters or 4,000 characters long. The tracker follows 1,000, passes
/// no bad app id on, keeps its loop answering, and detaches when the compositor dies.
final class WlrootsWindowTrackerFloodTests: OutputTestCase {
    static let compositor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/flooding_compositor.py").path

    func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws {
        let fake = try start("flooding compositor", ["/usr/bin/python3", Self.compositor, scratch + "/" + Self.waylandSocket, "3000"])
        XCTAssertEqual(try fake.firstLineOfOutput(timeout: deadline), "listening", fake.standardError)
        let environment = childEnvironment.merging(waylandEnvironment) { $1 }
        let tracker = WindowTrackerRun { WlrootsWindowTracker(environment: environment, log: Log(verbose: false)) }
        addTeardownBlock { tracker.stop() }

        try eventually("1,000 windows followed (\(tracker.windows.count) so far)", timeout: deadline) {
            fake.standardOutput.contains("flooded") && tracker.windows.count == WindowReportBounds.maxWindows
        }
        // The loop still answers while the rest of the flood is refused.
        tracker.loop.sync {}
        let windows = tracker.windows.values
        XCTAssertEqual(windows.filter { $0.appId.isEmpty }.count, 3, "the three bad app ids are passed on as none")
        XCTAssertFalse(windows.contains { $0.appId.unicodeScalars.contains { $0.value < 0x20 } || $0.appId.count > 255 })
        XCTAssertEqual(tracker.events.value.count { if case .window = $0 { true } else { false } }, WindowReportBounds.maxWindows,
                       "one report per window: nothing past the limit")

        fake.kill()
        try eventually("detached; windows left: \(tracker.windows.count)", timeout: deadline) {
            tracker.detachReasons.count == 1 && tracker.windows.isEmpty
        }
    }
}
