import GLibBridge
import Synchronization

/// Records the signals matching a filter, thread-safely, for a test to wait on.
///
/// It subscribes on a `LoopConnection`'s loop thread, then makes a round trip to the bus so
/// that the match rule is in force before `init` returns: a signal emitted after `init`,
/// from anywhere, is recorded. `stop()` (or dropping it) unsubscribes.
public final class SignalRecorder: Sendable {
    private let client: LoopConnection
    private let received: SignalLog
    private let subscription: Mutex<SignalSubscriptionID?>

    /// Subscribes on `client` with BusConnection.subscribe's filters (nil: any).
    public init(
        _ client: LoopConnection, sender: String? = nil, interface: String? = nil,
        member: String? = nil, path: String? = nil, arg0: String? = nil
    ) throws(DBusError) {
        self.client = client
        let received = SignalLog()
        self.received = received
        let connection = client.connection
        let id = client.sync {
            connection.subscribe(sender: sender, interface: interface, member: member, path: path, arg0: arg0) {
                received.append($0)
            }
        }
        subscription = Mutex(id)
        try connection.syncWithBus()
    }

    deinit { stop() }

    /// Every signal recorded so far, oldest first.
    public var signals: [ReceivedSignal] { received.all }

    /// How many signals have been recorded.
    public var count: Int { received.all.count }

    /// Forgets the signals recorded so far.
    public func clear() { received.clear() }

    /// Waits until at least `count` signals have been recorded; returns all of them.
    @discardableResult
    public func wait(count: Int, timeout: Duration = .seconds(20),
                     file: StaticString = #filePath, line: UInt = #line) throws -> [ReceivedSignal] {
        try wait("\(count) signal(s)", timeout: timeout, file: file, line: line) { $0.count >= count }
    }

    /// Waits until `condition` holds for the signals recorded; returns them.
    @discardableResult
    public func wait(_ what: String = "signals", timeout: Duration = .seconds(20),
                     file: StaticString = #filePath, line: UInt = #line,
                     until condition: ([ReceivedSignal]) -> Bool) throws -> [ReceivedSignal] {
        var snapshot: [ReceivedSignal] = []
        do {
            try eventually(what, timeout: timeout, file: file, line: line) {
                snapshot = received.all
                return condition(snapshot)
            }
        } catch {
            throw TestSupportError("\(error); recorded \(snapshot.count): \(snapshot.map(\.description))")
        }
        return snapshot
    }

    /// Waits for the first signal named `member` and returns it.
    public func first(member: String, timeout: Duration = .seconds(20),
                      file: StaticString = #filePath, line: UInt = #line) throws -> ReceivedSignal {
        try wait("a \(member) signal", timeout: timeout, file: file, line: line) {
            $0.contains { $0.member == member }
        }.first { $0.member == member }!
    }

    /// Makes sure every signal `peer` sent before now has been recorded: pings the peer
    /// (its signals arrive before its reply), then lets the loop dispatch them. After this,
    /// an absent signal really was not sent.
    public func drain(through peer: String) throws(DBusError) {
        try client.connection.call(
            destination: peer, path: "/", interface: "org.freedesktop.DBus.Peer", method: "Ping")
        client.drain()
    }

    /// Unsubscribes. Safe to repeat.
    public func stop() {
        guard let id = subscription.withLock({ id in defer { id = nil }; return id }) else { return }
        client.connection.unsubscribe(id)
    }
}

/// The thread-safe list behind a SignalRecorder, shared with its subscription closure.
final class SignalLog: Sendable {
    private let signals = Mutex<[ReceivedSignal]>([])

    func append(_ signal: ReceivedSignal) { signals.withLock { $0.append(signal) } }
    var all: [ReceivedSignal] { signals.withLock { $0 } }
    func clear() { signals.withLock { $0.removeAll() } }
}
