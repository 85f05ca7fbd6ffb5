import GLibBridge
import OrientationCore

/// Fairness between clients: one client's flood of expensive reads must not hold up the
/// others' calls.
///
/// GDBus hands orientd every incoming call in the order the bus delivered them. A call that
/// is cheap runs at once, as before. An expensive read (`GetManagedObjects`, `GetControllers`,
/// `GetAppPolicies`) is queued instead, per connection, and the queues are served
/// one call at a time, round robin between connections, from an idle source: only when GDBus
/// has no call waiting. So a bystander's call waits at most for the one expensive reply being
/// built when it arrives, however many a flooder has pipelined. A connection with calls queued
/// has its later calls queued behind them too, so each connection's calls still run in the
/// order it sent them.
///
/// Pending work is bounded per connection: a call that would make more than
/// `pendingPerConnection` calls wait for one connection (for a sandboxed app: for all its
/// connections together, see `holder`) is refused at once with `LimitExceeded`. The calls of a
/// connection that leaves the bus are dropped.
///
/// The replies of all clients leave through orientd's one connection to the bus, in order. So
/// the next expensive call runs only once the previous expensive reply, if large, has been
/// written to the bus (an asynchronous flush): at most one large reply is ever ahead of a
/// bystander's reply, however slowly the flooder reads its own.
final class CallQueue {
    static let pendingPerConnection = 128
    /// A reply at least this large is written to the bus before the next expensive call
    /// runs. A smaller one (a scene's few controllers, a handful of app policies) costs the
    /// bus no more than a few ordinary replies, and waiting for it to be written (a flush:
    /// a hand-over to GDBus's writer and back) would cost each such call more than the
    /// reply itself.
    static let largeReply = 64 * 1024
    /// The calls whose reply grows with the state: `GetManagedObjects`, `GetControllers`,
    /// `GetAppPolicies` (Explain's is bounded by the deciding path).
    private let expensive: [MethodID]

    private let loop: MainLoop
    private let connection: BusConnection
    /// An expensive reply is on its way to the bus: the next one waits for it.
    private var flushing = false
    /// How many replies the queue has waited to see written (for tests).
    private(set) var flushes = 0
    private var queues: [String: [(call: MethodInvocation, run: () -> Void, holder: String)]] = [:]
    /// Whose count a connection's waiting calls add to: the connection's own, or a sandboxed
    /// app's (the core's quota holder).
    var holder: (String) -> String = { $0 }
    /// Waiting calls by holder.
    private var pendingByHolder: [String: Int] = [:]
    /// Connections with queued calls, in the order they are served next.
    private var turn: [String] = []
    private var scheduled: SourceHandle?

    init(loop: MainLoop, connection: BusConnection, expensive: [MethodID]) {
        self.loop = loop
        self.connection = connection
        self.expensive = expensive
    }

    private func isExpensive(_ call: MethodInvocation) -> Bool { expensive.contains(call.method) }

    /// Whether `call` may run at once without asking `admit`: nothing waits and it is cheap
    /// (the common case, checked before a closure for `admit` is even made).
    func runsAtOnce(_ call: MethodInvocation) -> Bool { queues.isEmpty && !isExpensive(call) }

    /// Runs `run` for `call` now, or queues it (see the type's documentation).
    func admit(_ call: MethodInvocation, _ run: @escaping () -> Void) {
        let sender = call.sender
        let waiting = queues[sender]?.count ?? 0
        guard waiting > 0 || isExpensive(call) else { return run() }
        let holder = self.holder(sender)
        let pending = pendingByHolder[holder, default: 0]
        guard pending < Self.pendingPerConnection else {
            let who = holder == sender ? "Connection \(sender)" : "\(sender)'s app (\(holder.dropFirst(4)), all its sandboxed connections together)"
            let error = OrientationError.limitExceeded("\(who) has \(pending) calls waiting for orientd; the limit is \(Self.pendingPerConnection) per connection, per app for a sandboxed app (wait for replies before sending more)")
            return call.returnError(name: error.name, message: error.message)
        }
        if waiting == 0 { turn.append(sender) }
        queues[sender, default: []].append((call, run, holder))
        pendingByHolder[holder] = pending + 1
        schedule()
    }

    /// Calls waiting, for all connections.
    var count: Int { queues.values.reduce(0) { $0 + $1.count } }

    /// A connection left the bus: its waiting calls are answered with an error nobody reads,
    /// not run.
    func drop(_ sender: String) {
        guard let dropped = queues.removeValue(forKey: sender) else { return }
        turn.removeAll { $0 == sender }
        for (_, _, holder) in dropped { release(holder) }
        for (call, _, _) in dropped {
            call.returnError(name: DBusError.failed, message: "The caller left the bus")
        }
    }

    /// orientd is exiting: every waiting call gets an error now rather than no reply at all.
    func refuseAll(because reason: String) {
        let waiting = queues
        queues.removeAll()
        turn.removeAll()
        pendingByHolder.removeAll()
        for (call, _, _) in waiting.values.joined() {
            call.returnError(name: DBusError.failed, message: reason)
        }
        // Closing the connection may drop what is still queued: these errors go out first.
        if !waiting.isEmpty { try? connection.flush() }
    }

    private func release(_ holder: String) {
        let left = pendingByHolder[holder, default: 1] - 1
        pendingByHolder[holder] = left > 0 ? left : nil
    }

    private func schedule() {
        guard scheduled == nil, !flushing, !turn.isEmpty else { return }
        scheduled = loop.addIdle { [unowned self] in
            scheduled = nil
            runNext()
            schedule()
        }
    }

    private func runNext() {
        guard !turn.isEmpty else { return }
        let sender = turn.removeFirst()
        guard var queue = queues[sender], !queue.isEmpty else { return }
        let (call, run, holder) = queue.removeFirst()
        release(holder)
        if queue.isEmpty {
            queues[sender] = nil
        } else {
            queues[sender] = queue
            turn.append(sender)
        }
        run()
        guard isExpensive(call), call.replySize >= Self.largeReply else { return }
        flushing = true
        flushes += 1
        connection.flushAsync { [weak self] _ in
            guard let self else { return }
            flushing = false
            schedule()
        }
    }
}
