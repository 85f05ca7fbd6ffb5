import CGio

/// A pointer to a GLib object that GLib documents as safe to share between threads.
///
/// This is GLibBridge's only `@unchecked Sendable`, and it is sound because it only ever
/// holds: a GVariant (immutable once built, atomically reference counted); a
/// GDBusConnection (thread-safe by contract); a GDBusMethodInvocation (only its
/// thread-safe `return_*` functions are called after construction); a GDBusInterfaceInfo
/// (immutable, atomic reference count); a GMainContext, GMainLoop or GSource (only
/// `g_main_context_invoke_full`, `g_main_loop_quit`, `g_source_attach`/`destroy`,
/// which GLib makes thread-safe, are used across threads); a GThread (joined once).
struct GHandle: @unchecked Sendable {
    let raw: OpaquePointer

    init(_ raw: OpaquePointer) { self.raw = raw }
    init<T>(_ pointer: UnsafeMutablePointer<T>) { self.raw = OpaquePointer(pointer) }

    /// The handle as a typed pointer (for GLib structs that Swift imports as complete types).
    func typed<T>(_: T.Type) -> UnsafeMutablePointer<T> { UnsafeMutablePointer<T>(raw) }
}

/// A reference type that carries a Swift value through a C `user_data` pointer.
///
/// Pass it with `Unmanaged.passRetained(...)`; the GDestroyNotify (or the one-shot callback)
/// releases it.
final class CallbackBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }

    /// Retains the box and returns it as `user_data`.
    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The box behind `user_data`, without changing its retain count.
    static func borrow(_ pointer: UnsafeRawPointer?) -> CallbackBox<Value> {
        Unmanaged<CallbackBox<Value>>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// Releases the retain taken by `retainedPointer()`.
    static func release(_ pointer: UnsafeRawPointer?) {
        Unmanaged<CallbackBox<Value>>.fromOpaque(pointer!).release()
    }
}

/// Copies a C string that the caller still owns.
func copyCString(_ pointer: UnsafePointer<gchar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

/// Copies a C string and frees it with g_free.
func takeCString(_ pointer: UnsafeMutablePointer<gchar>?) -> String {
    guard let pointer else { return "" }
    defer { g_free(pointer) }
    return String(cString: pointer)
}
