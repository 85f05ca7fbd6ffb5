import GLibBridge
import OrientationCore

extension OrientationService {
    /// Turns the core's events into signals (and writes the settings when they changed).
    func emit(_ events: [Event]) {
        for event in events {
            do {
                try emit(event)
            } catch {
                log.warning("could not emit \(event): \(error)")
            }
        }
    }

    private func emit(_ event: Event) throws(DBusError) {
        switch event {
        case .sceneAdded(let id):
            guard let snapshot = manager.snapshot(of: id) else { return }
            exportScene(id)
            let interfaces = Variant(dictionary: [BusNames.sceneInterface: Encode.sceneProperties(snapshot)], valueType: "a{sv}")
            try signal(BusNames.managerPath, BusNames.objectManagerInterface, "InterfacesAdded",
                       [Variant(objectPath: scenePath(id)), interfaces])
        case .sceneRemoved(let id):
            let path = scenePath(id)
            unexportScene(id)
            try signal(BusNames.managerPath, BusNames.objectManagerInterface, "InterfacesRemoved",
                       [Variant(objectPath: path), Variant(strings: [BusNames.sceneInterface])])
        case .orientationChanged(let id, let from, let to, let reason):
            log.debug("scene \(id): \(from.rawValue) → \(to.rawValue) (\(reason.rawValue))")
            try connection.emitSignal(path: scenePath(id), interface: BusNames.sceneInterface, signal: "OrientationChanged",
                                      parameters: Variant(tupleOf: Encode.orientation(from), Encode.orientation(to), Encode.reason(reason)))
        case .scenePropertiesChanged(let id, let properties):
            guard let snapshot = manager.snapshot(of: id) else { return }
            try signal(scenePath(id), BusNames.propertiesInterface, "PropertiesChanged",
                       Encode.propertiesChanged(interface: BusNames.sceneInterface,
                                                changed: Encode.sceneProperties(snapshot, only: properties)))
        case .managerPropertiesChanged(let properties):
            try signal(BusNames.managerPath, BusNames.propertiesInterface, "PropertiesChanged",
                       Encode.propertiesChanged(interface: BusNames.managerInterface,
                                                changed: Encode.managerProperties(manager.managerSnapshot, only: properties)))
        case .deviceOrientationChanged(let orientation):
            log.debug("device: \(orientation.rawValue)")
            try signal(BusNames.managerPath, BusNames.managerInterface, "DeviceOrientationChanged",
                       [Variant(string: orientation.rawValue)])
        case .rotationSuggested(let id, let orientation):
            try signal(BusNames.managerPath, BusNames.managerInterface, "RotationSuggested",
                       [Variant(objectPath: scenePath(id)), Variant(string: orientation.rawValue)])
        case .applyOutput(let row):
            applyOutput(row)
        case .settingsChanged:
            // perform() saved them before the reply.
            break
        }
    }

    private func signal(_ path: String, _ interface: String, _ name: String, _ arguments: [Variant]) throws(DBusError) {
        try connection.emitSignal(path: path, interface: interface, signal: name, parameters: Variant(tuple: arguments))
    }
}
