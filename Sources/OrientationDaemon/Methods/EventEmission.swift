import GLibBridge
import OrientationCore
import OrientationWire

/// The core's events on the bus: `OrientationChanged` on the scene, `PropertiesChanged`,
/// `InterfacesAdded/Removed` (exporting and removing the scene's object), the manager's
/// signals. The events for the other parts (`applyOutput`, `sensorWanted`,
/// `holdCompositorRotation`, `tickDue`) are
/// the router's to hand on; this part skips them.
final class EventEmission {
    private let connection: BusConnection
    private let scenes: SceneObjects
    private let log: Log
    private var turnSignals = TurnSignalMemo()
    /// Whether the well-known name has been asked for. Before it no client can have read the
    /// state or subscribed to orientd's signals (they match the name), and a signal is work
    /// for nobody: GLib builds and serialises each (50–80 k instructions with GLib 2.74),
    /// which was start-up time.
    private var sending = false

    init(connection: BusConnection, scenes: SceneObjects, log: Log) {
        self.connection = connection
        self.scenes = scenes
        self.log = log
    }

    /// From now on the events' signals are sent: the calls run (`StartupGate`); before, nobody
    /// could have read what they would tell of.
    func startSending() { sending = true }

    /// Sends the signals of `events`, reading the scenes' properties from `manager`.
    func emit(_ events: ArraySlice<Event>, _ manager: OrientationManager) {
        for event in events {
            do {
                try emit(event, manager)
            } catch {
                log.warning("could not emit \(event): \(error)")
            }
        }
    }

    private func emit(_ event: Event, _ manager: OrientationManager) throws(DBusError) {
        func scenePath(_ id: SceneID) -> String { scenes.scenePath(id, creator: manager.scenes[id]?.creator) }
        switch event {
        case .sceneAdded(let id):
            guard let snapshot = manager.snapshot(of: id) else { return }
            scenes.exportScene(id, creator: manager.scenes[id]?.creator ?? "")
            // Serialized: one block instead of a node per property. GDBus holds a signal's
            // body until its worker thread has written it; with registrations pipelined, the
            // nodes of a few dozen of these were scattered among the new scenes' own blocks,
            // and the pages they left half free stayed dirty.
            let interfaces = Variant(dictionary: [BusNames.sceneInterface: Encode.sceneProperties(snapshot)], valueType: "a{sv}").serialized()
            try signal(BusNames.managerPath, BusNames.objectManagerInterface, StandardMember.interfacesAdded,
                       [Variant(objectPath: scenePath(id)), interfaces])
        case .sceneRemoved(let id):
            let path = scenePath(id)
            scenes.unexportScene(id)
            try signal(BusNames.managerPath, BusNames.objectManagerInterface, StandardMember.interfacesRemoved,
                       [Variant(objectPath: path), Variant(strings: [BusNames.sceneInterface])])
        case .orientationChanged(let id, let from, let to, let reason):
            try orientationChanged(path: scenePath(id), id, from, to, reason)
        case .scenePropertiesChanged(let id, let properties):
            guard let facts = manager.turnFacts(of: id) else { return }
            // A snapshot only when this change is not shared (the scene is there: facts are).
            let arguments = turnSignals.arguments(properties, facts) {
                Encode.propertiesChanged(interface: BusNames.sceneInterface,
                                         changed: manager.snapshot(of: id).map { Encode.sceneProperties($0, only: properties) } ?? Variant(vardict: [:]))
            }
            try signal(scenePath(id), BusNames.propertiesInterface, StandardMember.propertiesChanged, arguments)
        case .managerPropertiesChanged(let properties):
            guard sending else { return }
            try signal(BusNames.managerPath, BusNames.propertiesInterface, StandardMember.propertiesChanged,
                       Encode.propertiesChanged(interface: BusNames.managerInterface,
                                                changed: Encode.managerProperties(manager.managerSnapshot, only: properties)))
        case .deviceOrientationChanged(let orientation):
            try deviceOrientationChanged(orientation)
        case .rotationSuggested(let id, let orientation):
            try signal(BusNames.managerPath, BusNames.managerInterface, ManagerSignal.rotationSuggested.rawValue,
                       [Variant(objectPath: scenePath(id)), Variant(string: orientation.rawValue)])
        case .applyOutput, .sensorWanted, .holdCompositorRotation, .tickDue, .settingsChanged:
            // The router's: perform() hands them to their parts (and saved the settings).
            break
        }
    }

    /// While the core is still deciding (it holds the manager): emits `events` from `start` on
    /// as long as they need nothing of the manager (a scene's OrientationChanged, the
    /// device's), and returns where it stopped; the rest go out after the core is done.
    func emitAhead(_ events: [Event], from start: Int) -> Int {
        var next = start
        while next < events.count {
            do {
                switch events[next] {
                case .orientationChanged(let id, let from, let to, let reason):
                    // Every scene the core turns has its object; the path of one without waits.
                    guard let path = scenes.exportedScenePath(id) else { return next }
                    try orientationChanged(path: path, id, from, to, reason)
                case .deviceOrientationChanged(let orientation):
                    try deviceOrientationChanged(orientation)
                default:
                    return next
                }
            } catch {
                log.warning("could not emit \(events[next]): \(error)")
            }
            next += 1
        }
        return next
    }

    private func orientationChanged(path: String, _ id: SceneID, _ from: InterfaceOrientation, _ to: InterfaceOrientation,
                                    _ reason: ChangeReason) throws(DBusError) {
        log.debug("scene \(id): \(from.rawValue) → \(to.rawValue) (\(reason.rawValue))")
        guard sending else { return }
        try connection.emitSignal(path: path, interface: BusNames.sceneInterface, signal: SceneSignal.orientationChanged.rawValue,
                                  parameters: Variant(tupleOf: Encode.orientation(from), Encode.orientation(to), Encode.reason(reason)))
    }

    private func deviceOrientationChanged(_ orientation: DeviceOrientation) throws(DBusError) {
        log.debug("device: \(orientation.rawValue)")
        try signal(BusNames.managerPath, BusNames.managerInterface, ManagerSignal.deviceOrientationChanged.rawValue, [Variant(string: orientation.rawValue)])
    }

    private func signal(_ path: String, _ interface: String, _ name: String, _ arguments: [Variant]) throws(DBusError) {
        guard sending else { return }
        try connection.emitSignal(path: path, interface: interface, signal: name, parameters: Variant(tuple: arguments))
    }
}
