import CGio
import Glibc
import Synchronization

/// Identifies a coalesced signal (`addCoalescedSignal`, `addLatestSignal`); pass it to
/// `BusConnection.removeCoalescedSignal`.
public struct CoalescedSignalID: Sendable {
    let filter: MessageFilterID
    let subscription: SignalSubscriptionID
    /// Stops the handler (on the subscribing loop's thread) and drops what waits.
    let end: @Sendable () -> Void
}

/// What the worker thread's filter compares and sets. The names never change after `init`;
/// `handler` is read and written on the main loop's thread only.
private final class CoalescedSignalState: @unchecked Sendable {
    let match: SignalMatch
    /// A main-loop call is scheduled and has not started yet.
    let pending = Atomic<Bool>(false)
    let removed = Atomic<Bool>(false)
    var handler: (() -> Void)?
    /// The main context the handler runs on: the thread-default one where it was added (the
    /// service's loop, or a test's loop thread), never GLib's global default by accident.
    let context: OpaquePointer?

    init(interface: String, member: String, path: String, handler: @escaping () -> Void) {
        match = SignalMatch(sender: nil, interface: interface, member: member, path: path)
        self.handler = handler
        context = g_main_context_ref_thread_default()
    }

    deinit { if let context { g_main_context_unref(context) } }

    func matches(_ message: OpaquePointer) -> Bool { match.matches(message) }
}

/// A signal's names as a GDBus filter compares them on the worker thread (C strings, never
/// changed after `init`); the sender, when given, is a unique name.
struct SignalMatch: Sendable {
    let sender: [CChar]?
    let interface: [CChar]
    let member: [CChar]
    let path: [CChar]

    init(sender: String?, interface: String, member: String, path: String) {
        self.sender = sender.map { Array($0.utf8CString) }
        (self.interface, self.member, self.path) = (Array(interface.utf8CString), Array(member.utf8CString), Array(path.utf8CString))
    }

    /// Whether `message` (a GDBusMessage) is this signal.
    func matches(_ message: OpaquePointer) -> Bool {
        guard g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_SIGNAL,
              let member = g_dbus_message_get_member(message), let interface = g_dbus_message_get_interface(message),
              let path = g_dbus_message_get_path(message) else { return false }
        func same(_ text: UnsafePointer<CChar>, _ name: [CChar]) -> Bool { name.withUnsafeBufferPointer { strcmp(text, $0.baseAddress!) == 0 } }
        guard same(member, self.member), same(interface, self.interface), same(path, self.path) else { return false }
        guard let sender = self.sender else { return true }
        return g_dbus_message_get_sender(message).map { same($0, sender) } ?? false
    }
}

extension BusConnection {
    /// Subscribes to a signal (its match rule sent to the bus) whose every arrival only says
    /// "it changed": any number of them before the main loop gets to it make one call of
    /// `handler`, on the main context that was the thread's default where it was added.
    ///
    /// The signals are dropped on GDBus's worker thread before they are dispatched, so a peer
    /// that says it 20,000 times costs a comparison each, not 20,000 main-loop dispatches
    /// ahead of every other client's call. The arguments and the sender are not looked at:
    /// `handler` must read the state it cares about again.
    public func addCoalescedSignal(sender: String?, interface: String, member: String, path: String,
                                   handler: @escaping () -> Void) -> CoalescedSignalID {
        let state = CoalescedSignalState(interface: interface, member: member, path: path, handler: handler)
        typealias Box = CallbackBox<CoalescedSignalState>
        let filter = g_dbus_connection_add_filter(
            raw,
            { _, message, incoming, userData in
                guard incoming != 0, let message else { return message }
                let state = Box.borrow(userData).value
                guard state.matches(message) else { return message }
                g_object_unref(UnsafeMutableRawPointer(message))
                if !state.removed.load(ordering: .acquiring), !state.pending.exchange(true, ordering: .acquiringAndReleasing) {
                    let idle = g_idle_source_new()
                    g_source_set_priority(idle, G_PRIORITY_DEFAULT)
                    g_source_set_callback(idle, { data in
                        let state = Box.borrow(data).value
                        state.pending.store(false, ordering: .releasing)
                        if !state.removed.load(ordering: .acquiring) { state.handler?() }
                        return 0
                    }, Box(state).retainedPointer(), { Box.release($0) })
                    g_source_attach(idle, state.context)
                    g_source_unref(idle)
                }
                return nil
            },
            Box(state).retainedPointer(), { Box.release($0) })
        // The match rule, so that the bus sends the signal at all (the filter drops it before
        // this handler would run).
        let subscription = subscribe(sender: sender, interface: interface, member: member, path: path) { _ in }
        return CoalescedSignalID(filter: MessageFilterID(rawValue: filter), subscription: subscription) {
            state.removed.store(true, ordering: .releasing)
            state.handler = nil
        }
    }

    /// Removes a coalesced or latest signal: its handler is not called after this.
    public func removeCoalescedSignal(_ id: CoalescedSignalID) {
        id.end()
        unsubscribe(id.subscription)
        removeFilter(id.filter)
    }
}
