import Foundation
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The KWin window tracker following a real KWin (`kwin_wayland --virtual`) and real,
/// unmodified GTK 4 apps: KWin offers its window list only to a program an installed desktop
/// entry names (here the test binary itself, by orientd's entry in KWin's `XDG_DATA_DIRS`);
/// windows are reported with their app ids, activation follows KWin's focus, a minimized
/// window is reported minimized, closed windows are reported, and KWin going away closes its
/// windows and detaches (and its return attaches again).
final class KWinWindowTrackerTests: OutputTestCase {
    /// The test binary, as KWin sees its client (`/proc/<pid>/exe`).
    static var testBinary: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Starts KWin offering its window list to this test binary.
    @discardableResult
    func startTrustingKWin() throws -> ChildProcess {
        try startKWin(trusting: [Self.testBinary])
    }

    func startApp(_ appId: String) throws -> ChildProcess {
        try startUnmodifiedApp(appId, environment: waylandEnvironment.merging(["GDK_BACKEND": "wayland"]) { $1 })
    }

    func startTracker() -> WindowTrackerRun {
        let environment = childEnvironment.merging(waylandEnvironment) { $1 }
        let run = WindowTrackerRun { KWinWindowTracker(environment: environment, log: Log(verbose: true)) }
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

    func testWindowsAppIdsActivationMinimizingAndClosing() throws {
        try startTrustingKWin()
        let tracker = startTracker()
        try eventually("attached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 1 }

        let notes = try startApp("org.example.KWinNotes")
        try waitForWindows(tracker, active: "org.example.KWinNotes", others: [])
        let game = try startApp("org.example.KWinGame")
        // A new window takes the focus from the one before.
        try waitForWindows(tracker, active: "org.example.KWinGame", others: ["org.example.KWinNotes"])

        // Minimized: reported so, and no longer the activated one.
        notes.send(SIGUSR1)
        try eventually("the notes window minimized; events:\n\(tracker.transcript)", timeout: deadline) {
            tracker.window(of: "org.example.KWinNotes")?.window.minimized == true
        }
        XCTAssertEqual(tracker.window(of: "org.example.KWinNotes")?.window.activated, false, tracker.transcript)

        // Closing a window reports it closed.
        let gameHandle = try XCTUnwrap(tracker.window(of: "org.example.KWinGame")?.handle)
        game.terminate()
        try eventually("the game's window closed; events:\n\(tracker.transcript)", timeout: deadline) {
            tracker.events.value.contains { if case .closed(gameHandle) = $0 { true } else { false } }
        }
        notes.terminate()
        try eventually("no windows; events:\n\(tracker.transcript)", timeout: deadline) { tracker.windows.isEmpty }
        XCTAssertEqual(tracker.detachReasons, [])
    }

    /// A program KWin does not trust (no desktop entry names it) is not offered the window
    /// list: detached, with the reason naming what KWin asks for.
    func testWithoutTheDesktopEntryKWinHidesItsWindowListAndTheReasonSaysWhy() throws {
        try startKWin(trusting: ["/nonexistent/orientd"])
        let tracker = startTracker()
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        let reason = tracker.detachReasons[0]
        for fragment in ["KWin on \(scratch)/\(Self.waylandSocket) does not offer org_kde_plasma_window_management to \(Self.testBinary)",
                         "io.github.orientd.orientd.desktop", "X-KDE-Wayland-Interfaces=org_kde_plasma_window_management"] {
            XCTAssertTrue(reason.contains(fragment), "\(fragment): \(reason)")
        }
        XCTAssertEqual(tracker.attachedCount, 0)
    }

    func testKWinGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws {
        let kwin = try startTrustingKWin()
        let tracker = startTracker()
        _ = try startApp("org.example.KWinNotes")
        try waitForWindows(tracker, active: "org.example.KWinNotes", others: [])

        kwin.kill()
        try kwin.wait(timeout: deadline)
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        XCTAssertEqual(tracker.windows, [:], "KWin's windows went with it")
        XCTAssertTrue(tracker.detachReasons[0].contains("closed its Wayland socket"), tracker.detachReasons[0])

        // Back on the same socket: attached again, and its windows are followed.
        try startTrustingKWin()
        try eventually("attached again; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 2 }
        _ = try startApp("org.example.KWinGame")
        try waitForWindows(tracker, active: "org.example.KWinGame", others: [])
    }

    /// On a compositor that is not KWin (phoc), the reason says so.
    func testOnAnotherCompositorTheReasonSaysItIsNotKWin() throws {
        try startPhoc()
        let tracker = startTracker()
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        XCTAssertTrue(tracker.detachReasons[0].contains("is not KWin: it offers no org_kde_plasma_window_management"),
                      tracker.detachReasons[0])
    }
}

/// The tracker against a hostile KWin (`Tests/Fixtures/windows/flooding_kwin.py`, speaking
/// the Wayland wire itself): 3,000 windows announced at once, the first ones with app ids
/// holding control characters or 4,000 characters long. The tracker follows 1,000 (it does not
/// even ask for the rest), passes no bad app id on, keeps its loop answering, and detaches
/// when the compositor dies.
final class KWinWindowTrackerFloodTests: OutputTestCase {
    static let compositor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/flooding_kwin.py").path

    func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws {
        let fake = try start("flooding KWin", ["/usr/bin/python3", Self.compositor, scratch + "/" + Self.waylandSocket, "3000"])
        XCTAssertEqual(try fake.firstLineOfOutput(timeout: deadline), "listening", fake.standardError)
        let environment = childEnvironment.merging(waylandEnvironment) { $1 }
        let tracker = WindowTrackerRun { KWinWindowTracker(environment: environment, log: Log(verbose: false)) }
        addTeardownBlock { tracker.stop() }

        try eventually("1,000 windows followed (\(tracker.windows.count) so far)", timeout: deadline) {
            fake.standardOutput.contains("flooded") && tracker.windows.count == WindowReportBounds.maxWindows
        }
        // The loop still answers while the rest of the flood is refused.
        tracker.loop.sync {}
        XCTAssertEqual(tracker.attachedCount, 1)
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
