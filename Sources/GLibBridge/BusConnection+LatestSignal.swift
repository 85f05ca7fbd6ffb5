import CGio
import Glibc
import Synchronization

/// What the worker thread's filter compares and keeps. The names never change after `init`;
/// `handler` is read and written on the subscribing loop's thread only.
private final class LatestSignalState: @unchecked Sendable {
    let match: SignalMatch
    let context: OpaquePointer
    /// The newest arguments not yet handed out (a GVariant, referenced), 0 for none: while
    /// one waits, a main-loop call is scheduled.
    let latest = Mutex<Int>(0)
    let removed = Atomic<Bool>(false)
    var handler: ((Variant) -> Void)?

    init(sender: String, interface: String, member: String, path: String, handler: @escaping (Variant) -> Void) {
        match = SignalMatch(sender: sender, interface: interface, member: member, path: path)
        context = g_main_context_ref_thread_default()
        self.handler = handler
    }

    deinit {
        _ = take()
        g_main_context_unref(context)
    }

    /// Keeps `arguments` (referenced) in place of any older; true when none waited before.
    func keep(_ arguments: OpaquePointer) -> Bool {
        let older = latest.withLock { value in
            defer { value = Int(bitPattern: UnsafeRawPointer(arguments)) }
            return value
        }
        if older != 0 { g_variant_unref(OpaquePointer(bitPattern: older)) }
        return older == 0
    }

    /// The newest arguments, no longer waiting.
    func take() -> Variant? {
        let waiting = latest.withLock { value in
            defer { value = 0 }
            return value
        }
        return OpaquePointer(bitPattern: waiting).map { Variant(adopting: $0) }
    }
}

extension BusConnection {
    /// Subscribes to `sender`'s signal (its match rule sent to the bus) whose newest arrival
    /// only matters, as a whole list does: however many arrive before the loop gets to them,
    /// `handler` gets the newest arguments once, on the loop of the calling thread's
    /// thread-default context.
    ///
    /// The older ones are dropped on GDBus's worker thread as each newer one arrives, so a
    /// peer saying it hundreds of times with large arguments holds one of them in memory, not
    /// hundreds queued for the loop. Signals from another sender are not looked at here.
    public func addLatestSignal(sender: String, interface: String, member: String, path: String,
                                handler: @escaping (Variant) -> Void) -> CoalescedSignalID {
        let state = LatestSignalState(sender: sender, interface: interface, member: member, path: path, handler: handler)
        typealias Box = CallbackBox<LatestSignalState>
        let filter = g_dbus_connection_add_filter(raw, { _, message, incoming, userData in
            guard incoming != 0, let message else { return message }
            let state = Box.borrow(userData).value
            guard state.match.matches(message) else { return message }
            let arguments = g_dbus_message_get_body(message).map { g_variant_ref($0)! } ?? g_variant_ref_sink(g_variant_new_tuple(nil, 0))!
            g_object_unref(UnsafeMutableRawPointer(message))
            if !state.removed.load(ordering: .acquiring), state.keep(arguments) {
                let source = g_idle_source_new()!
                g_source_set_priority(source, G_PRIORITY_DEFAULT)
                g_source_set_callback(source, { data in
                    let state = Box.borrow(data).value
                    if let arguments = state.take(), !state.removed.load(ordering: .acquiring) { state.handler?(arguments) }
                    return 0
                }, Box(state).retainedPointer(), { Box.release($0) })
                g_source_attach(source, state.context)
                g_source_unref(source)
            }
            return nil
        }, Box(state).retainedPointer(), { Box.release($0) })
        // The match rule, so that the bus sends the signal at all (the filter takes it before
        // this handler would run).
        let subscription = subscribe(sender: sender, interface: interface, member: member, path: path) { _ in }
        return CoalescedSignalID(filter: MessageFilterID(rawValue: filter), subscription: subscription) {
            state.removed.store(true, ordering: .releasing)
            state.handler = nil
            _ = state.take()
        }
    }
}
