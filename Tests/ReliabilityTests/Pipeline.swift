import Dispatch
import GLibBridge
import TestSupport

extension LoopConnection {
    /// Sends `count` calls to orientd from this connection's loop, `window` at a time, and
    /// waits for every reply; the results come back in the order the calls were sent (which
    /// is the order orientd runs them in).
    func pipeline(_ count: Int, window: Int = 64, timeout: Duration = .seconds(120),
                  _ call: @escaping @Sendable (Int) -> (path: String, interface: String, method: String, arguments: [Variant]))
        throws -> [Result<Variant, DBusError>] {
        let results = LockedValue<(replies: [Result<Variant, DBusError>?], count: Int)>((Array(repeating: nil, count: count), 0))
        let next = LockedValue(0)
        let done = DispatchSemaphore(value: 0)
        let connection = self.connection

        @Sendable func issue() {
            let index: Int? = next.withLock { n in
                guard n < count else { return nil }
                defer { n += 1 }
                return n
            }
            guard let index else { return }
            let (path, interface, method, arguments) = call(index)
            connection.callAsync(destination: Contract.busName, path: path, interface: interface, method: method,
                                 parameters: Variant(tuple: arguments), timeoutMilliseconds: 60_000) { result in
                let finished = results.withLock { r in
                    r.replies[index] = result
                    r.count += 1
                    return r.count == count
                }
                if finished { done.signal() }
                issue()
            }
        }
        if count == 0 { return [] }
        loop.invoke {
            for _ in 0..<min(window, count) { issue() }
        }
        let seconds = Double(timeout.components.seconds)
        guard done.wait(timeout: .now() + seconds) == .success else {
            throw TestSupportError("\(count) pipelined calls did not all finish in \(timeout)")
        }
        return results.value.replies.map { $0! }
    }

    /// RegisterScene `count` times, pipelined.
    func registerMany(_ count: Int, app: String, detached: @escaping @Sendable (Int) -> Bool = { _ in false }) throws -> [Result<Variant, DBusError>] {
        try pipeline(count) { index in
            var options: [String: Variant] = ["app-id": .s(app)]
            if detached(index) { options["detached"] = .b(true) }
            return (Contract.managerPath, Contract.managerInterface, "RegisterScene", [.vardict(options)])
        }
    }
}

extension Result where Success == Variant, Failure == DBusError {
    /// The error's name, or nil for a success.
    var errorName: String? {
        if case .failure(let error) = self { return error.name }
        return nil
    }

    var errorMessage: String {
        if case .failure(let error) = self { return error.message }
        return ""
    }
}

extension PrivateBus {
    /// `count` live scenes from new connections holding 10 each: the last 1,000 of the 10,000
    /// live scenes in all are kept for connections holding fewer than 10 (so a few connections
    /// at their own limit cannot keep a new app out), and a test that needs 10,000 registers
    /// the last ones this way. Close the connections to drop the scenes.
    func registerInSmallConnections(_ count: Int, app: String) throws -> [BusConnection] {
        var connections: [BusConnection] = []
        for start in stride(from: 0, to: count, by: 10) {
            let connection = try connect()
            connections.append(connection)
            for _ in start..<min(start + 10, count) { _ = try connection.register(app: app) }
        }
        return connections
    }
}
