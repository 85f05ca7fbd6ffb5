import GLibBridge
import OrientationWire
import Synchronization

/// One thing orientd announced, as `OrientationClient.watchService(_:)` delivers it: the
/// signals of every scene and of the manager, and orientd starting and stopping.
///
/// Words are kept as received (a monitor shows what the service said); read them with the
/// core's enums (`InterfaceOrientation(rawValue:)`, ...) where a typed value is wanted.
public enum ServiceEvent: Sendable {
    /// `DeviceOrientationChanged`: the device orientation scenes follow now.
    case deviceOrientationChanged(String)
    /// A scene's `OrientationChanged`, of any app.
    case orientationChanged(scene: String, previous: String, current: String, reason: String)
    /// A scene was registered or appeared (`InterfacesAdded`), with its properties.
    case sceneAdded(SceneProperties)
    /// A scene went away (`InterfacesRemoved`).
    case sceneRemoved(scene: String)
    /// `RotationSuggested`: a scene could turn, but the rotation lock is on.
    case rotationSuggested(scene: String, orientation: String)
    /// Manager properties changed (`PropertiesChanged`), with their new values.
    case managerPropertiesChanged([String: Variant])
    /// orientd runs, under this unique name: first the state when the watch began, then
    /// each start.
    case serviceRunning(owner: String)
    /// orientd is not running: first the state when the watch began, then each stop.
    case serviceNotRunning
    /// The client's bus connection closed; nothing more comes.
    case disconnected
}

extension OrientationClient {
    /// Delivers everything orientd announces, of every scene and app, until cancelled: what a
    /// monitor or a panel that shows all windows follows. The handler runs on the client's
    /// loop thread, one event at a time.
    ///
    /// The match rules are in force when this returns, so every signal sent afterwards is
    /// delivered. Signals are accepted from whoever owns orientd's name.
    public func watchService(_ handler: @escaping @Sendable (ServiceEvent) -> Void) throws(OrientationClientError) -> OrientationObservation {
        if closed.withLock({ $0 }) { throw OrientationClientError(.disconnected, "the OrientationClient is closed") }
        let connection = self.connection
        let name = Self.busName, manager = Self.managerPath, scenes = Self.sceneInterface
        let objects = BusNames.objectManagerInterface
        let cancelled = Mutex(false)
        let deliver: @Sendable (ServiceEvent) -> Void = { event in if !cancelled.withLock({ $0 }) { handler(event) } }
        let (ids, watcher) = loop.sync { () -> ([SignalSubscriptionID], NameWatcherID) in
            let ids = [
                connection.subscribe(sender: name, interface: Self.managerInterface, member: ManagerSignal.deviceOrientationChanged.rawValue,
                                     path: manager) { signal in
                    deliver(.deviceOrientationChanged(signal.argument(0).string ?? ""))
                },
                connection.subscribe(sender: name, interface: Self.managerInterface, member: ManagerSignal.rotationSuggested.rawValue,
                                     path: manager) { signal in
                    deliver(.rotationSuggested(scene: signal.argument(0).string ?? "", orientation: signal.argument(1).string ?? ""))
                },
                connection.subscribe(sender: name, interface: scenes, member: SceneSignal.orientationChanged.rawValue) { signal in
                    deliver(.orientationChanged(scene: signal.path, previous: signal.argument(0).string ?? "",
                                                current: signal.argument(1).string ?? "", reason: signal.argument(2).string ?? ""))
                },
                connection.subscribe(sender: name, interface: objects, member: StandardMember.interfacesAdded, path: manager) { signal in
                    let properties = signal.argument(1).stringDictionary?[scenes]?.vardict ?? [:]
                    deliver(.sceneAdded(SceneProperties(path: signal.argument(0).string ?? "", properties: properties)))
                },
                connection.subscribe(sender: name, interface: objects, member: StandardMember.interfacesRemoved, path: manager) { signal in
                    deliver(.sceneRemoved(scene: signal.argument(0).string ?? ""))
                },
                connection.subscribe(sender: name, interface: BusNames.propertiesInterface, member: StandardMember.propertiesChanged,
                                     path: manager, arg0: Self.managerInterface) { signal in
                    deliver(.managerPropertiesChanged(signal.argument(1).vardict ?? [:]))
                },
            ]
            let watcher = connection.watchName(name, appeared: { _, owner in deliver(.serviceRunning(owner: owner)) },
                                               vanished: { _ in deliver(.serviceNotRunning) })
            connection.onClosed { _ in deliver(.disconnected) }
            return (ids, watcher)
        }
        do {
            try connection.syncWithBus()
        } catch {
            throw OrientationClientError(error)
        }
        let loop = self.loop
        return OrientationObservation(cancel: {
            let first = cancelled.withLock { was in defer { was = true }; return !was }
            guard first else { return }
            loop.invoke {
                for id in ids { connection.unsubscribe(id) }
                connection.unwatchName(watcher)
            }
        })
    }
}
