import GLibBridge
import OrientationCore
import OrientationWire

/// orientd's face on the bus: the method table, the scene objects, the signals and the cached
/// replies, and the answers that read the state without a core command (properties, the
/// ObjectManager's listing). The router (`OrientationService`) admits each call and hands it here
/// or to the core.
final class BusFace {
    let contract: ContractXML
    let table: MethodTable
    let scenes: SceneObjects
    let signals: EventEmission
    let caches = ReplyCaches()
    /// The manager's properties by their introspection data, for `Get` without comparing names.
    private let managerProperties: [PropertyID: ManagerProperty]
    private let options: ServiceOptions
    private let log: Log

    init(connection: BusConnection, contract: ContractXML, options: ServiceOptions, log: Log) {
        self.contract = contract
        self.options = options
        self.log = log
        table = MethodTable(contract)
        scenes = SceneObjects(connection: connection, interface: contract.scene, log: log)
        signals = EventEmission(connection: connection, scenes: scenes, log: log)
        let manager = contract.manager
        managerProperties = Dictionary(uniqueKeysWithValues: ManagerProperty.allCases.compactMap { property in
            manager.property(property.rawValue).map { ($0, property) }
        })
        for problem in table.problems { log.warning(problem) }
    }

    /// A registration without `supported-orientations` takes the supported orientations of
    /// the app's desktop entry (`<app-id>.desktop`, found by the desktop file id rules).
    func declared(_ registration: SceneRegistration) -> SceneRegistration {
        // An invalid app-id is refused by the core; it is never looked up as a file name.
        guard registration.supported == nil, (try? options.limits.checkAppId(registration.appId)) != nil,
              let (mask, path) = DesktopEntry.supportedOrientations(appId: registration.appId, idiom: registration.idiom,
                                                          natural: options.naturalOrientation, log: log) else {
            return registration
        }
        var result = registration
        result.supported = mask
        result.supportedFromFile = path
        return result
    }

    /// `org.freedesktop.DBus.Properties.Get` / `GetAll` on the manager (GDBus routes them here
    /// and has checked the interface and property names): one snapshot for all.
    func answerManagerProperties(_ call: MethodInvocation, _ manager: OrientationManager) {
        if let property = managerProperties[call.property] {
            return call.returnValues(Variant(boxing: Encode.managerProperty(property, manager.managerSnapshot)))
        }
        answerProperties(call, of: BusNames.managerInterface, get: { Encode.managerProperty($0, manager.managerSnapshot) },
                         getAll: { Encode.managerProperties(manager.managerSnapshot) })
    }

    /// `org.freedesktop.DBus.ObjectManager.GetManagedObjects`: every scene with its properties
    /// (for a sandboxed app, its own scenes only).
    func answerObjectManager(_ call: MethodInvocation, _ manager: OrientationManager) {
        guard call.methodName == StandardMember.getManagedObjects else {
            return call.returnError(name: DBusError.unknownMethod, message: "No method \(call.methodName) on \(BusNames.objectManagerInterface)")
        }
        if manager.knowsCaller(call.sender) {
            call.returnValue(caches.managedObjects(manager, only: manager.visibleSceneIDs(to: call.sender)))
        } else {
            call.returnValue(caches.managedObjects(manager))
        }
    }

    /// `org.freedesktop.DBus.Properties.Get` / `GetAll` on scene `id`'s path (GDBus routes
    /// them here and has checked the interface and property names): one snapshot, and
    /// `UnknownScene` for a scene that does not exist rather than an empty dictionary.
    func answerSceneProperties(_ call: MethodInvocation, _ id: SceneID, _ manager: OrientationManager) throws(OrientationError) {
        guard let snapshot = manager.snapshot(of: id) else {
            // A read that waited (for the caller's identity, or in the CallQueue) found its scene gone.
            _ = try manager.scene(id)
            return
        }
        answerProperties(call, of: BusNames.sceneInterface, get: { Encode.sceneProperty($0, snapshot) },
                         getAll: { Encode.sceneProperties(snapshot) })
    }

    /// `Get` (the property the call names, or `UnknownProperty` naming the valid ones) or
    /// `GetAll` of `interface`, whose properties are `Property`'s cases.
    private func answerProperties<Property: CaseIterable & RawRepresentable>(
        _ call: MethodInvocation, of interface: String, get: (Property) -> Variant, getAll: () -> Variant
    ) where Property.RawValue == String {
        switch call.methodName {
        case StandardMember.get:
            let name = call.argument(1).string ?? ""
            guard let property = Property(rawValue: name) else {
                return call.returnError(name: DBusError.unknownProperty,
                                        message: "No property \(name) on \(interface); properties: \(Property.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            call.returnValues(Variant(boxing: get(property)))
        case StandardMember.getAll:
            call.returnValues(getAll())
        default:
            call.returnError(name: DBusError.unknownMethod, message: "No method \(call.methodName) on \(BusNames.propertiesInterface)")
        }
    }

    /// Sends the core's reply to a command as the method's row says.
    func reply(_ call: MethodInvocation, _ reply: Reply, as shape: MethodRow.ReplyShape, _ manager: OrientationManager) {
        switch (shape, reply) {
        case (.scenePath, .scene(let id)):
            log.debug("\(call.sender) registered scene \(id)")
            call.returnValues(Variant(objectPath: scenes.scenePath(id, creator: manager.scenes[id]?.creator)))
        case (.string, .controller(let popped)): call.returnString(popped)
        case (.string, .orientation(let orientation)): call.returnString(orientation.rawValue)
        default: call.returnValues()
        }
    }
}
