import CGio

/// Identifies a signal subscription; pass it to `BusConnection.unsubscribe`.
public struct SignalSubscriptionID: Hashable, Sendable {
    public let rawValue: UInt32
}

/// A signal as received.
public struct ReceivedSignal: Sendable, CustomStringConvertible {
    /// The sender's unique bus name, such as `:1.3`.
    public let sender: String
    /// The emitting object's path.
    public let path: String
    /// The interface name.
    public let interface: String
    /// The signal name.
    public let member: String
    /// The arguments, as a tuple.
    public let parameters: Variant

    public init(sender: String, path: String, interface: String, member: String, parameters: Variant) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.parameters = parameters
    }

    /// The argument at `index` of the parameters tuple.
    public func argument(_ index: Int) -> Variant { parameters.child(at: index) }

    public var description: String { "\(sender) \(path) \(interface).\(member)\(parameters)" }
}

extension BusConnection {
    /// Emits a signal; `parameters` is a tuple or nil. With a `destination` (a bus name) the
    /// signal is unicast to it; otherwise it is broadcast.
    public func emitSignal(
        destination: String? = nil, path: String, interface: String, signal: String,
        parameters: Variant? = nil
    ) throws(DBusError) {
        if let parameters { precondition(parameters.isOfType("r"), "signal parameters must be a tuple") }
        var error: UnsafeMutablePointer<GError>? = nil
        // withCString, not the implicit conversion, which copies each string into a new array.
        let ok = withExtendedLifetime(parameters) {
            path.withCString { path in interface.withCString { interface in signal.withCString { signal in
                withOptionalCString(destination) { destination in
                    g_dbus_connection_emit_signal(raw, destination, path, interface, signal, parameters?.raw, &error)
                }
            } } }
        }
        if ok == 0 { throw DBusError(consuming: error) }
    }

    /// Subscribes to signals matching every non-nil filter (`arg0`: the first argument, a
    /// string). Adds the match rule to the bus. A `sender` may be a well-known name.
    ///
    /// `handler` runs on the subscribing thread's thread-default GMainContext, and is
    /// released some time after `unsubscribe`.
    @discardableResult
    public func subscribe(
        sender: String? = nil, interface: String? = nil, member: String? = nil,
        path: String? = nil, arg0: String? = nil,
        handler: @escaping (ReceivedSignal) -> Void
    ) -> SignalSubscriptionID {
        subscribe(sender: sender, interface: interface, member: member, path: path, arg0: arg0,
                  flags: GLibFlags.signalNone, handler: handler)
    }

    /// Removes a subscription made by `subscribe`.
    public func unsubscribe(_ id: SignalSubscriptionID) {
        g_dbus_connection_signal_unsubscribe(raw, id.rawValue)
    }
}
