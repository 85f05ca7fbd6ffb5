import Dispatch
import GLibBridge
import Synchronization

/// Counts one signal from one sender on a client loop thread, and notes when the expected
/// number has arrived.
final class SignalCounter: Sendable {
    private struct State {
        var received = 0
        var expected = Int.max
        var reached: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    private let reached = DispatchSemaphore(value: 0)

    /// Subscribes on `loop`'s thread, then makes sure the bus has the match rule.
    init(_ connection: BusConnection, loop: MainLoop, sender: String, interface: String, member: String) throws(DBusError) {
        loop.sync { [self] in
            connection.subscribe(sender: sender, interface: interface, member: member) { _ in self.count() }
        }
        try connection.syncWithBus()
    }

    /// Starts counting afresh, to `expected`.
    func expect(_ expected: Int) {
        state.withLock { $0 = State(received: 0, expected: expected, reached: nil) }
    }

    /// Waits until the expected number has arrived; returns when that was.
    func wait(timeout seconds: Double) throws(BenchError) -> ContinuousClock.Instant {
        if reached.wait(timeout: .now() + seconds) == .timedOut {
            let state = state.withLock { $0 }
            throw BenchError("received \(state.received) of \(state.expected) signals in \(seconds) s")
        }
        return state.withLock { $0.reached! }
    }

    private func count() {
        let done = state.withLock { state in
            state.received += 1
            guard state.received == state.expected else { return false }
            state.reached = ContinuousClock.now
            return true
        }
        if done { reached.signal() }
    }
}
