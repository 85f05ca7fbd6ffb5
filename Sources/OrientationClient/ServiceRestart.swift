import OrientationWire
import GLibBridge

/// What the client did when orientd came back under a new owner (it restarted, or another
/// instance replaced it): scenes live only in orientd's memory, so the client registered
/// its scenes again, each with its controllers, declarations and activation state.
public struct ServiceRestart: Sendable, CustomStringConvertible {
    /// The unique name of the instance that left (nil if the client never saw one).
    public let previousOwner: String?
    /// The unique name of the instance now serving.
    public let owner: String
    /// The scenes registered again. Each handle (and its controllers) now works on the
    /// scene's new path; its change streams went on, with one `.serviceRestart` element.
    public let restored: [RestoredScene]
    /// The scenes the new instance did not take back, with its error: they are gone and
    /// their streams have finished. Register them again yourself if you still need them.
    public let lost: [LostScene]

    public var description: String {
        "orientd \(previousOwner ?? "-") -> \(owner): \(restored.count) restored, \(lost.count) lost"
    }
}

/// A scene the client registered again after a restart.
public struct RestoredScene: Sendable {
    public let scene: OrientationScene
    /// Its path with the instance that left.
    public let previousPath: String
    /// Its orientation in the new instance, once rebuilt.
    public let interfaceOrientation: InterfaceOrientation
}

/// A scene the client could not register again after a restart.
public struct LostScene: Sendable {
    public let scene: OrientationScene
    public let previousPath: String
    /// Why: the new instance's error for the call that failed.
    public let error: OrientationClientError
}

extension OrientationChangeReason {
    /// Not orientd's: the element the library adds to a scene's change streams once it has
    /// registered the scene again after orientd restarted. `previous` is the last
    /// orientation the library saw (it may equal `current`), `current` where the scene is
    /// in the new instance.
    public static let serviceRestart = Self(rawValue: "service-restart")
}

extension OrientationClient {
    /// The restarts of orientd from now on, each once, after the client has registered its
    /// scenes again. The stream ends when the client closes.
    public func serviceRestarts() throws(OrientationClientError) -> AsyncStream<ServiceRestart> {
        try stream(of: .restarts) { event in
            if case .restart(let restart) = event { return restart }
            return nil
        }
    }

    /// The callback form of `serviceRestarts()`: `handler` runs on the client's loop thread
    /// after each restart, until `cancel()` or the client's close.
    @discardableResult
    public func onServiceRestart(_ handler: @escaping @Sendable (ServiceRestart) -> Void) throws(OrientationClientError)
        -> OrientationObservation {
        let remove = try listen(to: .restarts, deliver: { event in
            if case .restart(let restart) = event { handler(restart) }
        }, finish: {})
        return OrientationObservation(cancel: remove)
    }

    // MARK: Following the name's owner (on the loop thread)

    /// orientd's name changed hands (`NameOwnerChanged`): scenes of the instance that left
    /// are gone; when a new one is there, register the tracked scenes again and tell the app.
    func ownerChanged(old: String, new: String) {
        let (previous, ended) = router.ownerChanged(old: old, new: new)
        let endedIDs = Set(ended)
        listeners.finish { source in
            if case .scene(let id) = source { return endedIDs.contains(id) }
            return false
        }
        guard !new.isEmpty else { return }
        restoreStaleScenes(announcingRestartFrom: previous != new ? previous : nil)
    }

    /// Registers again every tracked scene not held by the current owner; announces a
    /// restart if `previousOwner` is given or a scene was restored or lost.
    func restoreStaleScenes(announcingRestartFrom previousOwner: String?) {
        guard !isClosed, let owner = router.currentOwner else { return }
        var restored: [RestoredScene] = []
        var lost: [LostScene] = []
        for record in router.staleTracked(comparedWith: owner) {
            let scene = OrientationScene(client: self, record: record)
            switch rebuild(record) {
            case .restored(let previousPath, let orientation):
                restored.append(RestoredScene(scene: scene, previousPath: previousPath, interfaceOrientation: orientation))
            case .lost(let previousPath, let error):
                lost.append(LostScene(scene: scene, previousPath: previousPath, error: error))
            case .waiting, .skipped:
                break
            }
        }
        guard previousOwner != nil || !restored.isEmpty || !lost.isEmpty else { return }
        let restart = ServiceRestart(previousOwner: previousOwner, owner: owner, restored: restored, lost: lost)
        let listeners = self.listeners
        let lostIDs = Set(lost.map(\.scene.record.id))
        // After the signals the rebuilding caused (already queued on this loop): an idle
        // source runs once the loop has nothing of higher priority left to dispatch.
        loop.addIdle {
            for scene in restored {
                let change = scene.scene.record.state.withLock { state -> OrientationChange in
                    state.rebuilding = false
                    let current = state.lastOrientation ?? scene.interfaceOrientation
                    defer { state.orientationBeforeRestart = nil }
                    return OrientationChange(scenePath: state.path, previous: state.orientationBeforeRestart ?? current,
                                             current: current, reason: .serviceRestart)
                }
                listeners.deliver(.change(change), to: .scene(scene.scene.record.id))
            }
            listeners.finish { source in
                if case .scene(let id) = source { return lostIDs.contains(id) }
                return false
            }
            listeners.deliver(.restart(restart), to: .restarts)
        }
    }

    private enum Rebuild {
        case restored(previousPath: String, InterfaceOrientation)
        case lost(previousPath: String, OrientationClientError)
        /// orientd left again meanwhile: the next owner will get it.
        case waiting
        /// Unregistered meanwhile.
        case skipped
    }

    /// Registers one tracked scene again and replays its mirror, all or nothing.
    private func rebuild(_ record: SceneRecord) -> Rebuild {
        record.gate.withLock { _ -> Rebuild in
            let snapshot = record.state.withLock { state -> (String, SceneMirror?) in
                if state.mirror != nil {
                    state.rebuilding = true
                    state.orientationBeforeRestart = state.lastOrientation
                }
                return (state.path, state.mirror)
            }
            let previousPath = snapshot.0
            guard let mirror = snapshot.1 else { return .skipped }
            var rebuilt: (path: String, owner: String)?
            do throws(OrientationClientError) {
                let (reply, sender) = try registerReturningOwner(mirror.options)
                let path = reply.child(at: 0).string!
                rebuilt = (path, sender)
                router.moveTracked(record, to: path, owner: sender)
                for step in mirror.steps {
                    try call(path: path, interface: Self.sceneInterface, method: step.method.rawValue,
                             arguments: step.arguments.map(\.variant), replyType: nil, destination: sender)
                }
                // Also the barrier after which the rebuilding's own signals are all queued.
                let value = try property(path, Self.sceneInterface, SceneProperty.interfaceOrientation.rawValue, destination: sender)
                guard let orientation = value.string.flatMap(InterfaceOrientation.init(rawValue:)) else {
                    throw OrientationClientError.unexpectedReply(SceneProperty.interfaceOrientation.rawValue, value)
                }
                record.state.withLock { state in
                    state.lastOrientation = orientation
                    state.owner = sender
                }
                return .restored(previousPath: previousPath, orientation)
            } catch {
                if let rebuilt {
                    _ = try? callManager(.unregisterScene, [Variant(objectPath: rebuilt.path)], destination: rebuilt.owner)
                }
                record.state.withLock { $0.rebuilding = false }
                if Self.meansServiceGone(error) {
                    record.state.withLock { $0.owner = nil }
                    return .waiting
                }
                router.untrack(record)
                return .lost(previousPath: previousPath, error)
            }
        }
    }

    private static func meansServiceGone(_ error: OrientationClientError) -> Bool {
        switch error.code {
        case .serviceUnknown, .noReply, .disconnected: true
        default: error.name == "org.freedesktop.DBus.Error.NameHasNoOwner"
        }
    }
}

extension ReplayArgument {
    var variant: Variant {
        switch self {
        case .string(let value): Variant(string: value)
        case .properties(let properties): properties.variant
        }
    }
}
