import GLibBridge
import OrientationCore
import OrientationWire

/// The OrientationManager on the bus: a router between the parts it owns and the core. Each
/// call is admitted (`Admission`), run through its row of the method table (`BusFace`), and
/// `perform` runs the command through the core and hands each event to the part it is for:
/// signals to the bus face, the panel to the output backend, the claim to the sensor backend,
/// the settle time to its timer. The adapters' reports come back as core commands.
/// Everything runs on the thread of the GLib main loop it was started on.
public final class OrientationService {
    let context: ServiceContext
    /// The rules and the whole state they decide on.
    var manager: OrientationManager
    /// Admission/: who is behind each connection, the call bounds, the call queue.
    let admission: Admission
    /// Methods/: the method table, the scene objects, the signals, the cached replies.
    let face: BusFace
    /// Persistence/: the state folder and the configuration files.
    let persistence: Persistence
    /// Service/NameLoss.swift: the well-known name, and the status to exit with.
    let name: NameOwnership
    /// The adapters' parts: the sensor backend (Sensor/), the output backend (Output/) and the
    /// window tracker (Windows/), each driven by an `AdapterHost`.
    let sensorPart: SensorPart
    let outputPart: OutputPart
    let windowPart: WindowPart
    /// What `auto`'s probes found out, shared by the parts' hosts (ended at `stop`).
    private var probes: PeerProbes?
    /// Every `NameOwnerChanged` of the bus: clients leaving, and the parts' name watches.
    private var names: NameOwners?
    /// Holds the calls until the parts' first answers (Service/StartupGate.swift).
    var startupGate: StartupGate?
    /// Ends orientd when its program is removed (Service/UninstallWatch.swift).
    var uninstallWatch: UninstallWatch?
    /// Whether `stop` ran.
    private var stopped = false

    var connection: BusConnection { context.connection }
    var loop: MainLoop { context.loop }
    var options: ServiceOptions { context.options }
    /// The service's log (its folded lines are said at exit: `flush()`).
    public var log: Log { context.log }
    /// The status the process should exit with once the loop returns.
    public var exitStatus: Int32 { name.exitStatus }

    /// Why orientd cannot start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Takes the state folder's lock, reads the configuration files and the user's settings.
    /// - Throws: `StartError` when another orientd holds the state folder (without --replace).
    public convenience init(connection: BusConnection, loop: MainLoop, options: ServiceOptions, contract: ContractXML,
                            environment: [String: String] = ProcessEnvironment.current()) throws(StartError) {
        try self.init(connection: connection, loop: loop, options: options, contract: contract, environment: environment,
                      compositors: .builtIn)
    }

    /// The same, choosing the output backend and window tracker among `compositors`' entries.
    init(connection: BusConnection, loop: MainLoop, options: ServiceOptions, contract: ContractXML,
         environment: [String: String], compositors: CompositorFamilies) throws(StartError) {
        let log = Log(verbose: options.verbose)
        context = ServiceContext(connection: connection, loop: loop, options: options, log: log, environment: environment,
                                 settleTimer: SettleTimer(loop: loop), memory: MemoryRelease(loop: loop))
        face = BusFace(connection: connection, contract: contract, options: options, log: log)
        admission = Admission(connection: connection, loop: loop, limits: options.limits, log: log,
                              memory: context.memory, queued: face.table.queued)
        name = NameOwnership(connection: connection, log: log)
        let configurationFiles = ConfigurationFiles(environment: environment)
        let configuration = configurationFiles.read(log: log, limits: options.limits)
        let opened = try StateFolder.open(options: options, log: log)
        persistence = Persistence(stateFolder: opened.folder, configurationFiles: configurationFiles)
        manager = OrientationManager(user: opened.user, configuration: configuration, limits: options.limits,
                                     natural: options.naturalOrientation, screenClass: options.screenClass)
        manager.continueSceneNumbers(after: opened.lastSceneID)
        sensorPart = SensorPart(log: log)
        outputPart = OutputPart(family: compositors.output, loop: loop, log: log)
        windowPart = WindowPart(family: compositors.windows, log: log, limits: options.limits)
        if !configuration.files.isEmpty {
            log.info("configuration: \(configuration.files.joined(separator: ", "))")
        }
        wireParts()
    }

    /// Exports the objects, follows clients leaving the bus, then asks for the well-known name.
    public func start() throws {
        // The program's path read before the name is asked for: the bus gives the name at once,
        // and a client that sees it may remove the program while the parts start; read after
        // that, the path is "(deleted)" and nothing would watch for the removal.
        let program = UninstallWatch.executablePath()
        // The manager's property reads come as calls (no GDBus property handler), so that they
        // too wait for the parts' first answers.
        try connection.registerObject(
            path: BusNames.managerPath, interface: face.contract.manager,
            methodCall: { [unowned self] call in self.route(call, .none) }, getProperty: nil)
        try connection.registerObject(
            path: BusNames.managerPath, interface: face.contract.objectManager,
            methodCall: { [unowned self] call in
                self.whenServing(call) { self.admission.admit(call) { self.answerObjectManager(call) } }
            })
        try face.scenes.registerScenesRoot()
        // One subscription to every NameOwnerChanged, for the clients leaving and for the
        // parts' name watches (one match rule, one GetNameOwner per name watched).
        let names = NameOwners(connection: connection)
        names.onEveryChange { [unowned self] name, _, newOwner in self.nameOwnerChanged(name, newOwner: newOwner) }
        self.names = names
        connection.onClosed { [unowned self] _ in
            self.log.error("the session bus connection closed; exiting so that the service manager can restart orientd")
            self.stop(status: 1)
        }
        // The name at once, its calls held until the parts have their first answers
        // (StartupGate), so that the call that activated orientd reads a true state. Queued (no
        // DO_NOT_QUEUE): a client holding the name never keeps orientd out for good.
        var flags: NameOwnerFlags = [.allowReplacement]
        if options.replace { flags.insert(.replace) }
        // What the parts may set up once the bus answered the request for the name (owned, or
        // queued behind another owner) and the first answers are in (Peers/AfterName.swift).
        let afterName = AfterName()
        let gate = StartupGate(loop: loop, log: log, timedOut: { [unowned self] waiting in
            if waiting.contains(.output) { self.outputPart.stillStarting() }
            if waiting.contains(.windows) { self.windowPart.stillStarting() }
        }, open: { [unowned self] in
            // Nobody could read the state before the calls run: its first changes are read
            // with the first call, not signalled (Methods/EventEmission.swift).
            self.face.signals.startSending()
            // What the parts' first walks parsed and freed goes back to the system.
            MemoryRelease.trim()
        })
        startupGate = gate
        connection.ownName(BusNames.wellKnownName, flags: flags,
                           acquired: { [unowned self] name in
                               self.nameAcquired(name)
                               gate.afterOpening(afterName.begin)
                           },
                           lost: { [unowned self] name in
                               gate.afterOpening(afterName.begin)
                               // A closed connection loses every name too: the onClosed handler
                               // reports that, with the non-zero status a service manager restarts on.
                               if self.connection.isClosed { return }
                               self.name.notOwned(name)
                           })
        sensorPart.answered = { gate.answered(.sensor, $0) }
        outputPart.answered = { gate.answered(.output) }
        windowPart.answered = { gate.answered(.windows) }
        let adapters = AdapterContext(options: options, connection: connection, loop: loop, log: log,
                                      environment: context.environment, names: names, afterName: afterName)
        probes = adapters.probes
        // `auto` whose first walk found no compositor has its answer too (its probes never
        // block the loop; a compositor that does not answer is given up on after their deadline).
        outputPart.host.whenSettled { [unowned self] in if self.outputPart.backend == nil { gate.answered(.output) } }
        windowPart.host.whenSettled { [unowned self] in if self.windowPart.tracker == nil { gate.answered(.windows) } }
        sensorPart.start(adapters)
        outputPart.start(adapters)
        windowPart.start(adapters)
        // The program's folder watched once the bus answered for the name and the calls run, as
        // the parts' folders are (a removal in between is seen then).
        afterName.later { [unowned self] in
            guard !self.stopped else { return }
            self.uninstallWatch = UninstallWatch(path: program) { [unowned self] path in
                self.log.info("\(path) was removed (orientd uninstalled): exiting as on SIGTERM, handing the panel and the Auto Rotate switch back")
                self.stop(status: 0)
            }
        }
    }

    /// Ends the main loop with `status`.
    public func stop(status: Int32) {
        stopped = true
        startupGate?.refuseHeld(because: "orientd is exiting; the call did not run")
        admission.queue.refuseAll(because: "orientd is exiting; the call did not run")
        name.exitStatus = status
        uninstallWatch?.cancel()
        windowPart.stop()
        outputPart.stop()
        sensorPart.stop()
        probes?.stop()
        loop.quit()
    }

    /// Runs a command through the core and hands its events on. A command that changes the
    /// user's settings is run on a copy, saved, and only then made current: when the save
    /// fails the call fails with `SaveFailed` and nothing changed. Any other command's first
    /// events go out while the core still works, as far as they need nothing of the manager
    /// (`emitAhead`): a device turn's `OrientationChanged` signals leave as each scene is decided.
    @discardableResult
    func perform(_ command: Command, caller: String) throws(OrientationError) -> Reply {
        let outcome: Outcome
        var sent = 0
        let stateFolder = persistence.stateFolder
        if case .registerScene = command,
           let jump = stateFolder.sceneNumbers.prepare(next: manager.lastSceneID + 1, log: log) {
            manager.continueSceneNumbers(after: jump)
        }
        if command.changesUserSettings {
            var next = manager
            outcome = try next.apply(command, caller: caller, at: currentMoment())
            if outcome.events.contains(.settingsChanged) { try stateFolder.save(next.user) }
            manager = next
        } else {
            outcome = try manager.apply(command, caller: caller, at: currentMoment()) { [unowned self] events in
                sent = self.face.signals.emitAhead(events, from: sent)
            }
            if outcome.events.contains(.settingsChanged) {
                do { try stateFolder.save(manager.user) } catch { log.warning("\(error.message)") }
            }
        }
        if outcome.events.contains(where: \.changesFrontApp) { log.info(manager.frontAppLine) }
        let scenesGone = outcome.events.scenesGone
        if scenesGone > 0 { context.memory.released(scenesGone) }
        face.caches.invalidate(after: command, events: outcome.events)
        face.signals.emit(outcome.events[sent...], manager)
        for event in outcome.events[sent...] {
            switch event {
            case .applyOutput(let row): outputPart.apply(row)
            case .sensorWanted(let wanted): sensorPart.claim(wanted)
            case .holdCompositorRotation(let held): outputPart.holdCompositorRotation(held)
            case .managerPropertiesChanged(let properties) where properties.contains(.rotationLocked):
                outputPart.rotationLockChanged(manager.settings.rotationLocked)
            case .tickDue(let deadline): context.settleTimer.schedule(deadline)
            default: break
            }
        }
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
}
