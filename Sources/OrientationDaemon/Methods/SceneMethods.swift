import GLibBridge
import OrientationCore
import OrientationWire

extension OrientationService {
    /// `io.github.orientd.OrientationManager1.Scene`'s methods, for every scene path: `scene`
    /// is the scene of a call to its own object (SceneObjects.swift), nil for a call through
    /// the subtree (a path that names no scene, or a property read there).
    func handleSceneCall(_ call: MethodInvocation, scene: SceneID? = nil) {
        // Property reads come here too: a scene's own object leaves them to this handler, so
        // that they wait for the caller's identity like its calls.
        if scene == nil || call.method == .none, call.interfaceName == BusNames.propertiesInterface {
            return handleScenePropertiesCall(call, scene: scene)
        }
        do throws(OrientationError) {
            let id = if let scene { scene } else { try manager.sceneID(atPath: call.objectPath, caller: call.sender) }
            try manager.checkSceneAccess(id, caller: call.sender)
            if methods.isAdministrator(call) { try manager.authorize(.administrator, method: call.methodName, caller: call.sender) }
            try checkBounds(call)
            let a = call.argument
            let command: SceneCommand
            switch methods.scene.method(of: call) {
            case .explain:
                return call.returnValues(Encode.explain(try manager.explain(id)))
            case .getControllers:
                return call.returnValue(try caches.controllers(of: id, in: manager))
            case .setRootController:
                command = .setRoot(try Decode.controllerSpec(id: a(0), kind: a(1), properties: a(2)))
            case .pushController:
                command = .push(navigation: a(0).string ?? "", try Decode.controllerSpec(id: a(1), kind: a(2), properties: a(3)))
            case .popController:
                command = .pop(navigation: a(0).string ?? "")
            case .addTab:
                command = .addTab(tab: a(0).string ?? "", try Decode.controllerSpec(id: a(1), kind: a(2), properties: a(3)))
            case .selectTab:
                command = .selectTab(tab: a(0).string ?? "", child: a(1).string ?? "")
            case .presentController:
                command = .present(presenter: a(0).string ?? "", try Decode.controllerSpec(id: a(1), kind: a(2), properties: a(3)))
            case .dismissController:
                command = .dismiss(a(0).string ?? "")
            case .setControllerProperties:
                command = .setProperties(a(0).string ?? "", try Decode.controllerPatch(a(1)))
            case .setOrientationMode:
                command = .setMode(a(0).string ?? "", try OrientationModeName(parsing: a(1).string ?? ""))
            case .updateOrientation:
                command = .update
            case .requestOrientation:
                command = .request(try InterfaceOrientation(parsing: a(0).string ?? ""))
            case .setWindowOrientations:
                command = .setWindowOrientations(
                    sceneDelegate: try Decode.optionalMask(a(0).stringArray, "scene delegate orientations"),
                    appDelegate: try Decode.optionalMask(a(1).stringArray, "app delegate orientations"))
            case .setGeometry:
                command = .setGeometry(width: a(0).uint32 ?? 0, height: a(1).uint32 ?? 0)
            case .setActivationState:
                command = .setActivation(try ActivationState(parsing: a(0).string ?? ""))
            case nil:
                return call.returnError(name: DBusError.unknownMethod, message: "No method \(call.methodName) on \(BusNames.sceneInterface)")
            }
            switch try perform(.scene(id, command), caller: call.sender) {
            case .controller(let popped): call.returnString(popped)
            case .orientation(let orientation): call.returnString(orientation.rawValue)
            case .none, .scene: call.returnValues()
            }
        } catch {
            call.returnError(name: error.name, message: error.message)
        }
    }

    /// `org.freedesktop.DBus.Properties.Get` / `GetAll` on a scene path (GDBus routes them here
    /// and has checked the interface and property names): one snapshot, and `UnknownScene`
    /// for a scene that does not exist rather than an empty dictionary.
    func handleScenePropertiesCall(_ call: MethodInvocation, scene: SceneID? = nil) {
        do throws(OrientationError) {
            let id = if let scene { scene } else { try manager.sceneID(atPath: call.objectPath, caller: call.sender) }
            try manager.checkSceneAccess(id, caller: call.sender)
            guard let snapshot = manager.snapshot(of: id) else {
                // A read that waited (for the caller's identity, or in the CallQueue) found its scene gone.
                _ = try manager.scene(id)
                return
            }
            switch call.methodName {
            case "Get":
                let name = call.argument(1).string ?? ""
                guard let property = SceneProperty(rawValue: name) else {
                    return call.returnError(name: DBusError.unknownProperty,
                                            message: "No property \(name) on \(BusNames.sceneInterface); properties: \(SceneProperty.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                call.returnValues(Variant(boxing: Encode.sceneProperty(property, snapshot)))
            case "GetAll":
                call.returnValues(Encode.sceneProperties(snapshot))
            default:
                call.returnError(name: DBusError.unknownMethod, message: "No method \(call.methodName) on \(BusNames.propertiesInterface)")
            }
        } catch {
            call.returnError(name: error.name, message: error.message)
        }
    }
}
