import Foundation
@testable import OrientationDaemon
import TestSupport
import XCTest

/// A window the suite opened on the adapter's peer: how to close it, and to minimize it where
/// the compositor minimizes windows (nil: phoc, a phone's compositor, ignores the request).
struct OpenWindow {
    let close: () throws -> Void
    let minimize: (() throws -> Void)?
}

/// A peer announcing a flood of windows: whether it has sent them all, and how to kill it.
struct FloodingPeer {
    let flooded: () -> Bool
    let kill: () throws -> Void
}

/// What every window tracker keeps, whatever its compositor: it attaches to its peer and
/// reports each window with its app id and activation (and minimized, where the compositor
/// minimizes), reports closed windows, reports every window closed and detaches with the
/// reason when the peer goes, attaches again when it comes back, and bounds what a hostile
/// peer sends (1,000 windows, no bad app id passed on, its loop still answering).
///
/// Each tracker runs it as a subclass giving the hooks below and one `test…` line per
/// `check…` (XCTest on Linux finds only the test methods a class declares itself, not
/// inherited ones): the real trackers with their real compositors as peers
/// (`WlrootsTrackerConformance`, `KWinTrackerConformance`, `X11TrackerConformance`,
/// `GnomeTrackerConformance` and its Shell 48 subclass), and the fake one (`FakeTrackerConformance`) that the service's own tests can use where no
/// compositor is the point. `ConformanceCoverageTests` fails while a subclass has no line
/// for a check and does not name it in `exemptions`.
class WindowTrackerConformance: OutputTestCase {
    // MARK: Hooks

    /// The checks this tracker does not run (`checkX` names), each with why.
    class var exemptions: [String: String] { [:] }

    /// The two apps the suite opens (a notes app, then a game).
    var apps: (notes: String, game: String) { ("org.example.TrackerNotes", "org.example.TrackerGame") }
    /// Whether closing the window in front hands the focus back to the one before it.
    var closingGivesFocusBack: Bool { false }
    /// Part of the reason the tracker gives when its peer is killed.
    var goneReason: String { "" }

    /// Starts the peer (again, after `stopPeer`, on the same socket).
    func startPeer() throws { throw XCTSkip("a conformance subclass gives the peer") }
    /// Kills the peer and waits for it to end: a real compositor is the test's `compositor`.
    func stopPeer() throws {
        compositor.process.kill()
        try compositor.process.wait(timeout: deadline)
    }
    /// The tracker, started on a loop of its own and stopped after the test.
    func startTracker() -> WindowTrackerRun { fatalError("a conformance subclass makes the tracker") }
    /// A window of `appId` on the peer, in front.
    func openWindow(_ appId: String) throws -> OpenWindow { fatalError("a conformance subclass opens windows") }
    /// A peer announcing `count` windows at once, the first ones with hostile app ids.
    func startFloodingPeer(_ count: Int) throws -> FloodingPeer { fatalError("a conformance subclass floods") }

    // MARK: Attach and report

    func checkWindowsAppIdsActivationMinimizingAndClosing() throws {
        try startPeer()
        let tracker = startTracker()
        try eventually("attached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 1 }

        let notes = try openWindow(apps.notes)
        try waitForTrackedWindows(tracker, active: apps.notes, others: [])
        let game = try openWindow(apps.game)
        // A new window takes the focus from the one before.
        try waitForTrackedWindows(tracker, active: apps.game, others: [apps.notes])

        // Minimized: reported so, and no longer the activated one.
        if let minimize = notes.minimize {
            try minimize()
            try eventually("the notes window minimized; events:\n\(tracker.transcript)", timeout: deadline) {
                tracker.window(of: self.apps.notes)?.window.minimized == true
            }
            XCTAssertEqual(tracker.window(of: apps.notes)?.window.activated, false, tracker.transcript)
        }

        // Closing a window reports it closed.
        let gameHandle = try XCTUnwrap(tracker.window(of: apps.game)?.handle)
        try game.close()
        try eventually("the game's window closed; events:\n\(tracker.transcript)", timeout: deadline) {
            tracker.events.value.contains { if case .closed(gameHandle) = $0 { true } else { false } }
        }
        // Where closing the window in front gives the focus back to the one before it, it is reported.
        if closingGivesFocusBack { try waitForTrackedWindows(tracker, active: apps.notes, others: []) }
        try notes.close()
        try eventually("no windows; events:\n\(tracker.transcript)", timeout: deadline) { tracker.windows.isEmpty }
        XCTAssertEqual(tracker.detachReasons, [])
    }

    // MARK: Peer gone, peer back

    func checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws {
        try startPeer()
        let tracker = startTracker()
        _ = try openWindow(apps.notes)
        try waitForTrackedWindows(tracker, active: apps.notes, others: [])

        try stopPeer()
        try eventually("detached; events:\n\(tracker.transcript)", timeout: deadline) { tracker.detachReasons.count == 1 }
        XCTAssertEqual(tracker.windows, [:], "the compositor's windows went with it")
        XCTAssertTrue(tracker.detachReasons[0].contains(goneReason), tracker.detachReasons[0])

        // Back on the same socket: attached again, and its windows are followed.
        try startPeer()
        try eventually("attached again; events:\n\(tracker.transcript)", timeout: deadline) { tracker.attachedCount == 2 }
        _ = try openWindow(apps.game)
        try waitForTrackedWindows(tracker, active: apps.game, others: [])
    }

    // MARK: Hostile values bounded

    /// 3,000 windows announced at once, the first ones with app ids holding control characters
    /// or 4,000 characters long: the tracker follows 1,000 at once (the first ones, or, where
    /// the tracker gives its oldest windows not in front up for new ones, the newest), passes
    /// no bad app id on, reports each window once, keeps its loop answering, and detaches when
    /// the peer dies.
    func checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws {
        let peer = try startFloodingPeer(3_000)
        let tracker = startTracker()

        try eventually("1,000 windows followed (\(tracker.windows.count) so far)", timeout: deadline) {
            peer.flooded() && tracker.windows.count == WindowReportBounds.maxWindows
        }
        // The loop still answers while the rest of the flood is refused or churned.
        tracker.loop.sync {}
        XCTAssertEqual(tracker.attachedCount, 1)
        XCTAssertLessThanOrEqual(tracker.windows.count, WindowReportBounds.maxWindows)
        var reported: [UInt64: String] = [:]
        var reports = 0
        for case .window(let handle, let appId, _, _, _) in tracker.events.value {
            reports += 1
            reported[handle] = appId
        }
        XCTAssertEqual(reported.values.filter(\.isEmpty).count, 3, "the three bad app ids are passed on as none")
        XCTAssertFalse(reported.values.contains { $0.unicodeScalars.contains { $0.value < 0x20 } || $0.count > 255 })
        XCTAssertEqual(reports, reported.count, "one report per window")
        XCTAssertLessThanOrEqual(reports, 3_000)

        try peer.kill()
        try eventually("detached; windows left: \(tracker.windows.count)", timeout: deadline) {
            tracker.detachReasons.count == 1 && tracker.windows.isEmpty
        }
    }

    // MARK: Flood coalesced
    //
    // Reserved for the window-list flood work: a peer changing its windows thousands of times
    // in a burst is reported as few changes as keep the last state (one report per window
    // per burst). Add `checkAFloodOfChangesIsCoalesced` here, with a `startChangeFloodingPeer`
    // hook, and its line to each subclass's list of tests, so that every tracker runs it.
}
