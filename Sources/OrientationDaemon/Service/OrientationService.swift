import GLibBridge
import OrientationCore
import OrientationWire

/// The OrientationManager on the bus: a router between the bus, the core and the parts it
/// owns. It decodes calls (admitted by the call queue), runs them through the core and carries
/// the core's events out: signals, and what the parts must do (the panel to the output
/// backend, the sensor claim to the sensor backend). The adapters' reports come back as core
/// commands. Everything runs on the thread of the GLib main loop it was started on.
public final class OrientationService {
    let connection: BusConnection
    let loop: MainLoop
    let contract: ContractXML
    let options: ServiceOptions
    let log: Log
    /// The rules and the whole state they decide on.
    var manager: OrientationManager
    /// Persistence: the state folder's lock, the user's settings and the scene numbers.
    let stateFolder: StateFolder
    let configurationFiles: ConfigurationFiles
    /// Admission: which method a call is (without comparing names), who is behind each
    /// connection that called (Callers/), and the queue the expensive calls wait in.
    let methods: ContractMethods
    let callers = CallerDirectory()
    let callQueue: CallQueue
    /// Each scene's own GDBus object (SceneObjects.swift), and the cached replies of the expensive reads.
    let sceneObjects = SceneObjects()
    let caches = ReplyCaches()
    /// Sends the core `.tick` when a pending reading has held for the settle time.
    let settleTimer: SettleTimer
    /// Trims the heap after large listings and after many scenes leave.
    let memory: MemoryRelease
    var ownership = NameOwnership()
    /// The adapters' parts: the sensor backend (Sensor/), the output backend (Output/) and the
    /// window tracker (Windows/), each driven by an `AdapterHost`.
    let sensorPart: SensorPart
    let outputPart: OutputPart
    let windowPart: WindowPart
    /// The status the process should exit with once the loop returns.
    public private(set) var exitStatus: Int32 = 0

    /// Why orientd cannot start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Takes the state folder's lock, reads the configuration files and the user's settings.
    /// - Throws: `StartError` when another orientd holds the state folder (without --replace).
    public init(connection: BusConnection, loop: MainLoop, options: ServiceOptions, contract: ContractXML,
                environment: [String: String] = ProcessEnvironment.current()) throws(StartError) {
        self.connection = connection
        self.loop = loop
        self.options = options
        self.contract = contract
        methods = ContractMethods(contract)
        callQueue = CallQueue(loop: loop, connection: connection, expensive: methods.expensive)
        log = Log(verbose: options.verbose)
        for method in methods.unmarked {
            log.warning("the interface XML does not mark \(method) \(ContractMethods.accessAnnotation)=app or administrator: it is taken as an administrator method")
        }
        memory = MemoryRelease(loop: loop)
        settleTimer = SettleTimer(loop: loop)
        configurationFiles = ConfigurationFiles(environment: environment)
        let configuration = configurationFiles.read(log: log, limits: options.limits)
        let opened = try StateFolder.open(options: options, log: log)
        stateFolder = opened.folder
        manager = OrientationManager(user: opened.user, configuration: configuration, limits: options.limits,
                                     natural: options.naturalOrientation)
        manager.continueSceneNumbers(after: opened.lastSceneID)
        sensorPart = SensorPart(log: log)
        outputPart = OutputPart(loop: loop, log: log)
        windowPart = WindowPart(log: log, limits: options.limits)
        settleTimer.fire = { [unowned self] in self.performInternal(.tick) }
        outputPart.manager = { [unowned self] in self.manager }
        windowPart.manager = { [unowned self] in self.manager }
        sensorPart.perform = { [unowned self] in self.performInternal($0) }
        outputPart.perform = { [unowned self] in self.performInternal($0) }
        windowPart.perform = { [unowned self] command throws(OrientationError) in try self.perform(command, caller: "") }
        if !configuration.files.isEmpty {
            log.info("configuration: \(configuration.files.joined(separator: ", "))")
        }
    }

    /// Exports the objects, follows clients leaving the bus, then asks for the well-known name.
    public func start() throws {
        try connection.registerObject(
            path: BusNames.managerPath, interface: contract.manager,
            methodCall: { [unowned self] call in
                guard self.callers.identity(of: call.sender) != nil else {
                    return self.whenIdentified(call) { self.dispatchManagerCall(call) }
                }
                self.dispatchManagerCall(call)
            },
            getProperty: { [unowned self] in self.managerProperty($0) })
        try connection.registerObject(
            path: BusNames.managerPath, interface: contract.objectManager,
            methodCall: { [unowned self] call in
                self.whenIdentified(call) {
                    if self.callQueue.runsAtOnce(call) { return self.handleObjectManagerCall(call) }
                    self.callQueue.admit(call) { self.handleObjectManagerCall(call) }
                }
            })
        try registerScenesRoot()
        callQueue.holder = { [unowned self] in self.manager.quotaHolder(of: $0) }
        connection.subscribe(sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
                             member: "NameOwnerChanged", path: "/org/freedesktop/DBus") { [unowned self] signal in
            self.nameOwnerChanged(signal)
        }
        connection.onClosed { [unowned self] _ in
            self.log.error("the session bus connection closed; exiting so that the service manager can restart orientd")
            self.stop(status: 1)
        }
        // Queued (no DO_NOT_QUEUE): a client holding the name never keeps orientd out for good.
        var flags: NameOwnerFlags = [.allowReplacement]
        if options.replace { flags.insert(.replace) }
        connection.ownName(BusNames.wellKnownName, flags: flags,
                           acquired: { [unowned self] name in self.nameAcquired(name) },
                           lost: { [unowned self] name in
                               // A closed connection loses every name too: the onClosed handler
                               // reports that, with the non-zero status a service manager restarts on.
                               if self.connection.isClosed { return }
                               self.nameNotOwned(name)
                           })
        let adapters = AdapterContext(options: options, connection: connection, loop: loop, log: log,
                                      environment: ProcessEnvironment.current())
        sensorPart.start(adapters)
        outputPart.start(adapters)
        windowPart.start(adapters)
    }

    /// A manager call whose caller is known: at once, or through the CallQueue.
    func dispatchManagerCall(_ call: MethodInvocation) {
        if callQueue.runsAtOnce(call) { return handleManagerCall(call) }
        callQueue.admit(call) { self.handleManagerCall(call) }
    }

    /// Ends the main loop with `status`.
    public func stop(status: Int32) {
        callQueue.refuseAll(because: "orientd is exiting; the call did not run")
        exitStatus = status
        windowPart.stop()
        outputPart.stop()
        sensorPart.stop()
        loop.quit()
    }

    /// Runs a command through the core, emits its events and re-arms the settle timer. A
    /// command that changes the user's settings is run on a copy, saved, and only then made
    /// current: when the save fails the call fails with `SaveFailed` and nothing changed.
    /// Any other command's first events go out while the core still works, as far as they
    /// need nothing of the manager (`emitAhead`): a device turn's `OrientationChanged`
    /// signals leave as each scene is decided.
    @discardableResult
    func perform(_ command: Command, caller: String) throws(OrientationError) -> Reply {
        let outcome: Outcome
        var sent = 0
        if command.changesUserSettings {
            var next = manager
            outcome = try next.apply(command, caller: caller, at: currentMoment())
            if outcome.events.contains(.settingsChanged) { try stateFolder.save(next.user) }
            manager = next
        } else {
            outcome = try manager.apply(command, caller: caller, at: currentMoment()) { [unowned self] events in
                sent = self.emitAhead(events, from: sent)
            }
            if outcome.events.contains(.settingsChanged) {
                do { try stateFolder.save(manager.user) } catch { log.warning("\(error.message)") }
            }
        }
        let scenesGone = outcome.events.scenesGone
        if scenesGone > 0 { memory.released(scenesGone) }
        caches.invalidate(after: command, events: outcome.events)
        emit(outcome.events[sent...])
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

    func nameOwnerChanged(_ signal: ReceivedSignal) {
        guard let name = signal.argument(0).string, name.hasPrefix(":"), signal.argument(2).string == "" else { return }
        callQueue.drop(name)
        forgetCaller(name)
        defer { namespaceCreatorLeft(name) }
        guard manager.hasScenes(registeredBy: name) || manager.knowsCaller(name) else { return }
        log.debug("\(name) left the bus")
        performInternal(.clientVanished(name))
    }
}

extension [Event] {
    /// How many fewer scenes there are after these events (0 when there are as many or more).
    var scenesGone: Int {
        var count = 0
        for event in self {
            switch event {
            case .sceneRemoved: count += 1
            case .sceneAdded: count -= 1
            default: break
            }
        }
        return Swift.max(count, 0)
    }
}
