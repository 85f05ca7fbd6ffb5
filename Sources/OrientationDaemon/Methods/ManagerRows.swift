import GLibBridge
import OrientationCore
import OrientationWire

/// `io.github.orientd.OrientationManager1`'s methods, one row each, in the XML's order. GDBus
/// has checked the argument types against the XML; `Decode` checks their values.
extension MethodRow {
    static let manager: [MethodRow] = [
        command(.registerScene, .app, reply: .scenePath) { call throws(OrientationError) in
            let own = call.manager.identity(of: call.caller).sandboxedAppId
            return .registerScene(call.context.declared(try Decode.registration(call.argument(0), ownAppId: own)))
        },
        command(.unregisterScene, .app) { call throws(OrientationError) in
            .unregisterScene(try call.manager.sceneID(atPath: call.string(0), caller: call.caller))
        },
        command(.setDeviceOrientation, .administrator) { call throws(OrientationError) in
            .deviceReading(try DeviceOrientation(parsing: call.string(0)), source: .manual)
        },
        command(.setRotationLocked, .administrator, persists: true) { .setRotationLocked($0.bool(0)) },
        command(.setKioskMode, .administrator, persists: true) { call throws(OrientationError) in
            let name = call.string(1)
            return .setKioskMode(call.bool(0), name.isEmpty ? nil : try InterfaceOrientation(parsing: name, what: "kiosk orientation"))
        },
        command(.setSplitViewThreshold, .administrator, persists: true) { .setSplitViewThreshold($0.uint32(0)) },
        command(.setSettleTime, .administrator, persists: true) { .setSettleTime($0.uint32(0)) },
        command(.setAppLocksAllowed, .administrator, persists: true) { .setAppLocksAllowed($0.bool(0)) },
        command(.setAppPolicy, .administrator, persists: true) { call throws(OrientationError) in
            .setAppPolicy(appId: call.string(0), try Decode.appPolicy(call.argument(1)))
        },
        direct(.getAppPolicies, .administrator, queued: true) { Variant(tuple: [Encode.appPolicies($0.manager)]) },
        command(.resetSetting, .administrator, persists: true) { .resetSetting($0.string(0)) },
        direct(.reload, .administrator) { call in
            call.context.reloadConfiguration(because: "Reload() from \(call.caller)")
            return nil
        },
        direct(.getHistory, .administrator) { call in
            Variant(tuple: [Encode.history(call.manager.history.newest(Int(call.uint32(0))))])
        },
        direct(.explainPanel, .administrator) { call throws(OrientationError) in
            Variant(tuple: [Encode.explain(try call.manager.explainPanel(appId: call.string(0)))])
        },
    ]
}
