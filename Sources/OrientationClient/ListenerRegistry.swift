import GLibBridge
import Synchronization

/// The client's listeners (streams and callbacks), each for one source of signals.
final class ListenerRegistry: Sendable {
    /// Where a listener's signals come from.
    enum Source: Hashable, Sendable {
        /// The changes of the scene with this record id (wherever it is now).
        case scene(Int)
        /// `DeviceOrientationChanged`.
        case device
        /// The restarts of orientd.
        case restarts
    }

    private struct Listener {
        let source: Source
        let deliver: @Sendable (ListenerEvent) -> Void
        let finish: @Sendable () -> Void
        var active = false
    }

    private struct State {
        var next = 0
        var listeners: [Int: Listener] = [:]
        /// The tokens of each source's listeners, oldest first: a signal looks up only
        /// its own source's listeners, however many scenes the client follows.
        var bySource: [Source: [Int]] = [:]

        mutating func remove(_ token: Int) -> Listener? {
            guard let listener = listeners.removeValue(forKey: token) else { return nil }
            bySource[listener.source]?.removeAll { $0 == token }
            if bySource[listener.source]?.isEmpty == true { bySource[listener.source] = nil }
            return listener
        }
    }

    private let state = Mutex(State())

    func add(source: Source, deliver: @escaping @Sendable (ListenerEvent) -> Void,
             finish: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.next += 1
            state.listeners[state.next] = Listener(source: source, deliver: deliver, finish: finish)
            state.bySource[source, default: []].append(state.next)
            return state.next
        }
    }

    func activate(_ token: Int) {
        state.withLock { $0.listeners[token]?.active = true }
    }

    func remove(_ token: Int) {
        _ = state.withLock { $0.remove(token) }
    }

    /// Hands `signal` to the active listeners of `source`, in the order they were added.
    /// Called on the loop thread only, so each listener sees the signals in bus order.
    func deliver(_ event: ListenerEvent, to source: Source) {
        let targets = state.withLock { state in
            (state.bySource[source] ?? []).compactMap { token in
                state.listeners[token].flatMap { $0.active ? $0.deliver : nil }
            }
        }
        for deliver in targets { deliver(event) }
    }

    /// Removes the listeners whose source matches and runs their `finish`, outside the lock
    /// (finishing a stream runs its termination handler, which calls `remove`).
    func finish(where matching: (Source) -> Bool) {
        let finishers = state.withLock { state in
            let tokens = state.bySource.filter { matching($0.key) }.flatMap(\.value).sorted()
            return tokens.compactMap { state.remove($0)?.finish }
        }
        for finish in finishers { finish() }
    }
}

/// What a listener receives.
enum ListenerEvent: Sendable {
    /// A signal from orientd.
    case signal(ReceivedSignal)
    /// A change the library announces itself (after re-registering a scene).
    case change(OrientationChange)
    /// orientd restarted and the client re-registered its scenes.
    case restart(ServiceRestart)
}
