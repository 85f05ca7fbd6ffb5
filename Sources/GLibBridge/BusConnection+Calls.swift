import CGio

extension BusConnection {
    /// Calls a method and waits for the reply, from any thread (no loop needed).
    ///
    /// - Parameters:
    ///   - destination: the bus name, such as `io.github.orientd.OrientationManager1`.
    ///   - parameters: a tuple such as `Variant(tuple: [...])`, or nil for no arguments.
    ///   - replyType: the expected reply tuple type, such as `(o)`; a reply of another type
    ///     then fails with `InvalidArgs`. Nil accepts any reply.
    ///   - timeoutMilliseconds: -1 for GDBus's default (25 s).
    /// - Returns: the reply tuple (`()` for a method without results).
    /// - Throws: `DBusError` with the remote error's name and message, or a local one.
    @discardableResult
    public func call(
        destination: String?, path: String, interface: String, method: String,
        parameters: Variant? = nil, replyType: String? = nil, timeoutMilliseconds: Int32 = -1
    ) throws(DBusError) -> Variant {
        var error: UnsafeMutablePointer<GError>? = nil
        let reply = withExtendedLifetime(parameters) { withOptionalVariantType(replyType) { type in
            g_dbus_connection_call_sync(
                raw, destination, path, interface, method, parameters?.raw, type,
                GLibFlags.callNone, timeoutMilliseconds, nil, &error)
        } }
        guard let reply else { throw DBusError(consuming: error) }
        return Variant(adopting: reply)
    }

    /// Calls a method without waiting. `completion` runs once, with the reply tuple or the
    /// error, on the calling thread's thread-default GMainContext (which must be running).
    public func callAsync(
        destination: String?, path: String, interface: String, method: String,
        parameters: Variant? = nil, replyType: String? = nil, timeoutMilliseconds: Int32 = -1,
        completion: @escaping (Result<Variant, DBusError>) -> Void
    ) {
        typealias Box = CallbackBox<(Result<Variant, DBusError>) -> Void>
        let userData = Box(completion).retainedPointer()
        withExtendedLifetime(parameters) { withOptionalVariantType(replyType) { type in
            g_dbus_connection_call(
                raw, destination, path, interface, method, parameters?.raw, type,
                GLibFlags.callNone, timeoutMilliseconds, nil,
                { source, result, userData in
                    let completion = Unmanaged<Box>.fromOpaque(userData!).takeRetainedValue().value
                    var error: UnsafeMutablePointer<GError>? = nil
                    let connection = OpaquePointer(source)
                    if let reply = g_dbus_connection_call_finish(connection, result, &error) {
                        completion(.success(Variant(adopting: reply)))
                    } else {
                        completion(.failure(DBusError(consuming: error)))
                    }
                },
                userData)
        } }
    }
}
