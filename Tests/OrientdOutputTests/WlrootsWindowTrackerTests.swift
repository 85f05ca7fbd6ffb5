import Foundation
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The wlroots window tracker following a real phoc (nested in Xvfb: headless phoc has no
/// seat, and GTK 4 needs one to map a window) and real, unmodified GTK 4 apps, each with its
/// application id. What every tracker keeps is `WindowTrackerConformance` (run here with phoc
/// as the peer); this suite adds what is phoc's own: a task switcher's activation, and a
/// tracker started before its compositor. phoc 0.24, a phone's compositor, ignores a request
/// to minimize and reports no fullscreen state in its window list: those bits are passed on as
/// the compositor sends them.
final class WlrootsWindowTrackerTests: OutputTestCase {
    /// A task switcher (as Phosh's overview) activating the window behind moves the
    /// activation to it. (phoc, a phone's compositor, minimizes no window: it ignores the
    /// request, so the minimized state is not seen here.)
    func testTheSwitcherActivatingAnotherWindowMovesTheActivation() throws {
        try startNestedPhoc()
        let tracker = startWlrootsTracker()
        let switcher = try startSwitcher(on: tracker)
        _ = try startUnmodifiedApp("org.example.TrackerNotes")
        _ = try startUnmodifiedApp("org.example.TrackerGame")
        try waitForTrackedWindows(tracker, active: "org.example.TrackerGame", others: ["org.example.TrackerNotes"])
        try ask(switcher, .activate, "org.example.TrackerNotes")
        try waitForTrackedWindows(tracker, active: "org.example.TrackerNotes", others: ["org.example.TrackerGame"])
        try ask(switcher, .activate, "org.example.TrackerGame")
        try waitForTrackedWindows(tracker, active: "org.example.TrackerGame", others: ["org.example.TrackerNotes"])
    }

    /// Started before its compositor: detached with the socket's error, then attached when
    /// phoc binds the socket.
    func testATrackerStartedBeforeTheCompositorAttachesWhenItComes() throws {
        let tracker = startWlrootsTracker()
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        XCTAssertTrue(tracker.detachReasons[0].contains("no Wayland compositor accepts on \(scratch)/\(Self.waylandSocket)"),
                      tracker.detachReasons[0])
        try startNestedPhoc()
        try eventually("attached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 1 }
    }
}

/// `WindowTrackerConformance` with phoc (nested in Xvfb) as the peer and real GTK 4 apps.
final class WlrootsTrackerConformance: WindowTrackerConformance {
    func testWindowsAppIdsActivationMinimizingAndClosing() throws { try checkWindowsAppIdsActivationMinimizingAndClosing() }
    func testThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws { try checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() }
    func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws { try checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() }
    static let floodingCompositor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/flooding_compositor.py").path
    private var host: String?

    override var closingGivesFocusBack: Bool { true }
    override var goneReason: String { "closed its Wayland socket" }

    override func startPeer() throws {
        if let host {
            try startPhoc(backends: "x11", output: "X11-1", environment: ["DISPLAY": host])
        } else {
            host = try startNestedPhoc().host
        }
    }

    override func startTracker() -> WindowTrackerRun { startWlrootsTracker() }

    override func openWindow(_ appId: String) throws -> OpenWindow {
        let app = try startUnmodifiedApp(appId)
        return OpenWindow(close: { app.terminate() }, minimize: nil)
    }

    override func startFloodingPeer(_ count: Int) throws -> FloodingPeer {
        try startFloodingFixture(Self.floodingCompositor, name: "flooding compositor", count: count)
    }
}

extension OutputTestCase {
    /// Starts phoc in a new Xvfb; returns it and the Xvfb's display.
    @discardableResult
    func startNestedPhoc() throws -> (phoc: PhocSession, host: String) {
        let host = try startXvfb(size: "800x1280x24")
        return (try startPhoc(backends: "x11", output: "X11-1", environment: ["DISPLAY": host]), host)
    }

    /// The wlroots tracker on the test's Wayland socket, stopped after the test.
    func startWlrootsTracker() -> WindowTrackerRun {
        let environment = childEnvironment.merging(waylandEnvironment) { $1 }
        let run = WindowTrackerRun { WlrootsWindowTracker(environment: environment, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        return run
    }

    /// A task switcher on the tracker's loop, following the window list `binds` names, stopped
    /// after the test.
    func startSwitcher(on tracker: WindowTrackerRun, binds: WaylandConnection.Binds = [.toplevels, .seat]) throws -> TaskSwitcher {
        let switcher = try TaskSwitcher(socketPath: scratch + "/" + Self.waylandSocket, on: tracker.loop, binds: binds)
        addTeardownBlock { switcher.close() }
        return switcher
    }

    /// Asks the switcher for `request` on `appId`'s window, once the switcher knows it.
    func ask(_ switcher: TaskSwitcher, _ request: WaylandConnection.WindowRequest, _ appId: String) throws {
        try eventually("the switcher knows \(appId)", timeout: deadline) { switcher.request(request, appId) }
    }

    /// A fixture compositor (Tests/Fixtures/windows) announcing `count` windows on the test's
    /// socket once a client binds its window list.
    func startFloodingFixture(_ script: String, name: String, count: Int) throws -> FloodingPeer {
        let fake = try start(name, ["/usr/bin/python3", script, scratch + "/" + Self.waylandSocket, "\(count)"])
        XCTAssertEqual(try fake.firstLineOfOutput(timeout: deadline), "listening", fake.standardError)
        return FloodingPeer(flooded: { fake.standardOutput.contains("flooded") }, kill: { fake.kill() })
    }

    /// Waits until the tracker reports exactly these app ids open, the first one activated.
    func waitForTrackedWindows(_ tracker: WindowTrackerRun, active: String?, others: [String],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("windows: \(active ?? "none") active, others \(others); events:\n\(tracker.transcript)",
                       timeout: deadline, file: file, line: line) {
            let windows = tracker.windows.values
            return windows.filter(\.activated).map(\.appId) == (active.map { [$0] } ?? [])
                && windows.filter { !$0.activated }.map(\.appId).sorted() == others.sorted()
        }
    }
}
