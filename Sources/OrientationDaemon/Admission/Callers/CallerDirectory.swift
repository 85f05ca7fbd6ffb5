import GLibBridge
import OrientationCore

/// Who is behind each connection that called, looked up once per connection (asynchronously:
/// the bus call and the file reads never hold up the main loop) and forgotten when it leaves
/// the bus. A connection's calls wait while its identity is being looked up (at most
/// `waitingPerConnection` of them, for at most `lookupTimeoutMilliseconds`), then run in the
/// order they came.
final class CallerDirectory {
    /// Above the per-connection scene limit, so a client that sends its whole allowance at
    /// once, before its identity is known, waits rather than fails.
    static let waitingPerConnection = 1_100
    static let lookupTimeoutMilliseconds: UInt32 = 10_000

    enum Entry {
        /// Being looked up: the calls waiting for it, in order.
        case waiting([(call: MethodInvocation, run: () -> Void)])
        case known(CallerIdentity)
        /// It could not be found out: why (its calls are refused).
        case failed(String)
    }

    private var entries: [String: Entry] = [:]
    private let connection: BusConnection
    private let loop: MainLoop
    private let limits: Limits
    private let log: Log
    /// Where the process is classified (its files may be slow to read: a FUSE mount in its
    /// own namespace can hold a read for as long as it likes); started with the first lookup.
    private let classifier = WorkerThread(name: "orientd-callers")
    /// Told of each connection found to be a sandboxed app, before its waiting calls run.
    var identifiedSandboxed: (String, CallerIdentity) -> Void = { _, _ in }

    init(connection: BusConnection, loop: MainLoop, limits: Limits, log: Log) {
        self.connection = connection
        self.loop = loop
        self.limits = limits
        self.log = log
    }

    /// The identity of `connection`, if known.
    func identity(of connection: String) -> CallerIdentity? {
        if case .known(let identity) = entries[connection] { return identity }
        return nil
    }

    /// Runs `run` for `call` once its sender's identity is known (at once when it is), or
    /// refuses the call when it cannot be found out.
    func whenIdentified(_ call: MethodInvocation, _ run: @escaping () -> Void) {
        let sender = call.sender
        switch entries[sender] {
        case .known:
            run()
        case .failed(let why):
            refuseUnidentified(call, why)
        case .waiting(var calls):
            guard calls.count < CallerDirectory.waitingPerConnection else {
                let error = OrientationError.limitExceeded("Connection \(sender) has \(calls.count) calls waiting while orientd finds out which app it is; the limit is \(CallerDirectory.waitingPerConnection)")
                return call.returnError(name: error.name, message: error.message)
            }
            calls.append((call, run))
            entries[sender] = .waiting(calls)
        case nil:
            entries[sender] = .waiting([(call, run)])
            lookUp(sender)
        }
    }

    /// Asks the bus for the connection's process, classifies it on a worker thread, and
    /// comes back to the main loop with the answer (or a failure after the timeout).
    private func lookUp(_ sender: String) {
        nonisolated(unsafe) let directory = self
        let loop = self.loop
        let limits = self.limits
        let classifier = self.classifier
        // A late answer after the timeout, or the timeout after the answer, finds the entry
        // no longer waiting and does nothing.
        loop.addTimeout(milliseconds: CallerDirectory.lookupTimeoutMilliseconds) {
            directory.identified(sender, .failure(CallerLookup.Failure(
                reason: "finding out which app it is took longer than \(CallerDirectory.lookupTimeoutMilliseconds) ms")))
        }
        connection.connectionCredentials(of: sender) { result in
            switch result {
            case .failure(let error):
                directory.identified(sender, .failure(CallerLookup.Failure(reason: "the bus did not say who it is (\(error.message))")))
            case .success(let credentials):
                classifier.run {
                    let identity = CallerLookup.identify(credentials, limits: limits)
                    loop.invoke { directory.identified(sender, identity) }
                }
            }
        }
    }

    /// The lookup of `sender` ended: its waiting calls run (or are refused), in order.
    private func identified(_ sender: String, _ result: Result<CallerIdentity, CallerLookup.Failure>) {
        // It left the bus meanwhile (forgotten), or a late answer after the timeout.
        guard case .waiting(let calls) = entries[sender] else { return }
        switch result {
        case .success(let identity):
            entries[sender] = .known(identity)
            if case .sandboxed = identity { identifiedSandboxed(sender, identity) }
            for (_, run) in calls { run() }
        case .failure(let failure):
            log.warning("cannot tell which app is behind \(sender): \(failure.reason); its calls are refused")
            entries[sender] = .failed(failure.reason)
            for (call, _) in calls { refuseUnidentified(call, failure.reason) }
        }
    }

    private func refuseUnidentified(_ call: MethodInvocation, _ why: String) {
        call.returnError(name: OrientationError(.accessDenied, "").name,
                         message: "orientd cannot tell which app is behind \(call.sender) (\(why)), so it answers none of its calls")
    }

    /// A connection left the bus: its identity is forgotten, its waiting calls dropped.
    func forget(_ name: String) {
        guard let entry = entries.removeValue(forKey: name) else { return }
        if case .waiting(let calls) = entry {
            for (call, _) in calls { call.returnError(name: DBusError.failed, message: "The caller left the bus") }
        }
    }
}
