import GLibBridge
import OrientationWire

/// The contract's names (the product's own, from OrientationWire) and the few argument shapes
/// the benchmark sends.
enum Names {
    static let bus = BusNames.wellKnownName
    static let managerPath = BusNames.managerPath
    static let manager = BusNames.managerInterface
    static let scene = BusNames.sceneInterface
    static let peer = "org.freedesktop.DBus.Peer"

    /// RegisterScene's argument: a phone window that may take every orientation but upside-down.
    static func registration(appId: String) -> Variant {
        Variant(tuple: [Variant(vardict: [
            VardictKey.appId: Variant(string: appId),
            VardictKey.supportedOrientations: Variant(strings: ["portrait", "landscape-left", "landscape-right"]),
        ])])
    }

    /// A small controller tree: a navigation controller holding one view controller.
    static let rootController = Variant(tuple: [
        Variant(string: "nav"), Variant(string: "navigation"), Variant(vardict: [:]),
    ])
    static let pushedController = Variant(tuple: [
        Variant(string: "nav"), Variant(string: "list"), Variant(string: "view"), Variant(vardict: [:]),
    ])
}

extension BusConnection {
    /// `Peer.Ping` to `peer`, waiting for the reply.
    func ping(_ peer: String) throws(DBusError) {
        try call(destination: peer, path: "/", interface: Names.peer, method: "Ping")
    }

    /// A manager method of orientd, waiting for the reply.
    @discardableResult
    func manager(_ peer: String, _ method: ManagerMethod, _ arguments: [Variant] = []) throws(DBusError) -> Variant {
        try call(destination: peer, path: Names.managerPath, interface: Names.manager, method: method.rawValue,
                 parameters: Variant(tuple: arguments))
    }

    /// A scene method of orientd, waiting for the reply.
    @discardableResult
    func scene(_ peer: String, _ path: String, _ method: SceneMethod, _ arguments: [Variant] = []) throws(DBusError) -> Variant {
        try call(destination: peer, path: path, interface: Names.scene, method: method.rawValue,
                 parameters: Variant(tuple: arguments))
    }

    /// Registers a scene with the small controller tree; returns its path.
    func registerSceneWithTree(_ peer: String, appId: String) throws(DBusError) -> String {
        let reply = try call(destination: peer, path: Names.managerPath, interface: Names.manager,
                             method: ManagerMethod.registerScene.rawValue, parameters: Names.registration(appId: appId), replyType: "(o)")
        let path = reply.child(at: 0).string ?? ""
        try call(destination: peer, path: path, interface: Names.scene, method: SceneMethod.setRootController.rawValue,
                 parameters: Names.rootController)
        try call(destination: peer, path: path, interface: Names.scene, method: SceneMethod.pushController.rawValue,
                 parameters: Names.pushedController)
        return path
    }
}
