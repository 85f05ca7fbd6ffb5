@testable import OrientationDaemon
import XCTest

/// `WindowTrackerConformance` with the fake tracker and the test as its peer: the fake keeps
/// the same contract as the real trackers, so a test of the service that needs windows but no
/// compositor can use it.
final class FakeTrackerConformance: WindowTrackerConformance {
    func testWindowsAppIdsActivationMinimizingAndClosing() throws { try checkWindowsAppIdsActivationMinimizingAndClosing() }
    func testThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws { try checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() }
    func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws { try checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() }
    private let peer = FakeWindowPeer()
    private var run: WindowTrackerRun?
    private var started = false

    override var closingGivesFocusBack: Bool { true }
    override var goneReason: String { "the fake compositor went away" }

    /// The peer's actions run on the tracker's loop once it runs (before: on the test's thread).
    private func onPeer<T>(_ body: @escaping @Sendable (FakeWindowPeer) -> T) -> T {
        let peer = peer
        guard let run else { return body(peer) }
        nonisolated(unsafe) var result: T?
        run.loop.sync { result = body(peer) }
        return result!
    }

    override func startPeer() throws {
        if started { onPeer { $0.arrive() } }
        started = true
    }

    override func stopPeer() throws { onPeer { $0.leave() } }

    override func startTracker() -> WindowTrackerRun {
        let peer = peer
        let run = WindowTrackerRun { FakeWindowTracker(peer: peer, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        self.run = run
        return run
    }

    override func openWindow(_ appId: String) throws -> OpenWindow {
        let handle = onPeer { $0.open(appId) }
        // The fake's minimize leaves the focus to no window, as a compositor's does; closing
        // the window in front then activates the minimized one before it (FakeWindowPeer.close).
        return OpenWindow(close: { self.onPeer { $0.close(handle) } }, minimize: { self.onPeer { $0.minimize(handle) } })
    }

    override func startFloodingPeer(_ count: Int) throws -> FloodingPeer {
        onPeer { $0.flood(count) }
        return FloodingPeer(flooded: { true }, kill: { self.onPeer { $0.leave() } })
    }
}
