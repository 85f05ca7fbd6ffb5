@testable import OrientationDaemon
@testable import OrientationDaemonTests
import XCTest

/// `WindowTrackerConformance` with the fake tracker and the test as its peer: the fake keeps
/// the same contract as the real trackers, so a test of the service that needs windows but no
/// compositor can use it.
final class FakeTrackerConformance: WindowTrackerConformance {
    func testWindowsAppIdsActivationMinimizingAndClosing() throws { try checkWindowsAppIdsActivationMinimizingAndClosing() }
    func testThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws { try checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() }
    func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws { try checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() }
    private let driver = FakePeerDriver(FakeWindowPeer())

    override var closingGivesFocusBack: Bool { true }
    override var goneReason: String { "the fake compositor went away" }

    private func onPeer<T>(_ body: @escaping @Sendable (FakeWindowPeer) -> T) -> T { driver.on(body) }

    override func startPeer() throws { driver.start() }

    override func stopPeer() throws { driver.stop() }

    override func startTracker() -> WindowTrackerRun {
        let peer = driver.peer
        let run = WindowTrackerRun { FakeWindowTracker(peer: peer, playing: ServiceOnFakeCompositorTests.played.windows, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        driver.loop = run.loop
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
