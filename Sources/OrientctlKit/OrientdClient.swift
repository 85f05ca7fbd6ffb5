import GLibBridge
import OrientationWire

/// orientctl's view of orientd: typed calls on the session bus through GLibBridge.
///
/// Calls go to the well-known name without `NO_AUTO_START`, so where orientd is installed
/// with its activation file, the first call starts it.
public final class OrientdClient {
    public let connection: BusConnection

    public init(connection: BusConnection) { self.connection = connection }

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    public static func session() throws(CommandError) -> OrientdClient {
        do throws(DBusError) {
            return OrientdClient(connection: try BusConnection.session())
        } catch {
            throw .noBus(error)
        }
    }

    // MARK: Calls

    /// Calls a manager method.
    @discardableResult
    public func callManager(_ method: String, _ arguments: [Variant] = [], reply: String? = "()") throws(DBusError) -> Variant {
        try call(BusNames.managerPath, BusNames.managerInterface, method, arguments, reply: reply)
    }

    /// Calls a scene method.
    @discardableResult
    public func callScene(_ path: String, _ method: String, _ arguments: [Variant] = [], reply: String? = "()") throws(DBusError) -> Variant {
        try call(path, BusNames.sceneInterface, method, arguments, reply: reply)
    }

    func call(_ path: String, _ interface: String, _ method: String, _ arguments: [Variant], reply: String?) throws(DBusError) -> Variant {
        try connection.call(destination: BusNames.wellKnownName, path: path, interface: interface, method: method,
                            parameters: Variant(tuple: arguments), replyType: reply)
    }

    // MARK: Reading state

    /// Every property of an object's interface (`Properties.GetAll`).
    public func allProperties(_ path: String, _ interface: String) throws(DBusError) -> [String: Variant] {
        let reply = try call(path, BusNames.propertiesInterface, "GetAll", [Variant(string: interface)], reply: "(a{sv})")
        return reply.child(at: 0).vardict ?? [:]
    }

    /// One property (`Properties.Get`); an unknown name fails with the service's error.
    public func property(_ path: String, _ interface: String, _ name: String) throws(DBusError) -> Variant {
        let reply = try call(path, BusNames.propertiesInterface, "Get",
                             [Variant(string: interface), Variant(string: name)], reply: "(v)")
        return reply.child(at: 0).unboxed ?? reply.child(at: 0)
    }

    /// The manager's properties.
    public func manager() throws(DBusError) -> ManagerState {
        ManagerState(try allProperties(BusNames.managerPath, BusNames.managerInterface))
    }

    /// Every scene with its properties, by number (`ObjectManager.GetManagedObjects`).
    public func scenes() throws(DBusError) -> [SceneState] {
        let reply = try call(BusNames.managerPath, BusNames.objectManagerInterface, "GetManagedObjects", [],
                             reply: "(a{oa{sa{sv}}})")
        let objects = reply.child(at: 0).dictionaryEntries ?? []
        return objects.compactMap { entry -> SceneState? in
            guard let path = entry.key.string,
                  let interfaces = entry.value.stringDictionary,
                  let properties = interfaces[BusNames.sceneInterface]?.vardict else { return nil }
            return SceneState(path: path, properties: properties)
        }.sorted()
    }

    /// One scene's properties.
    public func scene(_ path: String) throws(DBusError) -> SceneState {
        SceneState(path: path, properties: try allProperties(path, BusNames.sceneInterface))
    }

    /// A scene's controller tree (`Scene.GetControllers`), depth first.
    public func controllers(_ path: String) throws(DBusError) -> [ControllerNode] {
        let reply = try callScene(path, "GetControllers", reply: "(a(sssa{sv}))")
        return reply.child(at: 0).children.map(ControllerNode.init(entry:))
    }

    /// A scene's `Explain` steps.
    public func explain(_ path: String) throws(DBusError) -> [ExplainStep] {
        let reply = try callScene(path, "Explain", reply: "(a(sass))")
        return reply.child(at: 0).children.map(ExplainStep.init(entry:))
    }

    /// The app policies, by app-id.
    public func policies() throws(DBusError) -> [AppPolicy] {
        let reply = try callManager("GetAppPolicies", reply: "(a{sa{sv}})")
        return (reply.child(at: 0).dictionaryEntries ?? []).compactMap { entry in
            entry.key.string.map { AppPolicy(appId: $0, values: entry.value.vardict ?? [:]) }
        }.sorted { $0.appId < $1.appId }
    }

    /// The last `limit` orientation changes (0: all kept), newest first.
    public func history(limit: UInt32) throws(DBusError) -> [HistoryEntry] {
        let reply = try callManager("GetHistory", [Variant(uint32: limit)], reply: "(a(ostsss))")
        return reply.child(at: 0).children.map(HistoryEntry.init(entry:))
    }
}
