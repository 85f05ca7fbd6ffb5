import CGio

extension BusConnection {
    /// Runs `handler` once when the connection closes (the bus went away, or `close()`), on the
    /// thread-default GMainContext of the calling thread, and stops GLib from ending the process
    /// on its own: a service decides how to exit (with a log line and a status of its choosing).
    public func onClosed(_ handler: @escaping (_ remotePeerVanished: Bool) -> Void) {
        typealias Box = CallbackBox<(Bool) -> Void>
        g_dbus_connection_set_exit_on_close(raw, 0)
        let callback: @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void = {
            _, vanished, _, userData in
            Box.borrow(userData).value(vanished != 0)
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(raw), "closed",
            unsafeBitCast(callback, to: GCallback.self),
            Box(handler).retainedPointer(), { data, _ in Box.release(data) }, GConnectFlags(rawValue: 0))
    }
}
