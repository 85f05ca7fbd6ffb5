import GLibBridge
import OrientationCore

/// What is let in, and in which order: one path for every call (the manager's, a scene's
/// through its object or a subtree, the ObjectManager's, a scene's property reads).
///
/// Before the call runs (`runsAtOnce`, else `admit`):
/// 1. identification: who is behind the connection (`Callers/`); its calls wait while it is
///    looked up (at most `CallerDirectory.waitingPerConnection`), and are refused when it
///    cannot be found out;
/// 2. the call queue: an expensive call, or any call of a connection with calls waiting, waits
///    its turn (`CallQueue`, at most `pendingPerConnection` per connection, per app for a
///    sandboxed app).
///
/// When it runs (`check`):
/// 3. the call bounds: arrays and bytes (`CallBounds`);
/// 4. the scene, for a scene call: it exists, and a sandboxed app's call is to its own scene;
/// 5. the access class: an administrator method, for a sandboxed app, only when the
///    administrator trusts it.
final class Admission {
    let callers: CallerDirectory
    let queue: CallQueue
    private let memory: MemoryRelease

    init(connection: BusConnection, loop: MainLoop, limits: Limits, log: Log, memory: MemoryRelease, queued: [MethodID]) {
        callers = CallerDirectory(connection: connection, loop: loop, limits: limits, log: log)
        queue = CallQueue(loop: loop, connection: connection, expensive: queued)
        self.memory = memory
    }

    /// Steps 1 and 2 pass at once: the caller is known, nothing waits and the call is cheap
    /// (the common case, checked before a closure for `admit` is even made).
    func runsAtOnce(_ call: MethodInvocation) -> Bool {
        callers.identity(of: call.sender) != nil && queue.runsAtOnce(call)
    }

    /// Runs `run` once steps 1 and 2 let `call` in (or answers it with their refusal).
    func admit(_ call: MethodInvocation, _ run: @escaping () -> Void) {
        callers.whenIdentified(call) { [unowned self] in
            if queue.runsAtOnce(call) { return run() }
            queue.admit(call, run)
        }
    }

    /// Steps 3 to 5 for `call`, which runs as `access` (nil: a property read) on `scene` (nil:
    /// a manager call; `scenePath`: found by its path). Returns the scene's id (0 for none).
    func check(_ call: MethodInvocation, access: MethodAccess?, scene: SceneTarget,
               manager: OrientationManager) throws(OrientationError) -> SceneID {
        if access != nil { try checkBounds(call) }
        var id: SceneID = 0
        switch scene {
        case .none: break
        case .known(let known): id = known
        case .byPath: id = try manager.sceneID(atPath: call.objectPath, caller: call.sender)
        }
        if scene != .none { try manager.checkSceneAccess(id, caller: call.sender) }
        if let access { try manager.authorize(access, method: call.methodName, caller: call.sender) }
        return id
    }

    /// A connection left the bus: its waiting calls are dropped and its identity forgotten.
    func forget(_ name: String) {
        queue.drop(name)
        callers.forget(name)
    }

    /// Refuses `call` when it is past a bound. GDBus has already parsed the whole message
    /// (an array of 4,000,000 names costs ~1 GB as GVariant nodes before orientd sees it), so
    /// a refusal also asks for that memory to be given back once GDBus frees it.
    private func checkBounds(_ call: MethodInvocation) throws(OrientationError) {
        guard let refusal = CallBounds.refusal(call.parameters, method: call.methodName) else { return }
        memory.released(MemoryRelease.threshold)
        throw refusal
    }
}

/// The scene a call is for.
enum SceneTarget: Equatable {
    /// A manager call.
    case none
    /// A call to scene's own object.
    case known(SceneID)
    /// A call through a subtree: the scene its path names.
    case byPath
}
