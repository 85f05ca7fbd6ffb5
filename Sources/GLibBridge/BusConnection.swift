import CGio

/// A connection to a D-Bus message bus (GDBusConnection).
///
/// GDBusConnection is thread-safe: calls, emits and registrations may happen from any thread.
/// Every callback (method calls, property reads, signals, name events, async replies) runs on
/// the GMainContext that was the *thread-default context of the thread that registered it*,
/// at the time it registered: on the main thread, the global default context that
/// `MainLoop()` runs; inside `MainLoop.sync`/`invoke` of a `MainLoop.startThread()` loop, that
/// loop's thread. Nothing is dispatched unless that context is being run.
public final class BusConnection: Sendable {
    let handle: GHandle
    var raw: OpaquePointer { handle.raw }

    /// Wraps a GDBusConnection, taking over one reference (transfer full).
    init(adopting raw: OpaquePointer) { handle = GHandle(raw) }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle.raw)) }

    /// The session bus of this process (`DBUS_SESSION_BUS_ADDRESS`). GLib shares one such
    /// connection per process, and exits the process if the bus closes it.
    public static func session() throws(DBusError) -> BusConnection {
        try bus(G_BUS_TYPE_SESSION)
    }

    /// The system bus (`DBUS_SYSTEM_BUS_ADDRESS` or the standard socket); shared like `session()`.
    public static func system() throws(DBusError) -> BusConnection {
        try bus(G_BUS_TYPE_SYSTEM)
    }

    private static func bus(_ type: GBusType) throws(DBusError) -> BusConnection {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let raw = g_bus_get_sync(type, nil, &error) else { throw DBusError(consuming: error) }
        return BusConnection(adopting: raw)
    }

    /// A new, private connection to the message bus at `address` (such as
    /// `unix:path=/tmp/dbus-XYZ,guid=...`), authenticated as a client and registered with
    /// the bus (`Hello`). It does not exit the process when closed.
    public convenience init(address: String) throws(DBusError) {
        var error: UnsafeMutablePointer<GError>? = nil
        let flags = GLibFlags.connectionClientOfMessageBus
        guard let raw = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw DBusError(consuming: error)
        }
        self.init(adopting: raw)
    }

    /// The unique name the bus gave this connection, such as `:1.42`.
    public var uniqueName: String { copyCString(g_dbus_connection_get_unique_name(raw)) }

    /// Whether the connection has been closed (by `close()`, the peer or an error).
    public var isClosed: Bool { g_dbus_connection_is_closed(raw) != 0 }

    /// Blocks until every queued outgoing message has been written.
    public func flush() throws(DBusError) {
        var error: UnsafeMutablePointer<GError>? = nil
        if g_dbus_connection_flush_sync(raw, nil, &error) == 0 { throw DBusError(consuming: error) }
    }

    /// Closes the connection. It does not flush (GLib may drop queued messages): call `flush()`
    /// first when replies must reach their callers. The bus then drops its names and match rules.
    /// Closing an already closed connection does nothing.
    public func close() {
        guard !isClosed else { return }
        var error: UnsafeMutablePointer<GError>? = nil
        if g_dbus_connection_close_sync(raw, nil, &error) == 0 { g_clear_error(&error) }
    }
}

extension BusConnection {
    /// Makes one round trip to the bus daemon (`org.freedesktop.DBus.GetId`). The bus handles
    /// each connection's messages in order, so afterwards it has handled everything this
    /// connection sent before, such as the `AddMatch` that `subscribe` sends without waiting.
    public func syncWithBus() throws(DBusError) {
        try call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                 interface: "org.freedesktop.DBus", method: "GetId", replyType: "(s)")
    }
}
