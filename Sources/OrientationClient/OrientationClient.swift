import CGio
import GLibBridge
import OrientationWire
import Synchronization

/// A connection to orientd for one app: registers the app's windows (scenes), drives their
/// controllers, reads their state and delivers their orientation changes.
///
/// ```swift
/// let client = try OrientationClient()
/// let scene = try client.registerScene(SceneOptions(appID: "org.example.Player",
///                                                   supportedOrientations: .allButUpsideDown))
/// for await change in try scene.orientationChanges() { relayout(for: change.current) }
/// ```
///
/// The client opens a private connection of its own (not GLib's shared session
/// connection), so the scenes it registers belong to it: when it is closed (`close()`, or
/// when the last reference to the client, its scenes and controllers goes away) orientd
/// removes them, as it does when an app exits.
///
/// Calls block the calling thread until orientd replies (a fraction of a millisecond) and
/// may be made from any thread. Signals are dispatched on a GLib loop thread the client
/// owns; stream elements and callbacks come from that thread.
public final class OrientationClient: Sendable {
    /// orientd's well-known bus name.
    public static let busName = BusNames.wellKnownName
    /// The manager object.
    public static let managerPath = BusNames.managerPath
    /// The manager interface.
    public static let managerInterface = BusNames.managerInterface
    /// The interface of every scene object.
    public static let sceneInterface = BusNames.sceneInterface

    /// The connection (private to this client).
    let connection: BusConnection
    /// The loop thread that dispatches the client's signal subscriptions.
    let loop: MainLoop
    /// Whether `close()` ran.
    let closed = Mutex(false)
    /// The open streams and callbacks, fed by the client's few subscriptions.
    let listeners = ListenerRegistry()
    /// Which scenes' signals the client accepts and from whom; the match rules.
    let router: SceneRouter
    /// The client's subscriptions, made once at `init`.
    private let subscriptions = Mutex<[SignalSubscriptionID]>([])
    /// Default timeout of a call, in milliseconds.
    let timeoutMilliseconds: Int32

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`), or to the bus at `address`.
    ///
    /// - Parameter timeout: how long a call may wait for orientd's reply.
    /// - Throws: `OrientationClientError` if the bus cannot be reached. orientd itself need not be
    ///   running yet (the first call then starts it through D-Bus activation if installed,
    ///   or fails with `serviceUnknown`).
    public init(address: String? = nil, timeout: Duration = .seconds(10)) throws(OrientationClientError) {
        let busAddress: String
        if let address { busAddress = address } else { busAddress = try Self.sessionBusAddress() }
        do {
            connection = try BusConnection(address: busAddress)
        } catch {
            throw OrientationClientError(error)
        }
        let (seconds, attoseconds) = timeout.components
        timeoutMilliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        loop = MainLoop.startThread(name: "orientation-client")
        router = SceneRouter(connection: connection)
        // The bus routes this client only its own scenes' signals (rules on its own scene
        // namespace, and per scene for scenes of others it watches; see SceneMatchRules). The
        // subscriptions below add no rule of their own: they
        // dispatch what those rules bring, and accept a signal only from the unique name
        // that holds the scene (or, for the device, that owns the name now), because a
        // signal sent straight to this connection passes no match rule at all.
        // All subscriptions are made here, once, on the loop thread (so their callbacks run
        // there); streams and callbacks register with `listeners` and never wait for the loop.
        let connection = self.connection
        let listeners = self.listeners
        let router = self.router
        let ids = loop.sync { [weak self] in
            [
                connection.subscribeWithoutMatchRule(interface: Self.sceneInterface, member: SceneSignal.orientationChanged.rawValue) { signal in
                    Self.deliverChange(signal, router: router, listeners: listeners)
                },
                connection.subscribeWithoutMatchRule(
                    interface: Self.managerInterface, member: ManagerSignal.deviceOrientationChanged.rawValue, path: Self.managerPath
                ) { signal in
                    if router.isCurrentOwner(signal.sender) { listeners.deliver(.signal(signal), to: .device) }
                },
                // A scene removed (unregistered, or its owner left): finish its streams.
                connection.subscribeWithoutMatchRule(
                    interface: BusNames.objectManagerInterface, member: StandardMember.interfacesRemoved,
                    path: Self.managerPath
                ) { signal in
                    guard signal.parameters.childCount > 0, let path = signal.argument(0).string else { return }
                    let ids = Set(router.removed(path: path, sender: signal.sender).map(\.id))
                    guard !ids.isEmpty else { return }
                    listeners.finish { source in
                        if case .scene(let id) = source { return ids.contains(id) }
                        return false
                    }
                },
                // orientd left the bus, or came back: the bus itself says so.
                connection.subscribe(
                    sender: StandardMember.busName, interface: StandardMember.busInterface, member: StandardMember.nameOwnerChanged,
                    path: "/org/freedesktop/DBus", arg0: Self.busName
                ) { signal in
                    guard signal.parameters.isOfType("(sss)"), let old = signal.argument(1).string,
                          let new = signal.argument(2).string else { return }
                    self?.ownerChanged(old: old, new: new)
                },
            ]
        }
        subscriptions.withLock { $0 = ids }
        connection.addMatch(SceneMatchRules.deviceChanged)
        router.addNamespaceRules()
        do {
            // One round trip to the bus: the match rules are now in force, and the owner
            // read is at least as new as any NameOwnerChanged the loop will dispatch.
            router.setInitialOwner(try connection.nameOwner(Self.busName))
        } catch {
            connection.close()
            loop.stopThread()
            throw OrientationClientError(error)
        }
    }

    /// Hands an `OrientationChanged` to the records that accept it from its sender (on the
    /// loop thread). While a scene is being rebuilt after a restart its changes are only noted.
    private static func deliverChange(_ signal: ReceivedSignal, router: SceneRouter, listeners: ListenerRegistry) {
        let current = signal.parameters.isOfType("(sss)")
            ? signal.argument(1).string.flatMap(InterfaceOrientation.init(rawValue:)) : nil
        for record in router.recipients(path: signal.path, sender: signal.sender) {
            let deliver = record.state.withLock { state -> Bool in
                if let current { state.lastOrientation = current }
                return !state.rebuilding
            }
            if deliver { listeners.deliver(.signal(signal), to: .scene(record.id)) }
        }
    }

    deinit { close() }

    /// The session bus's address, as GLib finds it.
    private static func sessionBusAddress() throws(OrientationClientError) -> String {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let raw = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "no session bus"
            g_clear_error(&error)
            throw OrientationClientError(.failed, "cannot find the session bus: \(message)")
        }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    /// The client's unique name on the bus (the `Owner` of the scenes it registers).
    public var uniqueName: String { connection.uniqueName }

    /// Whether `close()` ran or the bus closed the connection.
    public var isClosed: Bool { closed.withLock { $0 } || connection.isClosed }

    /// Closes the connection: orientd removes every scene this client registered (detached
    /// ones stay), every stream finishes and the loop thread ends. Safe to repeat; every
    /// later call fails with `disconnected`.
    public func close() {
        let first = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        for id in subscriptions.withLock({ ids in defer { ids.removeAll() }; return ids }) {
            connection.unsubscribe(id)
        }
        listeners.finish { _ in true }
        connection.close()
        loop.stopThread()
    }

    // MARK: Scenes

    /// Registers one window of the app (`RegisterScene`). Unless `options.detached`, the
    /// scene belongs to this client: only it may change the scene, and it goes away when the
    /// client closes. orientd resolves the new scene at once (it follows the device if it
    /// can); read where it is with `OrientationScene.interfaceOrientation()`.
    ///
    /// - Throws: `invalidArgs` for a bad app id or value, `limitExceeded`, ...
    public func registerScene(_ options: SceneOptions) throws(OrientationClientError) -> OrientationScene {
        if closed.withLock({ $0 }) { throw OrientationClientError(.disconnected, "the OrientationClient is closed") }
        let (reply, owner) = try registerReturningOwner(options)
        let record = SceneRecord(id: router.nextID(), path: reply.child(at: 0).string!, owner: owner,
                                 mirror: SceneMirror(options: options))
        if !router.track(record) {
            // The instance that answered has left already: register the scene with the
            // one serving now (the loop announces it as a restart).
            loop.invoke { [weak self] in self?.restoreStaleScenes(announcingRestartFrom: nil) }
        }
        return OrientationScene(client: self, record: record)
    }

    /// `RegisterScene` with `options`; returns the reply and the unique name that answered.
    func registerReturningOwner(_ options: SceneOptions) throws(OrientationClientError) -> (reply: Variant, owner: String) {
        if closed.withLock({ $0 }) { throw OrientationClientError(.disconnected, "the OrientationClient is closed") }
        var values: [String: Variant] = [VardictKey.appId: Variant(string: options.appID)]
        if let idiom = options.idiom { values[VardictKey.idiom] = Variant(string: idiom.rawValue) }
        if let mask = options.supportedOrientations { values[VardictKey.supportedOrientations] = Variant(strings: mask.names) }
        if let mask = options.sceneDelegateOrientations {
            values[VardictKey.sceneDelegateOrientations] = Variant(strings: mask.names)
        }
        if let mask = options.appDelegateOrientations { values[VardictKey.appDelegateOrientations] = Variant(strings: mask.names) }
        if let size = options.size {
            values[VardictKey.width] = Variant(uint32: size.width)
            values[VardictKey.height] = Variant(uint32: size.height)
        }
        if let display = options.display { values[VardictKey.display] = Variant(string: display) }
        if options.detached { values[VardictKey.detached] = Variant(bool: true) }
        do throws(DBusError) {
            let (reply, sender) = try connection.callReturningSender(
                destination: Self.busName, path: Self.managerPath, interface: Self.managerInterface,
                method: ManagerMethod.registerScene.rawValue, parameters: Variant(tuple: [Variant(vardict: values)]), replyType: "(o)",
                timeoutMilliseconds: timeoutMilliseconds)
            return (reply, sender)
        } catch {
            throw OrientationClientError(error)
        }
    }

    /// A handle on an existing scene, such as a detached one registered by a script or
    /// another app's. Makes no call: a wrong path fails at the first use (`unknownObject`).
    public func scene(at path: String) throws(OrientationClientError) -> OrientationScene {
        // The full path: the scene's signals come from it (the short …/scene/<n> reaches the
        // scene for calls only, so a handle on it would never hear a change).
        let scenes = ScenePath.prefix
        guard Variant.isValidObjectPath(path), path.hasPrefix(scenes),
              path.dropFirst(scenes.count).split(separator: "/", omittingEmptySubsequences: false).count == 2 else {
            throw OrientationClientError(.invalidArgs, "'\(path)' is not a scene's path; expected \(scenes)<owner>/<n>, as RegisterScene and GetManagedObjects give it")
        }
        // The scene this client registered, if it is that one: the same record, so the
        // handle follows it across restarts.
        let record = router.tracked(at: path) ?? SceneRecord(id: router.nextID(), path: path, owner: nil, mirror: nil)
        return OrientationScene(client: self, record: record)
    }

    /// A handle on scene `number` through its short path (`ScenePath.short`), for a tool
    /// that names scenes by number: it makes calls and reads, but hears no changes (signals
    /// carry the full path; use `scene(at:)` with it for those). Makes no call.
    public func scene(number: UInt64) -> OrientationScene {
        OrientationScene(client: self, record: SceneRecord(id: router.nextID(), path: ScenePath.short(number), owner: nil, mirror: nil))
    }

    // MARK: The device

    /// The device orientation orientd currently uses (`DeviceOrientation`).
    public func deviceOrientation() throws(OrientationClientError) -> DeviceOrientation {
        let value = try property(Self.managerPath, Self.managerInterface, ManagerProperty.deviceOrientation.rawValue)
        guard let name = value.string, let orientation = DeviceOrientation(rawValue: name) else {
            throw OrientationClientError.unexpectedReply(ManagerProperty.deviceOrientation.rawValue, value)
        }
        return orientation
    }

    /// Reports a device orientation as if the sensor had (`SetDeviceOrientation`): for
    /// manual rigs, scripts, demos and tests. Scenes follow it after the settle time; a
    /// later sensor reading replaces it.
    public func setDeviceOrientation(_ orientation: DeviceOrientation) throws(OrientationClientError) {
        try callManager(.setDeviceOrientation, [Variant(string: orientation.rawValue)])
    }

    /// The device orientations orientd announces from now on (`DeviceOrientationChanged`,
    /// after the settle time), each once, in order. The stream ends when the client closes.
    public func deviceOrientationChanges() throws(OrientationClientError) -> AsyncStream<DeviceOrientation> {
        try stream(of: .device) { event in
            guard case .signal(let signal) = event, signal.parameters.childCount == 1 else { return nil }
            return signal.argument(0).string.flatMap(DeviceOrientation.init(rawValue:))
        }
    }
}
