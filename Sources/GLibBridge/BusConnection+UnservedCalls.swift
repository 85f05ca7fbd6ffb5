import CGio
import Glibc

/// What `answerUnservedCalls` needs on GDBus's worker thread.
private struct UnservedCallsFilter {
    /// `root + "/"`, NUL-terminated.
    let prefix: [CChar]
    let isServed: @Sendable (String) -> Bool
    let errorName: String
    let message: @Sendable (String) -> String
}

extension BusConnection {
    /// Answers with `errorName` the method calls to `<root>/<a>/<b>` (exactly two elements
    /// below `root`) for which `isServed(a)` is false, before GDBus dispatches them.
    ///
    /// GDBus hands a call to a subtree only one level down, so a call to a path in a folder
    /// with no registration of its own would otherwise get GDBus's "Object does not exist"
    /// (`org.freedesktop.DBus.Error.UnknownMethod`). Runs on GDBus's worker thread for every
    /// call this connection receives: other paths cost a prefix comparison, paths below `root`
    /// no allocation for an `a` of up to 15 bytes; `isServed` must be quick and thread-safe.
    @discardableResult
    public func answerUnservedCalls(
        twoLevelsBelow root: String, isServed: @escaping @Sendable (String) -> Bool,
        errorName: String, message: @escaping @Sendable (String) -> String
    ) -> MessageFilterID {
        typealias Box = CallbackBox<UnservedCallsFilter>
        let filter = UnservedCallsFilter(prefix: Array((root + "/").utf8CString), isServed: isServed,
                                         errorName: errorName, message: message)
        let id = g_dbus_connection_add_filter(
            raw,
            { connection, message, incoming, userData in
                guard incoming != 0, let message,
                      g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_METHOD_CALL,
                      let cPath = g_dbus_message_get_path(message) else { return message }
                let filter = Box.borrow(userData).value
                let prefixLength = filter.prefix.count - 1
                guard filter.prefix.withUnsafeBufferPointer({ strncmp(cPath, $0.baseAddress!, prefixLength) == 0 }) else { return message }
                // Bytes, not a String of the whole path: this runs for every call to a scene.
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(cPath).assumingMemoryBound(to: UInt8.self), count: strlen(cPath))
                guard let slash = bytes[prefixLength...].firstIndex(of: UInt8(ascii: "/")), slash > prefixLength,
                      slash + 1 < bytes.count, !bytes[(slash + 1)...].contains(UInt8(ascii: "/")),
                      !filter.isServed(String(decoding: bytes[prefixLength..<slash], as: UTF8.self)) else { return message }
                if g_dbus_message_get_flags(message).rawValue & GLibFlags.messageNoReplyExpected.rawValue == 0 {
                    let reply = g_dbus_message_new_method_error_literal(message, filter.errorName, filter.message(String(cString: cPath)))!
                    // Fails only on a closed connection, where nobody waits for the reply.
                    g_dbus_connection_send_message(connection, reply, GLibFlags.sendMessageNone, nil, nil)
                    g_object_unref(UnsafeMutableRawPointer(reply))
                }
                g_object_unref(UnsafeMutableRawPointer(message))
                return nil
            },
            Box(filter).retainedPointer(), { Box.release($0) })
        return MessageFilterID(rawValue: id)
    }
}
