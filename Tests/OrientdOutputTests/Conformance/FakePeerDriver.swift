import GLibBridge
@testable import OrientationDaemonTests

/// A fake compositor the test plays (`FakeOutputPeer`, `FakeWindowPeer`): it leaves and
/// comes back.
protocol FakeCompositorPeer: AnyObject, Sendable {
    func leave()
    func arrive()
}

extension FakeOutputPeer: FakeCompositorPeer {}
extension FakeWindowPeer: FakeCompositorPeer {}

/// How a conformance suite plays its fake peer: the peer's actions run on the adapter's loop
/// once the adapter runs there (before: on the test's thread); the suite's first `startPeer`
/// finds the peer there already, a later one brings it back.
final class FakePeerDriver<Peer: FakeCompositorPeer>: @unchecked Sendable {
    let peer: Peer
    /// The adapter's loop, once it runs (set by the suite's `startTracker`/`startBackend`).
    var loop: MainLoop?
    private var started = false

    init(_ peer: Peer) { self.peer = peer }

    /// Runs `body` with the peer, on the adapter's loop when there is one.
    func on<T>(_ body: @escaping @Sendable (Peer) -> T) -> T {
        let peer = peer
        guard let loop else { return body(peer) }
        nonisolated(unsafe) var result: T?
        loop.sync { result = body(peer) }
        return result!
    }

    func start() {
        if started { on { $0.arrive() } }
        started = true
    }

    func stop() { on { $0.leave() } }
}
