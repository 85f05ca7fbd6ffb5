import GLibBridge

/// Counts one signal from one sender on a client loop thread (with a `ChangeCounter`).
final class SignalCounter: Sendable {
    private let counter = ChangeCounter()

    /// Subscribes on `loop`'s thread, then makes sure the bus has the match rule.
    init(_ connection: BusConnection, loop: MainLoop, sender: String, interface: String, member: String) throws(DBusError) {
        let counter = self.counter
        loop.sync {
            connection.subscribe(sender: sender, interface: interface, member: member) { _ in counter.count() }
        }
        try connection.syncWithBus()
    }

    /// Starts counting afresh, to `expected`.
    func expect(_ expected: Int) { counter.expect(expected) }

    /// Waits until the expected number has arrived; returns when that was.
    func wait(timeout seconds: Double) throws(BenchError) -> ContinuousClock.Instant {
        try counter.wait(timeout: seconds)
    }
}
