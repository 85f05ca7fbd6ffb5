import CGio
import Glibc

/// What the bus says about the process behind a connection
/// (`org.freedesktop.DBus.GetConnectionCredentials`).
public struct ConnectionCredentials: Sendable {
    /// `ProcessID`, when the bus knows it.
    public var processID: UInt32?
    /// `ProcessFD`: a pidfd of the process, which names it even after its pid is reused (only
    /// newer buses send it). The receiver owns it and must close it.
    public var processFD: Int32?
    /// `LinuxSecurityLabel` without its trailing NUL (the AppArmor or SELinux label), when given.
    public var securityLabel: String?

    public init(processID: UInt32? = nil, processFD: Int32? = nil, securityLabel: String? = nil) {
        self.processID = processID
        self.processFD = processFD
        self.securityLabel = securityLabel
    }
}

extension BusConnection {
    /// Asks the bus who is behind `name`, without waiting: `completion` runs once on the calling
    /// thread's thread-default GMainContext (which must be running).
    public func connectionCredentials(
        of name: String, timeoutMilliseconds: Int32 = 10_000,
        completion: @escaping (Result<ConnectionCredentials, DBusError>) -> Void
    ) {
        typealias Box = CallbackBox<(Result<ConnectionCredentials, DBusError>) -> Void>
        let userData = Box(completion).retainedPointer()
        let parameters = Variant(tuple: [Variant(string: name)])
        withExtendedLifetime(parameters) {
            let type = g_variant_type_new("(a{sv})")
            defer { g_variant_type_free(type) }
            g_dbus_connection_call_with_unix_fd_list(
                raw, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                "GetConnectionCredentials", parameters.raw, type, GLibFlags.callNone,
                timeoutMilliseconds, nil, nil,
                { source, result, userData in
                    let completion = Unmanaged<Box>.fromOpaque(userData!).takeRetainedValue().value
                    var error: UnsafeMutablePointer<GError>? = nil
                    var fds: UnsafeMutablePointer<GUnixFDList>? = nil
                    guard let reply = g_dbus_connection_call_with_unix_fd_list_finish(
                        OpaquePointer(source), &fds, result, &error) else {
                        return completion(.failure(DBusError(consuming: error)))
                    }
                    defer { if let fds { g_object_unref(fds) } }
                    completion(.success(credentials(in: Variant(adopting: reply), fds: fds)))
                },
                userData)
        }
    }
}

/// The credentials in a reply `(a{sv})`; unknown keys and wrong types are ignored.
private func credentials(in reply: Variant, fds: UnsafeMutablePointer<GUnixFDList>?) -> ConnectionCredentials {
    var result = ConnectionCredentials()
    guard let entries = reply.child(at: 0).vardict else { return result }
    result.processID = entries["ProcessID"]?.uint32
    if let label = entries["LinuxSecurityLabel"], label.isOfType("ay") {
        let bytes: [UInt8] = label.withRaw { raw in
            var count: gsize = 0
            guard let data = g_variant_get_fixed_array(raw, &count, 1) else { return [] }
            return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: Int(count)))
        }
        result.securityLabel = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    if let handle = entries["ProcessFD"], handle.isOfType("h"), let fds {
        let index = handle.withRaw { g_variant_get_handle($0) }
        // A duplicate the receiver owns; the list closes its own.
        let fd = g_unix_fd_list_get(fds, index, nil)
        if fd >= 0 { result.processFD = fd }
    }
    return result
}
