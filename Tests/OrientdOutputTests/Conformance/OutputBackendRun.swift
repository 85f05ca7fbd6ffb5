import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport

/// An output backend driven in-process on a GLib loop of its own, its events collected for
/// the test: the adapter against its peer, without the service around it.
final class OutputBackendRun: @unchecked Sendable {
    let loop = MainLoop.startThread(name: "output-backend")
    let events = LockedValue<[OutputBackendEvent]>([])
    /// Only touched on the loop's thread.
    private var backend: (any OutputBackend)?

    init(_ make: @escaping @Sendable () -> any OutputBackend) {
        loop.sync { [self] in
            let backend = make()
            backend.start { [events] event in events.withLock { $0.append(event) } }
            self.backend = backend
        }
    }

    /// Asks the backend to turn the panel (as the service does for the core's `applyOutput`).
    func apply(_ orientation: InterfaceOrientation) {
        loop.sync { [self] in backend?.apply(orientation) }
    }

    /// Passes the core's `holdCompositorRotation` on (as the service does).
    func hold(_ held: Bool) {
        loop.sync { [self] in backend?.holdCompositorRotation(held) }
    }

    func stop() {
        loop.sync { [self] in
            backend?.stop()
            backend = nil
        }
        loop.stopThread()
    }

    /// The outputs attached to, in order.
    var attached: [String] { events.value.compactMap { if case .attached(let name, _) = $0 { name } else { nil } } }
    var detachReasons: [String] { events.value.compactMap { if case .detached(let reason) = $0 { reason } else { nil } } }
    /// Whether the backend's last word is that it is attached.
    var isAttached: Bool {
        for event in events.value.reversed() {
            switch event {
            case .attached: return true
            case .detached: return false
            case .orientationRead, .userRotationLock, .facts, .note: continue
            }
        }
        return false
    }

    /// What the panel shows, as the backend's last attach or read says.
    var showing: InterfaceOrientation? {
        for event in events.value.reversed() {
            switch event {
            case .attached(_, let showing), .orientationRead(let showing): return showing
            case .detached: return nil
            case .userRotationLock, .facts, .note: continue
            }
        }
        return nil
    }

    /// The panel's facts, as the backend's last report says (nil: none since it attached).
    var facts: PanelFacts? {
        for event in events.value.reversed() {
            switch event {
            case .facts(let facts): return facts
            case .attached, .detached: return nil
            case .orientationRead, .userRotationLock, .note: continue
            }
        }
        return nil
    }

    /// The events as lines, for failure messages.
    var transcript: String { events.value.map { "\($0)" }.joined(separator: "\n") }
}
