import GLibBridge
import Glibc
import OrientationWire

extension VerbTable {
    /// `monitor`: subscribes to orientd's signals and prints them until SIGINT or SIGTERM.
    static func monitor(_ inv: Invocation) throws(CommandError) {
        let client = try inv.client()
        let loop = MainLoop()
        let printer = MonitorPrinter(inv)
        printer.subscribe(client.connection)
        do throws(DBusError) {
            try client.connection.syncWithBus()
        } catch {
            throw CommandError.call(inv.verb.name, error)
        }
        printer.learnScenes(client)
        for signal in [SIGINT, SIGTERM] { loop.addSignalHandler(signal) { loop.quit() } }
        // The reader of a pipe went away (`orientctl monitor | head -1`): end quietly with
        // status 0, even while no event comes to write.
        if inv.watchesOutput { loop.addHangUpWatch(descriptor: 1) { loop.quit() } }
        // The bus went away: end with status 1, so that a script notices.
        var lost = false
        client.connection.onClosed { _ in
            lost = true
            loop.quit()
        }
        inv.note("Monitoring orientd on the session bus; press Ctrl+C to stop.")
        // The subscriptions hold the printer unowned: keep it (and the connection) alive while the loop runs.
        withExtendedLifetime((printer, client)) { loop.run() }
        if lost {
            throw .failed(verb: inv.verb.name, DBusError(name: "org.freedesktop.DBus.Error.Disconnected",
                                                         message: "the session bus connection closed"))
        }
    }
}

/// Turns orientd's signals into `MonitorEvent`s and prints them; remembers each scene's
/// app-id so that every line can name it. Used on the main loop's thread only.
final class MonitorPrinter {
    private let inv: Invocation
    private var appIds: [String: String] = [:]
    /// Whether orientd was running at the last name-owner report (nil: not known yet).
    private var running: Bool?

    init(_ inv: Invocation) { self.inv = inv }

    func print(_ event: MonitorEvent) {
        let now = TimeFormat.nowMicroseconds()
        if inv.wantsJSON {
            inv.console.print(event.json(at: now).serialized(pretty: false))
        } else {
            inv.console.print(event.line(at: now, style: inv.style))
        }
    }

    func subscribe(_ connection: BusConnection) {
        let name = BusNames.wellKnownName, manager = BusNames.managerPath
        connection.subscribe(sender: name, interface: BusNames.managerInterface, member: "DeviceOrientationChanged",
                             path: manager) { [unowned self] signal in
            self.print(.device(orientation: signal.argument(0).string ?? ""))
        }
        connection.subscribe(sender: name, interface: BusNames.managerInterface, member: "RotationSuggested",
                             path: manager) { [unowned self] signal in
            let path = signal.argument(0).string ?? ""
            self.print(.rotationSuggested(scene: path, appId: self.appIds[path] ?? "", orientation: signal.argument(1).string ?? ""))
        }
        connection.subscribe(sender: name, interface: BusNames.sceneInterface, member: "OrientationChanged") { [unowned self] signal in
            self.print(.orientationChanged(scene: signal.path, appId: self.appIds[signal.path] ?? "",
                                           previous: signal.argument(0).string ?? "", current: signal.argument(1).string ?? "",
                                           reason: signal.argument(2).string ?? ""))
        }
        connection.subscribe(sender: name, interface: BusNames.objectManagerInterface, member: "InterfacesAdded",
                             path: manager) { [unowned self] signal in
            let path = signal.argument(0).string ?? ""
            let properties = signal.argument(1).stringDictionary?[BusNames.sceneInterface]?.vardict ?? [:]
            let scene = SceneState(path: path, properties: properties)
            self.appIds[path] = scene.appId
            self.print(.sceneAdded(scene: path, appId: scene.appId, idiom: scene.idiom, orientation: scene.orientation))
        }
        connection.subscribe(sender: name, interface: BusNames.objectManagerInterface, member: "InterfacesRemoved",
                             path: manager) { [unowned self] signal in
            let path = signal.argument(0).string ?? ""
            self.print(.sceneRemoved(scene: path, appId: self.appIds.removeValue(forKey: path) ?? ""))
        }
        connection.subscribe(sender: name, interface: BusNames.propertiesInterface, member: "PropertiesChanged",
                             path: manager, arg0: BusNames.managerInterface) { [unowned self] signal in
            let changed = signal.argument(1).vardict ?? [:]
            for (property, value) in VariantFormatting.ordered(changed, order: PropertyNames.manager)
            where property != "DeviceOrientation" {
                self.print(.setting(name: property, text: VariantFormatting.text(value), value: VariantFormatting.json(value)))
            }
        }
        connection.watchName(name, appeared: { [unowned self] _, owner in
            if self.running == false { self.print(.service(running: true, owner: owner)) }
            self.running = true
        }, vanished: { [unowned self] _ in
            if self.running == true {
                self.print(.service(running: false, owner: ""))
                self.appIds.removeAll()
            } else if self.running == nil {
                self.inv.note("orientd is not running; waiting for it to start.")
            }
            self.running = false
        })
    }

    /// Reads the current scenes' app-ids (which may start orientd through D-Bus activation).
    func learnScenes(_ client: OrientdClient) {
        guard let scenes = try? client.scenes() else { return }
        for scene in scenes { appIds[scene.path] = scene.appId }
    }
}
