import CGio

// Match rules managed by hand, for a client that wants the bus to route it exactly the
// signals it needs (one rule per object, say) while dispatching them through a few broad
// subscriptions; plus the two things such a client needs besides: the sender of a reply,
// and a look at every message the connection receives.

extension BusConnection {
    /// Adds a match rule to the bus (`org.freedesktop.DBus.AddMatch`), without waiting: the
    /// bus handles it before anything this connection sends later (make a round trip, such
    /// as `syncWithBus()`, to know it is in force).
    public func addMatch(_ rule: String) {
        sendToBusWithoutReply("AddMatch", rule)
    }

    /// Removes one instance of a rule added with `addMatch`, without waiting.
    public func removeMatch(_ rule: String) {
        sendToBusWithoutReply("RemoveMatch", rule)
    }

    private func sendToBusWithoutReply(_ method: String, _ rule: String) {
        let message = g_dbus_message_new_method_call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method)!
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        let body = Variant(tuple: [Variant(string: rule)])
        withExtendedLifetime(body) { g_dbus_message_set_body(message, body.raw) }
        g_dbus_message_set_flags(message, GLibFlags.messageNoReplyExpected)
        // Fails only on a closed connection, where there is no rule to keep anyway.
        g_dbus_connection_send_message(raw, message, GLibFlags.sendMessageNone, nil, nil)
    }

    /// Subscribes like `subscribe`, but adds no match rule: the handler sees the matching
    /// signals that other rules (`addMatch`) or a unicast bring to this connection.
    /// Filters are checked on the receiving side, `sender` included (a unique name).
    @discardableResult
    public func subscribeWithoutMatchRule(
        sender: String? = nil, interface: String? = nil, member: String? = nil,
        path: String? = nil, arg0: String? = nil,
        handler: @escaping (ReceivedSignal) -> Void
    ) -> SignalSubscriptionID {
        subscribe(sender: sender, interface: interface, member: member, path: path, arg0: arg0,
                  flags: GLibFlags.signalNoMatchRule, handler: handler)
    }

    /// `g_dbus_connection_signal_subscribe` with `flags`.
    func subscribe(
        sender: String?, interface: String?, member: String?, path: String?, arg0: String?,
        flags: GDBusSignalFlags, handler: @escaping (ReceivedSignal) -> Void
    ) -> SignalSubscriptionID {
        typealias Box = CallbackBox<(ReceivedSignal) -> Void>
        let userData = Box(handler).retainedPointer()
        let id = g_dbus_connection_signal_subscribe(
            raw, sender, interface, member, path, arg0, flags,
            { _, sender, path, interface, member, parameters, userData in
                let signal = ReceivedSignal(
                    sender: copyCString(sender), path: copyCString(path), interface: copyCString(interface),
                    member: copyCString(member), parameters: Variant(borrowing: parameters!))
                Box.borrow(userData).value(signal)
            },
            userData, { Box.release($0) })
        return SignalSubscriptionID(rawValue: id)
    }

    /// Calls a method like `call` and also returns the unique name that sent the reply
    /// (for a well-known destination: the owner that handled the call).
    public func callReturningSender(
        destination: String, path: String, interface: String, method: String,
        parameters: Variant? = nil, replyType: String? = nil, timeoutMilliseconds: Int32 = -1
    ) throws(DBusError) -> (reply: Variant, sender: String) {
        let message = g_dbus_message_new_method_call(destination, path, interface, method)!
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        if let parameters {
            withExtendedLifetime(parameters) { g_dbus_message_set_body(message, parameters.raw) }
        }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let reply = g_dbus_connection_send_message_with_reply_sync(
            raw, message, GLibFlags.sendMessageNone, timeoutMilliseconds, nil, nil, &error)
        else { throw DBusError(consuming: error) }
        defer { g_object_unref(UnsafeMutableRawPointer(reply)) }
        if g_dbus_message_to_gerror(reply, &error) != 0 { throw DBusError(consuming: error) }
        let body = g_dbus_message_get_body(reply).map { Variant(borrowing: $0) } ?? Variant(tuple: [])
        if let replyType, !body.isOfType(replyType) {
            throw DBusError(name: DBusError.invalidArgs,
                            message: "\(method) replied with type '\(body.typeString)', expected '\(replyType)'")
        }
        return (body, copyCString(g_dbus_message_get_sender(reply)))
    }
}

/// Identifies a message filter; pass it to `BusConnection.removeFilter`.
public struct MessageFilterID: Hashable, Sendable {
    public let rawValue: UInt32
}

/// The header of a message a connection received.
public struct IncomingMessage: Sendable {
    /// `G_DBUS_MESSAGE_TYPE_SIGNAL` and so on, as a number: 1 call, 2 reply, 3 error, 4 signal.
    public let type: Int
    public let sender: String
    public let path: String
    public let interface: String
    public let member: String

    /// Whether it is a signal.
    public var isSignal: Bool { type == Int(G_DBUS_MESSAGE_TYPE_SIGNAL.rawValue) }
}

extension BusConnection {
    /// Calls `observe` with every message this connection receives, on GDBus's worker
    /// thread, before it is dispatched (for tests and measurements: it must be quick).
    @discardableResult
    public func addFilter(_ observe: @escaping @Sendable (IncomingMessage) -> Void) -> MessageFilterID {
        typealias Box = CallbackBox<@Sendable (IncomingMessage) -> Void>
        let id = g_dbus_connection_add_filter(
            raw,
            { _, message, incoming, userData in
                if incoming != 0, let message {
                    Box.borrow(userData).value(IncomingMessage(
                        type: Int(g_dbus_message_get_message_type(message).rawValue),
                        sender: copyCString(g_dbus_message_get_sender(message)),
                        path: copyCString(g_dbus_message_get_path(message)),
                        interface: copyCString(g_dbus_message_get_interface(message)),
                        member: copyCString(g_dbus_message_get_member(message))))
                }
                return message
            },
            Box(observe).retainedPointer(), { Box.release($0) })
        return MessageFilterID(rawValue: id)
    }

    /// Removes a filter added with `addFilter`.
    public func removeFilter(_ id: MessageFilterID) {
        g_dbus_connection_remove_filter(raw, id.rawValue)
    }
}
