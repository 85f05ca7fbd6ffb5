import GLibBridge
import OrientationCore
import OrientationWire

/// `io.github.orientd.OrientationManager1.Scene`'s methods, one row each, in the XML's order:
/// each runs on the scene the call was made on (`MethodCall.scene`, found and checked by
/// admission). GDBus has checked the argument types against the XML; `Decode` checks their values.
extension MethodRow {
    static let scene: [MethodRow] = [
        scene(.setRootController, .app) { call throws(OrientationError) in
            .setRoot(try Decode.controllerSpec(id: call.argument(0), kind: call.argument(1), properties: call.argument(2)))
        },
        scene(.pushController, .app) { call throws(OrientationError) in
            .push(navigation: call.string(0), try Decode.controllerSpec(id: call.argument(1), kind: call.argument(2), properties: call.argument(3)))
        },
        scene(.popController, .app, reply: .string) { .pop(navigation: $0.string(0)) },
        scene(.addTab, .app) { call throws(OrientationError) in
            .addTab(tab: call.string(0), try Decode.controllerSpec(id: call.argument(1), kind: call.argument(2), properties: call.argument(3)))
        },
        scene(.selectTab, .app) { .selectTab(tab: $0.string(0), child: $0.string(1)) },
        scene(.presentController, .app) { call throws(OrientationError) in
            .present(presenter: call.string(0), try Decode.controllerSpec(id: call.argument(1), kind: call.argument(2), properties: call.argument(3)))
        },
        scene(.dismissController, .app) { .dismiss($0.string(0)) },
        scene(.setControllerProperties, .app) { call throws(OrientationError) in
            .setProperties(call.string(0), try Decode.controllerPatch(call.argument(1)))
        },
        scene(.setOrientationMode, .app) { call throws(OrientationError) in
            .setMode(call.string(0), try OrientationModeName(parsing: call.string(1)))
        },
        scene(.updateOrientation, .app, reply: .string) { _ in .update },
        scene(.requestOrientation, .app, reply: .string) { call throws(OrientationError) in
            .request(try InterfaceOrientation(parsing: call.string(0)))
        },
        scene(.setWindowOrientations, .app) { call throws(OrientationError) in
            .setWindowOrientations(
                sceneDelegate: try Decode.optionalMask(call.argument(0).stringArray, "scene delegate orientations"),
                appDelegate: try Decode.optionalMask(call.argument(1).stringArray, "app delegate orientations"))
        },
        scene(.setGeometry, .app) { .setGeometry(width: $0.uint32(0), height: $0.uint32(1)) },
        scene(.setActivationState, .app) { call throws(OrientationError) in
            .setActivation(try ActivationState(parsing: call.string(0)))
        },
        direct(.explain, .app) { call throws(OrientationError) in
            Variant(tuple: [Encode.explain(try call.manager.explain(call.scene))])
        },
        direct(.getControllers, .app, queued: true) { call throws(OrientationError) in
            try call.context.controllersReply(of: call.scene)
        },
    ]
}
