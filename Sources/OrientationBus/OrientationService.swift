import GLibBridge
import OrientationCore
import OrientationWire

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
    /// Whether orientd owned the well-known name at some point of this run.
    var servedBefore = false
    /// The backend following the device's sensor (ServiceSensor.swift), while there is one.
    var sensor: SensorBackend?
    /// Trims the heap after large listings and after many scenes leave.
    let memory: MemoryRelease
    /// Each scene's own GDBus object (SceneObjects.swift).
    let sceneObjects = SceneObjects()
    let caches = ReplyCaches()
    let callQueue: CallQueue
    /// Which method a call is, without comparing names.
    let methods: ContractMethods
    var sceneNumbers: SceneNumbers
    /// The compositor backend turning the panel (Output/), while there is one.
    var output: OutputBackend?
    /// Whether a backend's absence was logged (said once, then only after it was attached).
    var reportedDetached = false
    /// The panel's orientation the core decided last, not yet handed to the backend, and the
    /// idle source that hands it over (`applyOutput`).
    var pendingOutput: InterfaceOrientation?
    var outputHandover: SourceHandle?
    /// The window tracker following the compositor's app windows (Windows/), while there is one.
    var windowTracker: WindowTracker?
    /// Whether the tracker's absence was logged (said once, then only after it was attached).
    var reportedWindowsDetached = false
    /// The state folder's lock (nil while waiting for a replaced instance, or when the folder
    /// cannot hold one).
    var stateLock: StateLock?
    /// Why saving is refused (the settings file could not be read, or the state folder is not
    /// ours), or nil.
    var saveRefusal: String?
    /// Set with --replace while the replaced instance still holds the state folder.
    var waitsForStateLock = false
    /// Polls the state folder's lock while `waitsForStateLock` (StateFolderTakeover.swift).
    var stateLockPoll: SourceHandle?
    let configurationFiles: ConfigurationFiles
    /// Who is behind each connection that called (Callers/).
    let callers = CallerDirectory()
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
        store = SettingsStore(directory: options.stateDirectory)
        configurationFiles = ConfigurationFiles(environment: environment)
        let configuration = configurationFiles.read(log: log, limits: options.limits)
        var user = SettingLayer()
        switch StateLock.acquire(directory: options.stateDirectory) {
        case .acquired(let lock):
            stateLock = lock
            let loaded = Self.readState(store, log: log, limits: options.limits)
            user = loaded.user
            saveRefusal = loaded.refusal
        case .held(let pid):
            let holder = pid > 0 ? "process \(pid)" : "another process"
            guard options.replace else {
                throw StartError(description: "the state folder \(options.stateDirectory) is in use by \(holder) (another orientd?); stop it first, run with --replace to take over from it, or give another --state-dir")
            }
            // Serve the user's settings as they are on disk at once; save nothing until the
            // replaced instance let go of the folder (StateFolderTakeover.swift).
            log.info("the state folder \(options.stateDirectory) is in use by \(holder); taking over (--replace)")
            waitsForStateLock = true
            user = store.load(log: log, limits: options.limits).user
            saveRefusal = "the state folder \(options.stateDirectory) is still held by \(holder), the orientd being replaced; try again once it has ended"
        case .unavailable(let why):
            log.warning("\(why): serving without saving settings")
            saveRefusal = why
        }
        // Scene numbers are read under the state folder's lock (with --replace, read only until
        // the replaced instance let go of it: StateFolderTakeover.swift).
        var numbers = SceneNumbers(directory: options.stateDirectory)
        let lastSceneID = numbers.load(log: log, holdingLock: !waitsForStateLock)
        sceneNumbers = numbers
        manager = OrientationManager(user: user, configuration: configuration, limits: options.limits,
                                     natural: options.naturalOrientation)
        manager.continueSceneNumbers(after: lastSceneID)
        if !configuration.files.isEmpty {
            log.info("configuration: \(configuration.files.joined(separator: ", "))")
        }
    }

    /// Holding the state folder's lock: removes orientd's own interrupted write and reads the
    /// user's settings.
    static func readState(_ store: SettingsStore, log: Log, limits: Limits) -> SettingsStore.Loaded {
        store.removeInterruptedWrite(log: log)
        return store.load(log: log, limits: limits)
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
        startSensor()
        startOutput()
        startWindows()
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
        stopWindows()
        stopOutput()
        stopSensor()
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
        let scenesBefore = manager.scenes.count
        let outcome: Outcome
        var sent = 0
        if command.changesUserSettings {
            var next = manager
            outcome = try next.apply(command, caller: caller, at: currentMoment())
            if outcome.events.contains(.settingsChanged) { try persist(next.user) }
            manager = next
        } else {
            outcome = try manager.apply(command, caller: caller, at: currentMoment()) { [unowned self] events in
                sent = self.emitAhead(events, from: sent)
            }
            if outcome.events.contains(.settingsChanged) {
                do { try persist(manager.user) } catch { log.warning("\(error.message)") }
            }
        }
        if manager.scenes.count < scenesBefore { memory.released(scenesBefore - manager.scenes.count) }
        caches.invalidate(after: command, events: outcome.events)
        emit(outcome.events[sent...])
        scheduleTick()
        return outcome.reply
    }

    /// Saves the user's settings, or fails with `SaveFailed` naming the file and the reason.
    func persist(_ user: SettingLayer) throws(OrientationError) {
        if let refusal = saveRefusal {
            throw OrientationError(.saveFailed, "Not saved, so nothing was changed: \(refusal)")
        }
        do {
            try store.save(user)
        } catch {
            log.warning("could not save the settings to \(store.path): \(error)")
            throw OrientationError(.saveFailed, "Not saved to \(store.path), so nothing was changed: \(error)")
        }
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
        forgetCaller(name)
        defer { namespaceCreatorLeft(name) }
        guard manager.hasScenes(registeredBy: name) || manager.knowsCaller(name) else { return }
        log.debug("\(name) left the bus")
        performInternal(.clientVanished(name))
    }
}
