import CGio

/// Watches bus names' owners for every part of one service over one subscription to the
/// bus's `NameOwnerChanged` (every name's, the match rule a service already adds to see its
/// clients leave) and one `GetNameOwner` per name, however many parts watch it.
///
/// `BusConnection.watchName` (GDBus's own watch) costs a match rule of its own per name
/// and a `GetNameOwner` per watch; orientd's parts watched three names five times before its
/// name was asked for. The callbacks keep GDBus's promises: one of `appeared` or `vanished`
/// runs soon after `watch` (never inside it) with the state as the bus tells it, then one on
/// every change, never the same one twice in a row.
///
/// Lives on the thread that made it, whose thread-default main context runs the callbacks.
public final class NameOwners {
    /// Identifies a watch; pass it to `unwatch`.
    public struct WatchID: Hashable, Sendable {
        let rawValue: Int
    }

    private struct Watcher {
        let appeared: (_ name: String, _ owner: String) -> Void
        let vanished: (_ name: String) -> Void
        /// The owner the watcher was last told of: nil before its first callback, "" after
        /// `vanished`.
        var told: String?
    }

    private struct Name {
        /// The owner as the bus said it ("" for none); nil until the first `GetNameOwner` answers.
        var owner: String?
        var watchers: [Int: Watcher] = [:]
    }

    private let connection: BusConnection
    private let context: MainLoop
    private var names: [String: Name] = [:]
    private var changeHandlers: [(_ name: String, _ oldOwner: String, _ newOwner: String) -> Void] = []
    private var subscription: SignalSubscriptionID?
    private var nextID = 0

    /// Subscribes to every `NameOwnerChanged` of `connection`'s bus.
    public init(connection: BusConnection) {
        self.connection = connection
        context = MainLoop(context: g_main_context_get_thread_default() ?? g_main_context_default())
        subscription = connection.subscribe(
            sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
            path: "/org/freedesktop/DBus"
        ) { [weak self] signal in
            guard let self, let name = signal.argument(0).string, let old = signal.argument(1).string,
                  let new = signal.argument(2).string else { return }
            self.changed(name, from: old, to: new)
        }
    }

    deinit {
        if let subscription { connection.unsubscribe(subscription) }
    }

    /// `handler` hears every `NameOwnerChanged` of the bus (a name, its old and new owner, ""
    /// for none), before the watches of that name are told.
    public func onEveryChange(_ handler: @escaping (_ name: String, _ oldOwner: String, _ newOwner: String) -> Void) {
        changeHandlers.append(handler)
    }

    /// Watches `name`: `appeared` with its owner's unique name, or `vanished`, soon after this
    /// call, then at every change.
    @discardableResult
    public func watch(
        _ name: String,
        appeared: @escaping (_ name: String, _ owner: String) -> Void,
        vanished: @escaping (_ name: String) -> Void
    ) -> WatchID {
        nextID += 1
        let id = nextID
        var entry = names[name] ?? Name()
        let asking = names[name] == nil
        entry.watchers[id] = Watcher(appeared: appeared, vanished: vanished)
        names[name] = entry
        if asking {
            askOwner(of: name)
        } else if entry.owner != nil {
            // Known already: told from the loop, as GDBus tells a new watch.
            context.addIdle { [weak self] in self?.tell(name, only: id) }
        }
        return WatchID(rawValue: id)
    }

    /// Ends a watch; its callbacks do not run after this.
    public func unwatch(_ id: WatchID) {
        for (name, var entry) in names where entry.watchers[id.rawValue] != nil {
            entry.watchers[id.rawValue] = nil
            names[name] = entry.watchers.isEmpty ? nil : entry
            return
        }
    }

    private func askOwner(of name: String) {
        connection.callAsync(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", parameters: Variant(tuple: [Variant(string: name)]), replyType: "(s)"
        ) { [weak self] result in
            // No owner, or no answer (the connection closing): vanished, as GDBus says it.
            let owner = (try? result.get())?.child(at: 0).string ?? ""
            guard let self, self.names[name] != nil, self.names[name]!.owner == nil else { return }
            self.names[name]!.owner = owner
            self.tell(name, only: nil)
        }
    }

    private func changed(_ name: String, from old: String, to new: String) {
        for handler in changeHandlers { handler(name, old, new) }
        // Before the first answer the change is in it (the bus answered after sending this).
        guard names[name]?.owner != nil else { return }
        if !old.isEmpty, !new.isEmpty {
            // Handed from one owner to another: each watcher hears it go, then come.
            names[name]!.owner = ""
            tell(name, only: nil)
            guard names[name] != nil else { return }
        }
        names[name]!.owner = new
        tell(name, only: nil)
    }

    /// Tells the watchers of `name` (or only watcher `only`) the current owner, where it
    /// differs from what they were last told. A callback may watch or unwatch.
    private func tell(_ name: String, only: Int?) {
        guard let owner = names[name]?.owner else { return }
        let ids = only.map { [$0] } ?? names[name]!.watchers.keys.sorted()
        for id in ids {
            guard var watcher = names[name]?.watchers[id], watcher.told != owner else { continue }
            watcher.told = owner
            names[name]!.watchers[id] = watcher
            if owner.isEmpty { watcher.vanished(name) } else { watcher.appeared(name, owner) }
        }
    }
}
