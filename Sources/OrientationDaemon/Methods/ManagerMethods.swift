import GLibBridge
import OrientationCore
import OrientationWire

extension OrientationService {
    /// `io.github.orientd.OrientationManager1`'s methods. GDBus has already checked the
    /// argument types against the interface XML.
    func handleManagerCall(_ call: MethodInvocation) {
        do throws(OrientationError) {
            try checkBounds(call)
            let caller = call.sender
            if methods.isAdministrator(call) { try manager.authorize(.administrator, method: call.methodName, caller: caller) }
            switch methods.manager.method(of: call) {
            case .registerScene:
                let registration = withManifestWhitelist(try Decode.registration(call.argument(0), ownAppId: manager.identity(of: caller).sandboxedAppId))
                if let jump = stateFolder.sceneNumbers.prepare(next: manager.lastSceneID + 1, log: log) {
                    manager.continueSceneNumbers(after: jump)
                }
                let reply = try perform(.registerScene(registration), caller: caller)
                guard case .scene(let id) = reply else { return call.returnValues() }
                log.debug("\(caller) registered scene \(id)")
                call.returnValues(Variant(objectPath: scenePath(id)))
            case .unregisterScene:
                try perform(.unregisterScene(try manager.sceneID(atPath: call.argument(0).string ?? "", caller: caller)), caller: caller)
                call.returnValues()
            case .setDeviceOrientation:
                let orientation = try DeviceOrientation(parsing: call.argument(0).string ?? "")
                try perform(.deviceReading(orientation, source: .manual), caller: caller)
                call.returnValues()
            case .setRotationLocked:
                try perform(.setRotationLocked(call.argument(0).bool ?? false), caller: caller)
                call.returnValues()
            case .setKioskMode:
                let name = call.argument(1).string ?? ""
                let orientation = name.isEmpty ? nil : try InterfaceOrientation(parsing: name, what: "kiosk orientation")
                try perform(.setKioskMode(call.argument(0).bool ?? false, orientation), caller: caller)
                call.returnValues()
            case .setSplitViewThreshold:
                try perform(.setSplitViewThreshold(call.argument(0).uint32 ?? 0), caller: caller)
                call.returnValues()
            case .setSettleTime:
                try perform(.setSettleTime(call.argument(0).uint32 ?? 0), caller: caller)
                call.returnValues()
            case .setAppPolicy:
                let policy = try Decode.appPolicy(call.argument(1))
                try perform(.setAppPolicy(appId: call.argument(0).string ?? "", policy), caller: caller)
                call.returnValues()
            case .getAppPolicies:
                call.returnValues(encodeAppPolicies())
            case .resetSetting:
                try perform(.resetSetting(call.argument(0).string ?? ""), caller: caller)
                call.returnValues()
            case .reload:
                reloadConfiguration(because: "Reload() from \(caller)")
                call.returnValues()
            case .getHistory:
                call.returnValues(Encode.history(manager.history.newest(Int(call.argument(0).uint32 ?? 0))))
            case nil:
                call.returnError(name: DBusError.unknownMethod, message: "No method \(call.methodName) on \(BusNames.managerInterface)")
            }
        } catch {
            call.returnError(name: error.name, message: error.message)
        }
    }

    func managerProperty(_ request: PropertyRequest) -> Variant? {
        guard let property = ManagerProperty(rawValue: request.propertyName) else { return nil }
        return Encode.managerProperty(property, manager.managerSnapshot)
    }

    /// `org.freedesktop.DBus.ObjectManager.GetManagedObjects`: every scene with its properties
    /// (for a sandboxed app, its own scenes only).
    func handleObjectManagerCall(_ call: MethodInvocation) {
        guard call.methodName == "GetManagedObjects" else {
            return call.returnError(name: DBusError.unknownMethod, message: "No method \(call.methodName) on \(BusNames.objectManagerInterface)")
        }
        if manager.knowsCaller(call.sender) {
            call.returnValue(caches.managedObjects(manager, only: manager.visibleSceneIDs(to: call.sender)))
        } else {
            call.returnValue(caches.managedObjects(manager))
        }
        memory.released(manager.scenes.count)
    }
}
