import GLibBridge
import OrientationCore
import OrientationWire

/// The router's paths: every call through admission to its row, the parts' callbacks, and
/// the bus's news of names.
extension OrientationService {
    /// Connects the parts' callbacks to the router (once, from `init`).
    func wireParts() {
        context.settleTimer.fire = { [unowned self] in self.performInternal(.tick) }
        face.scenes.call = { [unowned self] call, scene in self.route(call, scene) }
        admission.queue.holder = { [unowned self] in self.manager.quotaHolder(of: $0) }
        admission.callers.identifiedSandboxed = { [unowned self] sender, identity in
            guard case .sandboxed(let appId, let kind) = identity else { return }
            let administers = self.manager.mayAdminister(appId) != nil ? " and, as the configuration allows, the administrator methods" : ""
            self.log.info("\(sender) is the \(kind.displayName) app \(appId): it may use only its own scenes\(administers)")
            self.performInternal(.callerIdentified(sender, identity))
        }
        name.stop = { [unowned self] status in self.stop(status: status) }
        outputPart.manager = { [unowned self] in self.manager }
        windowPart.manager = { [unowned self] in self.manager }
        sensorPart.perform = { [unowned self] in self.performInternal($0) }
        outputPart.perform = { [unowned self] in self.performInternal($0) }
        windowPart.perform = { [unowned self] command throws(OrientationError) in try self.perform(command, caller: "") }
    }

    /// A call to the manager (`scene` `.none`) or to a scene path: once serving, admitted
    /// (identification, the call queue), then run. The manager's property reads are answered
    /// at once, unadmitted, as GDBus's own property handling did.
    func route(_ call: MethodInvocation, _ scene: SceneTarget) {
        if let gate = startupGate, !gate.isOpen { return gate.hold(call) { self.route(call, scene) } }
        // GDBus hands a method of the interface with its description, a property read without.
        if scene == .none, call.method == .none { return face.answerManagerProperties(call, manager) }
        if admission.runsAtOnce(call) { return run(call, scene) }
        admission.admit(call) { self.run(call, scene) }
    }

    /// Runs `body` for `call` once serving: at once, or when the parts' first answers are in
    /// (StartupGate).
    func whenServing(_ call: MethodInvocation, _ body: @escaping () -> Void) {
        guard let gate = startupGate else { return body() }
        gate.hold(call, body)
    }

    /// An admitted call: the rest of admission (bounds, the scene, the access class), then its row.
    private func run(_ call: MethodInvocation, _ scene: SceneTarget) {
        do throws(OrientationError) {
            // A scene's property reads come as calls too, so that they are admitted like its methods.
            if scene != .none, call.method == .none || call.interfaceName == BusNames.propertiesInterface {
                let id = try admission.check(call, access: nil, scene: scene, manager: manager)
                return try face.answerSceneProperties(call, id, manager)
            }
            guard let entry = face.table.entry(of: call) else {
                let interface = scene == .none ? BusNames.managerInterface : BusNames.sceneInterface
                return call.returnError(name: DBusError.unknownMethod, message: "No method \(call.methodName) on \(interface)")
            }
            let id = try admission.check(call, access: entry.access, scene: scene, manager: manager)
            let methodCall = MethodCall(call, scene: id, context: self)
            switch entry.row.action {
            case .command(let decode, let shape):
                let reply = try perform(try decode(methodCall), caller: call.sender)
                face.reply(call, reply, as: shape, manager)
            case .direct(let answer):
                call.returnValue(try answer(methodCall))
            }
        } catch {
            call.returnError(name: error.name, message: error.message)
        }
    }

    /// `GetManagedObjects`, once admitted.
    func answerObjectManager(_ call: MethodInvocation) {
        face.answerObjectManager(call, manager)
        context.memory.released(manager.scenes.count)
    }

    /// Reads every configuration file again and applies the result at once (Reload, SIGHUP).
    public func reloadConfiguration(because why: String) {
        log.info("reloading the configuration (\(why))")
        let configuration = persistence.configurationFiles.read(log: log, limits: options.limits)
        performInternal(.reloadConfiguration(configuration))
        let files = configuration.files.isEmpty ? "no configuration files" : configuration.files.joined(separator: ", ")
        log.info("configuration reloaded: \(files)")
    }

    /// The bus gave orientd the well-known name: serving, and taking the state folder over
    /// when the replaced instance still holds it.
    func nameAcquired(_ busName: String) {
        let stateFolder = persistence.stateFolder
        if stateFolder.waitsForLock {
            stateFolder.startTakingOver(loop: loop) { [unowned self] user, lastSceneID in
                self.manager.continueSceneNumbers(after: lastSceneID)
                self.performInternal(.adoptUserSettings(user))
            }
        }
        name.acquired(busName, serving: "interfaces from \(self.face.contract.directory), settings in \(stateFolder.store.path)")
        // What start-up parsed (the contract, configuration, state) and freed goes back to the
        // system rather than staying as dirty heap pages for the life of the service.
        MemoryRelease.trim()
    }

    /// A connection left the bus: its calls, identity, scenes and namespace go.
    func nameOwnerChanged(_ name: String, newOwner: String) {
        guard name.hasPrefix(":"), newOwner.isEmpty else { return }
        admission.forget(name)
        defer { face.scenes.namespaceCreatorLeft(name) }
        guard manager.hasScenes(registeredBy: name) || manager.knowsCaller(name) else { return }
        log.debug("\(name) left the bus")
        performInternal(.clientVanished(name))
    }
}

/// What the method rows may reach of the service (Methods/MethodContext.swift).
extension OrientationService: MethodContext {
    func declared(_ registration: SceneRegistration) -> SceneRegistration { face.declared(registration) }

    func controllersReply(of id: SceneID) throws(OrientationError) -> Variant {
        try face.caches.controllers(of: id, in: manager)
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

extension Event {
    /// Whether the event says the app in front changed (`FrontApp`): the log says so.
    var changesFrontApp: Bool {
        if case .managerPropertiesChanged(let properties) = self { return properties.contains(.frontApp) }
        return false
    }
}
