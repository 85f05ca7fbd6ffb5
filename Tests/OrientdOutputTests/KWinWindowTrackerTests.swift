import Foundation
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The KWin window tracker following a real KWin (`kwin_wayland --virtual`): KWin offers its
/// window list only to a program an installed desktop entry names (here the test binary
/// itself, by orientd's entry in KWin's `XDG_DATA_DIRS`). What every tracker keeps is
/// `WindowTrackerConformance` (run here with KWin as the peer); this suite adds what is KWin's
/// own: the reason when KWin does not trust orientd, or when the compositor is not KWin, and
/// a task switcher's requests as Plasma's task manager sends them.
final class KWinWindowTrackerTests: OutputTestCase {
    /// A program KWin does not trust (no desktop entry names it) is not offered the window
    /// list: detached, with the reason naming what KWin asks for.
    func testWithoutTheDesktopEntryKWinHidesItsWindowListAndTheReasonSaysWhy() throws {
        try startKWin(trusting: ["/nonexistent/orientd"])
        let tracker = startKWinTracker()
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        let reason = tracker.detachReasons[0]
        for fragment in ["KWin on \(scratch)/\(Self.waylandSocket) does not offer org_kde_plasma_window_management to \(Self.testBinary)",
                         "io.github.orientd.orientd.desktop", "X-KDE-Wayland-Interfaces=org_kde_plasma_window_management"] {
            XCTAssertTrue(reason.contains(fragment), "\(fragment): \(reason)")
        }
        XCTAssertEqual(tracker.attachedCount, 0)
    }

    /// A task switcher KWin trusts asks as Plasma's task manager does (set_state on KWin's
    /// window list): activating the window behind moves the activation to it; minimizing and
    /// unminimizing a window are reported.
    func testASwitcherActivatesAndMinimizesAsPlasmasTaskManagerDoes() throws {
        let notes = "org.example.KWinNotes", game = "org.example.KWinGame"
        try startKWin(trusting: [Self.testBinary])
        let tracker = startKWinTracker()
        let switcher = try startSwitcher(on: tracker, binds: [.plasmaWindows])
        _ = try startUnmodifiedApp(notes)
        try waitForTrackedWindows(tracker, active: notes, others: [])
        _ = try startUnmodifiedApp(game)
        try waitForTrackedWindows(tracker, active: game, others: [notes])
        try ask(switcher, .activate, notes)
        try waitForTrackedWindows(tracker, active: notes, others: [game])
        try ask(switcher, .minimize, game)
        try eventually("the game minimized; events:\n\(tracker.transcript)", timeout: deadline) {
            tracker.window(of: game)?.window.minimized == true
        }
        try ask(switcher, .unminimize, game)
        try eventually("the game unminimized; events:\n\(tracker.transcript)", timeout: deadline) {
            tracker.window(of: game)?.window.minimized == false
        }
    }

    /// On a compositor that is not KWin (phoc), the reason says so.
    func testOnAnotherCompositorTheReasonSaysItIsNotKWin() throws {
        try startPhoc()
        let tracker = startKWinTracker()
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        XCTAssertTrue(tracker.detachReasons[0].contains("is not KWin: it offers no org_kde_plasma_window_management"),
                      tracker.detachReasons[0])
    }
}

/// `WindowTrackerConformance` with KWin trusting this test binary as the peer, and real GTK 4
/// apps (KWin minimizes a window when the app asks: SIGUSR1 to the fixture app).
final class KWinTrackerConformance: WindowTrackerConformance {
    func testWindowsAppIdsActivationMinimizingAndClosing() throws { try checkWindowsAppIdsActivationMinimizingAndClosing() }
    func testThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws { try checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() }
    func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws { try checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() }
    static let floodingKWin = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/flooding_kwin.py").path

    override var apps: (notes: String, game: String) { ("org.example.KWinNotes", "org.example.KWinGame") }
    override var goneReason: String { "closed its Wayland socket" }

    override func startPeer() throws { try startKWin(trusting: [Self.testBinary]) }

    override func startTracker() -> WindowTrackerRun { startKWinTracker() }

    override func openWindow(_ appId: String) throws -> OpenWindow {
        let app = try startUnmodifiedApp(appId)
        return OpenWindow(close: { app.terminate() }, minimize: { app.send(SIGUSR1) })
    }

    override func startFloodingPeer(_ count: Int) throws -> FloodingPeer {
        try startFloodingFixture(Self.floodingKWin, name: "flooding KWin", count: count)
    }
}

extension OutputTestCase {
    /// The test binary, as KWin sees its client (`/proc/<pid>/exe`).
    static var testBinary: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The KWin tracker on the test's Wayland socket, stopped after the test.
    func startKWinTracker() -> WindowTrackerRun {
        let environment = childEnvironment.merging(waylandEnvironment) { $1 }
        let run = WindowTrackerRun { KWinWindowTracker(environment: environment, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        return run
    }
}
