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
    /// Trims the heap after large listings and after many scenes leave.
    let memory: MemoryRelease
    /// Each scene's own GDBus object (SceneObjects.swift).
    let sceneObjects = SceneObjects()
    /// The status the process should exit with once the loop returns.
    public private(set) var exitStatus: Int32 = 0

    public init(connection: BusConnection, loop: MainLoop, options: ServiceOptions, contract: ContractXML) {
        self.connection = connection
        self.loop = loop
        self.options = options
        self.contract = contract
        log = Log(verbose: options.verbose)
        memory = MemoryRelease(loop: loop)
        store = SettingsStore(directory: options.stateDirectory)
        manager = OrientationManager(settings: store.load(log: log, limits: options.limits), limits: options.limits)
    }

    /// Exports the objects, follows clients leaving the bus, then asks for the well-known name.
    public func start() throws {
        try connection.registerObject(
            path: BusNames.managerPath, interface: contract.manager,
            methodCall: { [unowned self] in self.handleManagerCall($0) },
            getProperty: { [unowned self] in self.managerProperty($0) })
        try connection.registerObject(
            path: BusNames.managerPath, interface: contract.objectManager,
            methodCall: { [unowned self] in self.handleObjectManagerCall($0) })
        try connection.registerSubtree(
            path: BusNames.scenesPath, interface: contract.scene,
            enumerate: { [unowned self] in self.manager.scenes.keys.sorted().map(String.init) },
            methodCall: { [unowned self] in self.handleSceneCall($0) })
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
                                   self.log.info("\(name) was taken over by another instance; exiting")
                                   self.stop(status: 0)
                               } else {
                                   self.log.error("\(name) is owned by another process; run with --replace to take it over")
                                   self.stop(status: 1)
                               }
                           })
        startSensor()
    }

    /// Ends the main loop with `status`.
    public func stop(status: Int32) {
        exitStatus = status
        loop.quit()
    }

    /// Runs a command through the core, emits its events and re-arms the settle timer.
    @discardableResult
    func perform(_ command: Command, caller: String) throws(OrientationError) -> Reply {
        let scenesBefore = manager.scenes.count
        let outcome = try manager.apply(command, caller: caller, at: currentMoment())
        if manager.scenes.count < scenesBefore { memory.released(scenesBefore - manager.scenes.count) }
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
        guard let name = signal.argument(0).string, name.hasPrefix(":"),
              signal.argument(2).string == "", manager.hasScenes(registeredBy: name) else { return }
        log.debug("\(name) left the bus")
        performInternal(.clientVanished(name))
    }
}
