import Dispatch
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

    var entries: [String: Entry] = [:]

    /// The identity of `connection`, if known.
    func identity(of connection: String) -> CallerIdentity? {
        if case .known(let identity) = entries[connection] { return identity }
        return nil
    }
}

extension OrientationService {
    /// Runs `run` for `call` once its sender's identity is known (at once when it is), or
    /// refuses the call when it cannot be found out.
    func whenIdentified(_ call: MethodInvocation, _ run: @escaping () -> Void) {
        let sender = call.sender
        switch callers.entries[sender] {
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
            callers.entries[sender] = .waiting(calls)
        case nil:
            callers.entries[sender] = .waiting([(call, run)])
            lookUp(sender)
        }
    }

    /// Asks the bus for the connection's process, classifies it on a worker thread, and
    /// comes back to the main loop with the answer (or a failure after the timeout).
    private func lookUp(_ sender: String) {
        nonisolated(unsafe) let service = self
        let loop = self.loop
        let limits = options.limits
        // A late answer after the timeout, or the timeout after the answer, finds the entry
        // no longer waiting and does nothing.
        loop.addTimeout(milliseconds: CallerDirectory.lookupTimeoutMilliseconds) {
            service.identified(sender, .failure(CallerLookup.Failure(
                reason: "finding out which app it is took longer than \(CallerDirectory.lookupTimeoutMilliseconds) ms")))
        }
        connection.connectionCredentials(of: sender) { result in
            switch result {
            case .failure(let error):
                service.identified(sender, .failure(CallerLookup.Failure(reason: "the bus did not say who it is (\(error.message))")))
            case .success(let credentials):
                DispatchQueue.global().async {
                    let identity = CallerLookup.identify(credentials, limits: limits)
                    loop.invoke { service.identified(sender, identity) }
                }
            }
        }
    }

    /// The lookup of `sender` ended: its waiting calls run (or are refused), in order.
    private func identified(_ sender: String, _ result: Result<CallerIdentity, CallerLookup.Failure>) {
        // It left the bus meanwhile (forgotten), or a late answer after the timeout.
        guard case .waiting(let calls) = callers.entries[sender] else { return }
        switch result {
        case .success(let identity):
            callers.entries[sender] = .known(identity)
            if case .sandboxed(let appId, let kind) = identity {
                log.info("\(sender) is the \(kind.displayName) app \(appId): it may use only its own scenes\(manager.mayAdminister(appId) != nil ? " and, as the configuration allows, the administrator methods" : "")")
                performInternal(.callerIdentified(sender, identity))
            }
            for (_, run) in calls { run() }
        case .failure(let failure):
            log.warning("cannot tell which app is behind \(sender): \(failure.reason); its calls are refused")
            callers.entries[sender] = .failed(failure.reason)
            for (call, _) in calls { refuseUnidentified(call, failure.reason) }
        }
    }

    private func refuseUnidentified(_ call: MethodInvocation, _ why: String) {
        call.returnError(name: OrientationError(.accessDenied, "").name,
                         message: "orientd cannot tell which app is behind \(call.sender) (\(why)), so it answers none of its calls")
    }

    /// A connection left the bus: its identity is forgotten, its waiting calls dropped.
    func forgetCaller(_ name: String) {
        guard let entry = callers.entries.removeValue(forKey: name) else { return }
        if case .waiting(let calls) = entry {
            for (call, _) in calls { call.returnError(name: DBusError.failed, message: "The caller left the bus") }
        }
    }
}
