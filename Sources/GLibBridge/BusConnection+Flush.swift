import CGio

extension BusConnection {
    /// Writes every queued outgoing message to the socket without waiting; `completion` runs
    /// once it is done (true) or failed (false), on the calling thread's thread-default
    /// GMainContext (which must be running).
    public func flushAsync(_ completion: @escaping (Bool) -> Void) {
        typealias Box = CallbackBox<(Bool) -> Void>
        let userData = Box(completion).retainedPointer()
        g_dbus_connection_flush(raw, nil, { source, result, userData in
            let completion = Unmanaged<Box>.fromOpaque(userData!).takeRetainedValue().value
            var error: UnsafeMutablePointer<GError>? = nil
            let done = g_dbus_connection_flush_finish(OpaquePointer(source), result, &error) != 0
            if let error { g_error_free(error) }
            completion(done)
        }, userData)
    }
}
