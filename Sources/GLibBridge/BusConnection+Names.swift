import CGio

/// Identifies a name ownership request; pass it to `BusConnection.unownName`.
public struct NameOwnerID: Hashable, Sendable {
    public let rawValue: UInt32
}

/// Identifies a name watch; pass it to `BusConnection.unwatchName`.
public struct NameWatcherID: Hashable, Sendable {
    public let rawValue: UInt32
}

/// How to own a bus name.
public struct NameOwnerFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Let another connection take the name by asking with `.replace`.
    public static let allowReplacement = NameOwnerFlags(rawValue: GLibFlags.ownerAllowReplacement.rawValue)
    /// Take the name from its owner if the owner allows replacement.
    public static let replace = NameOwnerFlags(rawValue: GLibFlags.ownerReplace.rawValue)
    /// Do not wait in the queue when the name is taken: lose it at once instead.
    public static let doNotQueue = NameOwnerFlags(rawValue: GLibFlags.ownerDoNotQueue.rawValue)
}

/// The bus's answer to `RequestName`.
public enum RequestNameReply: UInt32, Sendable {
    case primaryOwner = 1, inQueue = 2, exists = 3, alreadyOwner = 4
}

extension BusConnection {
    /// Starts owning `name` (g_bus_own_name_on_connection). `acquired` runs when this
    /// connection becomes the owner; `lost` when it loses the name, cannot get it, or the
    /// connection closes. Both get the name and run on the calling thread's thread-default
    /// GMainContext. Keep owning until `unownName`.
    @discardableResult
    public func ownName(
        _ name: String, flags: NameOwnerFlags = [],
        acquired: @escaping (String) -> Void = { _ in },
        lost: @escaping (String) -> Void = { _ in }
    ) -> NameOwnerID {
        typealias Box = CallbackBox<(acquired: (String) -> Void, lost: (String) -> Void)>
        let userData = Box((acquired, lost)).retainedPointer()
        let id = g_bus_own_name_on_connection(
            raw, name, GBusNameOwnerFlags(rawValue: flags.rawValue),
            { _, name, userData in Box.borrow(userData).value.acquired(copyCString(name)) },
            { _, name, userData in Box.borrow(userData).value.lost(copyCString(name)) },
            userData, { Box.release($0) })
        return NameOwnerID(rawValue: id)
    }

    /// Stops owning a name taken with `ownName` (releases it on the bus).
    public func unownName(_ id: NameOwnerID) {
        g_bus_unown_name(id.rawValue)
    }

    /// Asks the bus for `name` and waits for the answer (`org.freedesktop.DBus.RequestName`);
    /// no callbacks. Pair with `releaseName`.
    @discardableResult
    public func requestName(_ name: String, flags: NameOwnerFlags = []) throws(DBusError) -> RequestNameReply {
        let reply = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: "RequestName",
            parameters: Variant(tuple: [Variant(string: name), Variant(uint32: flags.rawValue)]),
            replyType: "(u)")
        guard let code = reply.child(at: 0).uint32, let answer = RequestNameReply(rawValue: code) else {
            throw DBusError(name: DBusError.failed, message: "unexpected RequestName reply \(reply)")
        }
        return answer
    }

    /// Gives up `name` taken with `requestName` (`org.freedesktop.DBus.ReleaseName`).
    public func releaseName(_ name: String) throws(DBusError) {
        try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: "ReleaseName",
            parameters: Variant(tuple: [Variant(string: name)]), replyType: "(u)")
    }

    /// Watches `name` (g_bus_watch_name_on_connection). `appeared` gets the name and its
    /// owner's unique name; `vanished` the name. One of them runs soon after the call with
    /// the current state, then on every change, on the calling thread's thread-default
    /// GMainContext.
    @discardableResult
    public func watchName(
        _ name: String,
        appeared: @escaping (_ name: String, _ owner: String) -> Void,
        vanished: @escaping (_ name: String) -> Void
    ) -> NameWatcherID {
        typealias Box = CallbackBox<(appeared: (String, String) -> Void, vanished: (String) -> Void)>
        let userData = Box((appeared, vanished)).retainedPointer()
        let id = g_bus_watch_name_on_connection(
            raw, name, GLibFlags.watcherNone,
            { _, name, owner, userData in Box.borrow(userData).value.appeared(copyCString(name), copyCString(owner)) },
            { _, name, userData in Box.borrow(userData).value.vanished(copyCString(name)) },
            userData, { Box.release($0) })
        return NameWatcherID(rawValue: id)
    }

    /// Stops a watch started with `watchName`.
    public func unwatchName(_ id: NameWatcherID) {
        g_bus_unwatch_name(id.rawValue)
    }

    /// The unique name owning `name`, or nil if nobody owns it (`GetNameOwner`).
    public func nameOwner(_ name: String) throws(DBusError) -> String? {
        do throws(DBusError) {
            let reply = try call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", method: "GetNameOwner",
                parameters: Variant(tuple: [Variant(string: name)]), replyType: "(s)")
            return reply.child(at: 0).string
        } catch where error.name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            return nil
        }
    }
}
