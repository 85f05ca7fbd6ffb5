import GLibBridge
import OrientationCore

/// The OrientationManager on the bus: it owns every GDBus object, decodes calls, runs them
/// through the core and emits the core's events. Everything runs on the thread of the GLib
/// main loop it was started on.
public final class OrientationService {
    let connection: BusConnection
    let loop: MainLoop
    let contract: ContractXML
    let options: ServiceOptions
    let log: Log
    let store: SettingsStore
    var manager: OrientationManager
    var settleTimer: SourceHandle?
    var scheduledDeadline: Int64?
    var ownsName = false
    var sensor: SensorWatcher?
    let caches = ReplyCaches()
    let callQueue: CallQueue
    var sceneNumbers: SceneNumbers
    /// The status the process should exit with once the loop returns.
    public private(set) var exitStatus: Int32 = 0

    public init(connection: BusConnection, loop: MainLoop, options: ServiceOptions, contract: ContractXML) {
        self.connection = connection
        self.loop = loop
        self.options = options
        self.contract = contract
        callQueue = CallQueue(loop: loop, connection: connection)
        log = Log(verbose: options.verbose)
        store = SettingsStore(directory: options.stateDirectory)
        sceneNumbers = SceneNumbers(directory: options.stateDirectory)
        let lastSceneID = sceneNumbers.load(log: log)
        manager = OrientationManager(settings: store.load(log: log, limits: options.limits), limits: options.limits,
                                     lastSceneID: lastSceneID)
    }

    /// Exports the objects, follows clients leaving the bus, then asks for the well-known name.
    public func start() throws {
        try connection.registerObject(
            path: BusNames.managerPath, interface: contract.manager,
            methodCall: { [unowned self] call in self.callQueue.admit(call) { self.handleManagerCall(call) } },
            getProperty: { [unowned self] in self.managerProperty($0) })
        try connection.registerObject(
            path: BusNames.managerPath, interface: contract.objectManager,
            methodCall: { [unowned self] call in self.callQueue.admit(call) { self.handleObjectManagerCall(call) } })
        try connection.registerSubtree(
            path: BusNames.scenesPath, interface: contract.scene,
            enumerate: { [unowned self] in self.manager.scenes.keys.sorted().map(String.init) },
            methodCall: { [unowned self] call in self.callQueue.admit(call) { self.handleSceneCall(call) } })
        connection.subscribe(sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
                             member: "NameOwnerChanged", path: "/org/freedesktop/DBus") { [unowned self] signal in
            self.nameOwnerChanged(signal)
        }
        connection.onClosed { [unowned self] _ in
            self.log.error("the session bus connection closed; exiting so that the service manager can restart orientd")
            self.stop(status: 1)
        }
        var flags: NameOwnerFlags = [.allowReplacement, .doNotQueue]
        if options.replace { flags.insert(.replace) }
        connection.ownName(BusNames.wellKnownName, flags: flags,
                           acquired: { [unowned self] name in
                               self.ownsName = true
                               self.log.info("serving \(name) on \(self.connection.uniqueName) (interfaces from \(self.contract.directory), settings in \(self.store.path))")
                           },
                           lost: { [unowned self] name in
                               // A closed connection loses every name too: the onClosed handler
                               // reports that, with the non-zero status a service manager restarts on.
                               if self.connection.isClosed { return }
                               if self.ownsName {
                                   self.nameTakenOver(name)
                               } else {
                                   self.log.error("\(name) is owned by another process; run with --replace to take it over")
                                   self.stop(status: 1)
                               }
                           })
        startSensor()
    }

    /// Ends the main loop with `status`.
    public func stop(status: Int32) {
        callQueue.refuseAll(because: "orientd is exiting; the call did not run")
        exitStatus = status
        loop.quit()
    }

    /// Runs a command through the core, emits its events and re-arms the settle timer.
    @discardableResult
    func perform(_ command: Command, caller: String) throws(OrientationError) -> Reply {
        let outcome = try manager.apply(command, caller: caller, at: currentMoment())
        caches.invalidate(after: command, events: outcome.events)
        emit(outcome.events)
        scheduleTick()
        sensor?.updateClaim()
        return outcome.reply
    }

    /// For commands that cannot fail (time, the sensor, clients leaving).
    func performInternal(_ command: Command) {
        do {
            try perform(command, caller: "")
        } catch {
            log.warning("internal command \(command) failed: \(error)")
        }
    }

    func scheduleTick() {
        let deadline = manager.nextDeadline
        guard deadline != scheduledDeadline else { return }
        settleTimer?.cancel()
        settleTimer = nil
        scheduledDeadline = deadline
        guard let deadline else { return }
        let delay = max(0, deadline - currentMoment().monotonic)
        settleTimer = loop.addTimeout(milliseconds: UInt32(min((delay + 999) / 1000, Int64(UInt32.max)))) { [unowned self] in
            self.settleTimer = nil
            self.scheduledDeadline = nil
            self.performInternal(.tick)
        }
    }

    func nameOwnerChanged(_ signal: ReceivedSignal) {
        guard let name = signal.argument(0).string, name.hasPrefix(":"), signal.argument(2).string == "" else { return }
        callQueue.drop(name)
        guard manager.hasScenes(registeredBy: name) else { return }
        log.debug("\(name) left the bus")
        performInternal(.clientVanished(name))
    }
}
