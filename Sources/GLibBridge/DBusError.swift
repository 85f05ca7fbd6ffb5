import CGio

/// A D-Bus error: a name such as `org.freedesktop.DBus.Error.InvalidArgs` and a message.
public struct DBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The D-Bus error name.
    public var name: String
    /// The human-readable message, without GDBus's `GDBus.Error:<name>: ` prefix.
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    /// `org.freedesktop.DBus.Error.Failed`
    public static let failed = "org.freedesktop.DBus.Error.Failed"
    /// `org.freedesktop.DBus.Error.InvalidArgs`
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    /// `org.freedesktop.DBus.Error.AccessDenied`
    public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    /// `org.freedesktop.DBus.Error.UnknownMethod`
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    /// `org.freedesktop.DBus.Error.UnknownObject`
    public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    /// `org.freedesktop.DBus.Error.UnknownProperty`
    public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    /// `org.freedesktop.DBus.Error.ServiceUnknown`
    public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// `org.freedesktop.DBus.Error.NoReply`: a call timed out locally.
    public static let noReply = "org.freedesktop.DBus.Error.NoReply"
    /// `org.freedesktop.DBus.Error.Disconnected`: the connection is closed.
    public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"

    /// Converts a GError and frees it.
    ///
    /// A remote error keeps its D-Bus name (g_dbus_error_get_remote_error) and loses the
    /// `GDBus.Error:` prefix of its message (g_dbus_error_strip_remote_error). Local errors get
    /// a standard name: a GDBus error its own, a timeout `NoReply`, a closed connection
    /// `Disconnected`, an invalid argument (such as a reply of an unexpected type)
    /// `InvalidArgs`, anything else `Failed`.
    init(consuming error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            self.init(name: DBusError.failed, message: "unknown error")
            return
        }
        defer { g_error_free(error) }
        let name: String
        if let remote = g_dbus_error_get_remote_error(error) {
            name = takeCString(remote)
            g_dbus_error_strip_remote_error(error)
        } else if error.pointee.domain == g_dbus_error_quark() {
            name = takeCString(g_dbus_error_encode_gerror(error))
        } else if error.pointee.domain == g_io_error_quark(),
                  error.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) {
            name = DBusError.noReply
        } else if error.pointee.domain == g_io_error_quark(),
                  error.pointee.code == Int32(G_IO_ERROR_CLOSED.rawValue) {
            name = DBusError.disconnected
        } else if error.pointee.domain == g_io_error_quark(),
                  error.pointee.code == Int32(G_IO_ERROR_INVALID_ARGUMENT.rawValue) {
            name = DBusError.invalidArgs
        } else {
            name = DBusError.failed
        }
        self.init(name: name, message: copyCString(error.pointee.message))
    }

    /// A new GError carrying this name and message, for GDBus to send (transfer full).
    ///
    /// GDBus names the reply to a failed property read with g_dbus_error_encode_gerror, which
    /// knows only registered errors (anything else goes out as
    /// `org.gtk.GDBus.UnmappedGError…`, with a `GDBus.Error:` prefix left in the message). So
    /// the error gets the domain and code registered for its name: GIO's own for standard
    /// names, else a code of this module's domain registered here once per name.
    func makeGError() -> UnsafeMutablePointer<GError> {
        let probe = g_dbus_error_new_for_dbus_error(name, "")!
        defer { g_error_free(probe) }
        if probe.pointee.domain != g_io_error_quark() || probe.pointee.code != Int32(G_IO_ERROR_DBUS_ERROR.rawValue) {
            return g_error_new_literal(probe.pointee.domain, probe.pointee.code, message)
        }
        let domain = g_quark_from_string("glib-bridge-dbus-error-quark")
        let code = Int32(truncatingIfNeeded: g_quark_from_string(name))
        _ = g_dbus_error_register_error(domain, code, name)
        return g_error_new_literal(domain, code, message)
    }
}
