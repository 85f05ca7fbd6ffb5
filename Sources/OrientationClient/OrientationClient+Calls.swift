import GLibBridge
import OrientationWire

/// The calls, property reads and signal listeners every part of the client goes through.
extension OrientationClient {
    /// Calls a manager method.
    @discardableResult
    func callManager(_ method: ManagerMethod, _ arguments: [Variant] = [], replyType: String = "()",
                     destination: String = OrientationClient.busName) throws(OrientationClientError) -> Variant {
        try call(path: Self.managerPath, interface: Self.managerInterface, method: method.rawValue,
                 arguments: arguments, replyType: replyType, destination: destination)
    }

    /// Calls a method on orientd and returns the reply tuple, of type `replyType`. The
    /// destination is the well-known name, or the unique name of the instance holding a
    /// scene (so a call on a path of an instance that left never reaches its successor).
    @discardableResult
    func call(path: String, interface: String, method: String, arguments: [Variant],
              replyType: String?, destination: String = OrientationClient.busName) throws(OrientationClientError) -> Variant {
        if closed.withLock({ $0 }) { throw OrientationClientError(.disconnected, "the OrientationClient is closed") }
        do {
            return try connection.call(
                destination: destination, path: path, interface: interface, method: method,
                parameters: Variant(tuple: arguments), replyType: replyType,
                timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw OrientationClientError(error)
        }
    }

    /// Reads one property.
    func property(_ path: String, _ interface: String, _ name: String,
                  destination: String = OrientationClient.busName) throws(OrientationClientError) -> Variant {
        let reply = try call(path: path, interface: BusNames.propertiesInterface, method: StandardMember.get,
                             arguments: [Variant(string: interface), Variant(string: name)], replyType: "(v)",
                             destination: destination)
        return reply.child(at: 0).unboxed!
    }

    /// Adds a listener for the signals of `source`: from the next signal that reaches the
    /// client on. Returns the closure that removes it.
    ///
    /// The listener becomes active through the loop (after the signals already received are
    /// dispatched), following a round trip to the bus that makes sure everything orientd
    /// sent before this call has been received. So it gets every signal sent after this
    /// call returns, and none sent before. `finish` runs once, when the source goes away
    /// or the client closes (not after the returned closure).
    func listen(
        to source: ListenerRegistry.Source,
        watching record: SceneRecord? = nil,
        deliver: @escaping @Sendable (ListenerEvent) -> Void,
        finish: @escaping @Sendable () -> Void
    ) throws(OrientationClientError) -> @Sendable () -> Void {
        if closed.withLock({ $0 }) { throw OrientationClientError(.disconnected, "the OrientationClient is closed") }
        if let record, record.isRegisteredHere, !record.isTracked {
            // Unregistered, removed, or not taken back after a restart: nothing will come,
            // and its old path may mean another scene now.
            throw OrientationClientError(.unknownScene, "the scene \(record.path) is gone")
        }
        let unwatch: (@Sendable () -> Void)?
        do {
            if let record, !record.isTracked {
                // Someone else's scene: its signals are accepted from orientd's owner now,
                // through a rule held while it has listeners.
                unwatch = router.watch(record, owner: try connection.nameOwner(Self.busName))
            } else {
                unwatch = nil
            }
        } catch {
            throw OrientationClientError(error)
        }
        do {
            try connection.syncWithBus()
        } catch {
            unwatch?()
            throw OrientationClientError(error)
        }
        let listeners = self.listeners
        let token = listeners.add(source: source, deliver: deliver, finish: finish)
        // Runs after the signal dispatches already queued on the loop; never runs once the
        // loop has stopped, and then `close()` has finished the listener anyway.
        loop.invoke { listeners.activate(token) }
        if closed.withLock({ $0 }) { listeners.finish { _ in true } }
        return {
            listeners.remove(token)
            unwatch?()
        }
    }

    /// A stream of `transform`'s non-nil results for the signals of `source` (see `listen`).
    func stream<Element: Sendable>(
        of source: ListenerRegistry.Source, watching record: SceneRecord? = nil,
        transform: @escaping @Sendable (ListenerEvent) -> Element?
    ) throws(OrientationClientError) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let remove = try listen(
            to: source, watching: record,
            deliver: { signal in if let element = transform(signal) { continuation.yield(element) } },
            finish: { continuation.finish() })
        continuation.onTermination = { _ in remove() }
        return stream
    }
}
