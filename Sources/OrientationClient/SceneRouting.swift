import OrientationWire
import GLibBridge
import OrientationCore
import Synchronization

/// One scene as the client knows it: where it is (path, and the orientd instance holding
/// it), and, for a scene this client registered, what the app told orientd about it.
///
/// Every `OrientationScene` handle has one. A scene the client registered is *tracked*: it
/// has a mirror, and the client registers it again when orientd restarts, changing its
/// path. A handle made by `scene(at:)` on someone else's scene is not tracked: its path is
/// fixed and it ends with the orientd instance that held it.
final class SceneRecord: Sendable {
    struct State: Sendable {
        var path: String
        /// The unique name of the orientd instance holding the scene at `path`; nil while
        /// a tracked scene waits for orientd to come back.
        var owner: String?
        /// What the app declared; nil for a scene not registered by this client, or one
        /// it unregistered (or lost).
        var mirror: SceneMirror?
        /// The last orientation the client saw the scene in (from its signals or a read).
        var lastOrientation: InterfaceOrientation?
        /// While the client rebuilds the scene, its own signals are folded into the one
        /// change it announces when done, not delivered one by one.
        var rebuilding = false
        /// `lastOrientation` when the rebuilding began: the `previous` of the change announced.
        var orientationBeforeRestart: InterfaceOrientation?
    }

    /// A number unique within the client: the key of the scene's listeners.
    let id: Int
    /// Serializes the app's changes to a tracked scene with its re-registration, so that the
    /// mirror records calls in the order orientd applied them.
    let gate = Mutex(())
    let state: Mutex<State>

    /// Whether this client registered the scene (fixed for the record's life: the
    /// identity of handles, see `OrientationScene.==`).
    let isRegisteredHere: Bool

    init(id: Int, path: String, owner: String?, mirror: SceneMirror?) {
        self.id = id
        isRegisteredHere = mirror != nil
        state = Mutex(State(path: path, owner: owner, mirror: mirror))
    }

    var path: String { state.withLock { $0.path } }
    var isTracked: Bool { state.withLock { $0.mirror != nil } }
}

/// The match rules that bring a client its scenes' signals, and only them. Apps in other
/// languages use the same rules (dbus/*.xml, docs/client-library.md).
///
/// A scene's path lies in the namespace of the connection that registered it
/// (`…/scene/<element>/<n>`, `SceneNamespace`), so one pair of rules on its own namespace,
/// added before its first registration, brings a client every scene it registers: the bus
/// checks each signal against one rule per app, not one per scene (1,000 scenes turning
/// over 50 apps: 1,000 × 1,000 rule checks with per-scene rules). A scene of another client
/// (a handle from `scene(at:)`) gets a pair of rules of its own.
///
/// The rules name no sender: dbus-daemon checks every rule of an interface
/// against every signal, and a `sender=` costs a name lookup each time (measured: 1,000
/// scenes over 50 apps, one device turn, 140 ms of the bus's CPU with it, 65 ms without).
/// It would protect nothing: a signal sent straight to the app passes no rule, so the
/// client checks the sender's unique name itself, on arrival.
enum SceneMatchRules {
    static let busName = OrientationClient.busName
    static let managerPath = OrientationClient.managerPath

    /// `OrientationChanged` of every scene in `namespace`.
    static func orientationChanged(namespace: String) -> String {
        "type='signal',interface='\(OrientationClient.sceneInterface)',member='\(SceneSignal.orientationChanged.rawValue)',path_namespace='\(namespace)'"
    }

    /// The removal of any scene in `namespace`.
    static func removed(namespace: String) -> String {
        "type='signal',interface='\(BusNames.objectManagerInterface)',member='\(StandardMember.interfacesRemoved)',"
            + "path='\(managerPath)',arg0path='\(namespace)/'"
    }

    /// The scene's `OrientationChanged`.
    static func orientationChanged(_ path: String) -> String {
        "type='signal',interface='\(OrientationClient.sceneInterface)',member='\(SceneSignal.orientationChanged.rawValue)',path='\(path)'"
    }

    /// The scene's removal: `InterfacesRemoved` on the manager whose first argument is the scene.
    static func removed(_ path: String) -> String {
        "type='signal',interface='\(BusNames.objectManagerInterface)',member='\(StandardMember.interfacesRemoved)',"
            + "path='\(managerPath)',arg0path='\(path)'"
    }

    /// `DeviceOrientationChanged`.
    static let deviceChanged = "type='signal',sender='\(busName)',interface='\(OrientationClient.managerInterface)',"
        + "member='\(ManagerSignal.deviceOrientationChanged.rawValue)',path='\(managerPath)'"
}

/// Which scenes' signals the client accepts, and from whom: for each scene path it listens
/// to, the orientd instance (unique name) that holds it and the records to hand them to.
/// Also the owner of orientd's name as the client last saw it.
final class SceneRouter: Sendable {
    private struct Route {
        /// The unique name whose signals about this path are accepted.
        let owner: String?
        /// The records listening: the tracked one (held while it lives) and untracked ones
        /// (held while they have listeners), with their hold counts.
        var holds: [Int: (record: SceneRecord, count: Int)] = [:]
    }

    private struct State {
        var currentOwner: String?
        /// Whether the loop has dispatched a `NameOwnerChanged` (then it knows better than
        /// the owner read at start-up).
        var sawOwnerChange = false
        /// The last owner of the name the client saw (nil only before the first).
        var lastOwner: String?
        /// Owners seen leaving: unique names are never reused, so a reply from one of them
        /// came from an instance that is gone.
        var retiredOwners: Set<String> = []
        var routes: [String: Route] = [:]
        /// The scenes this client registered and still keeps, by record id.
        var tracked: [Int: SceneRecord] = [:]
        var nextID = 0
    }

    private let connection: BusConnection
    private let state = Mutex(State())
    /// Where this client's own scenes live: the namespace rules bring their signals.
    let ownNamespace: String

    init(connection: BusConnection) {
        self.connection = connection
        ownNamespace = OrientationClient.managerPath + "/scene/" + SceneNamespace.element(for: connection.uniqueName)
    }

    /// Adds the rules for this client's own namespace (once, before its first registration).
    func addNamespaceRules() {
        connection.addMatch(SceneMatchRules.orientationChanged(namespace: ownNamespace))
        connection.addMatch(SceneMatchRules.removed(namespace: ownNamespace))
    }

    /// Whether a path's signals need rules of their own (it is not in this client's namespace).
    private func needsOwnRules(_ path: String) -> Bool { !path.hasPrefix(ownNamespace + "/") }

    private func addRules(_ path: String) {
        guard needsOwnRules(path) else { return }
        connection.addMatch(SceneMatchRules.orientationChanged(path))
        connection.addMatch(SceneMatchRules.removed(path))
    }

    private func removeRules(_ path: String) {
        guard needsOwnRules(path) else { return }
        connection.removeMatch(SceneMatchRules.orientationChanged(path))
        connection.removeMatch(SceneMatchRules.removed(path))
    }

    func nextID() -> Int { state.withLock { $0.nextID += 1; return $0.nextID } }

    // MARK: The owner

    var currentOwner: String? { state.withLock { $0.currentOwner } }

    /// The owner read at start-up (`GetNameOwner`, after subscribing to its changes). A
    /// `NameOwnerChanged` the loop dispatched already is as new or newer: it wins.
    func setInitialOwner(_ owner: String?) {
        state.withLock { state in
            guard !state.sawOwnerChange else { return }
            state.currentOwner = owner
            if owner != nil { state.lastOwner = owner }
        }
    }

    func isCurrentOwner(_ sender: String) -> Bool { state.withLock { $0.currentOwner == sender } }

    /// Records a `NameOwnerChanged` of orientd's name. Returns the owner the client knew
    /// before (nil if none yet) and the untracked records whose scenes went with the old
    /// owner (their listeners must finish).
    func ownerChanged(old: String, new: String) -> (previous: String?, ended: [Int]) {
        var removedPaths: [String] = []
        let result = state.withLock { state -> (String?, [Int]) in
            let previous = state.lastOwner
            state.sawOwnerChange = true
            state.currentOwner = new.isEmpty ? nil : new
            if !new.isEmpty { state.lastOwner = new }
            var ended: [Int] = []
            if !old.isEmpty {
                state.retiredOwners.insert(old)
                for (path, route) in state.routes where route.owner == old {
                    state.routes[path] = nil
                    removedPaths.append(path)
                    for (id, hold) in route.holds {
                        hold.record.state.withLock { $0.owner = nil }
                        if state.tracked[id] == nil { ended.append(id) }
                    }
                }
            }
            return (previous, ended)
        }
        removedPaths.forEach(removeRules)
        return result
    }

    // MARK: Scenes

    /// Starts tracking a scene this client registered, held by `owner`. Returns false if
    /// that owner has already left (the scene is gone: register it again).
    func track(_ record: SceneRecord) -> Bool {
        let (path, owner) = record.state.withLock { ($0.path, $0.owner) }
        let live = state.withLock { state in
            state.tracked[record.id] = record
            guard let owner, !state.retiredOwners.contains(owner) else { return false }
            hold(record, path: path, owner: owner, in: &state)
            return true
        }
        if !live { record.state.withLock { $0.owner = nil } }
        return live
    }

    /// Stops tracking a scene (unregistered, removed or lost). Its route stays until
    /// `InterfacesRemoved` or the owner's departure, so signals already on their way arrive.
    func untrack(_ record: SceneRecord) {
        record.state.withLock { $0.mirror = nil }
        _ = state.withLock { $0.tracked.removeValue(forKey: record.id) }
    }

    /// Moves a tracked scene's route to its new path at `owner` (the record's own `owner`
    /// is set once the scene is rebuilt: calls wait for that).
    func moveTracked(_ record: SceneRecord, to path: String, owner: String) {
        let oldPath = record.state.withLock { state in
            defer { state.path = path }
            return state.path
        }
        state.withLock { state in
            release(record, path: oldPath, all: true, in: &state)
            hold(record, path: path, owner: owner, in: &state)
        }
    }

    /// The tracked scenes whose owner is not `owner` (to register again), by id.
    func staleTracked(comparedWith owner: String) -> [SceneRecord] {
        state.withLock { state in
            state.tracked.values.filter { $0.state.withLock { $0.owner } != owner }.sorted { $0.id < $1.id }
        }
    }

    /// The tracked scene now at `path`, if any.
    func tracked(at path: String) -> SceneRecord? {
        state.withLock { state in state.tracked.values.first { $0.path == path } }
    }

    /// Holds an untracked record's route while it has listeners; `owner` is orientd's
    /// current owner. Returns the release.
    func watch(_ record: SceneRecord, owner: String?) -> @Sendable () -> Void {
        let path = record.path
        state.withLock { hold(record, path: path, owner: owner, in: &$0) }
        return { [self] in state.withLock { release(record, path: path, all: false, in: &$0) } }
    }

    /// The records that accept a signal about `path` from `sender`; empty for a forgery,
    /// a stale instance or a scene no one here listens to.
    func recipients(path: String, sender: String) -> [SceneRecord] {
        state.withLock { state in
            guard let route = state.routes[path], route.owner == sender else { return [] }
            return route.holds.values.map(\.record)
        }
    }

    /// A scene removed by `sender` (`InterfacesRemoved`): drops its route and tracking;
    /// returns the records whose listeners must finish.
    func removed(path: String, sender: String) -> [SceneRecord] {
        let records = state.withLock { state -> [SceneRecord] in
            guard let route = state.routes[path], route.owner == sender else { return [] }
            state.routes[path] = nil
            for id in route.holds.keys { state.tracked[id] = nil }
            return route.holds.values.map(\.record)
        }
        guard !records.isEmpty else { return [] }
        for record in records { record.state.withLock { $0.mirror = nil } }
        removeRules(path)
        return records
    }

    // MARK: Routes and their rules

    private func hold(_ record: SceneRecord, path: String, owner: String?, in state: inout State) {
        if state.routes[path] == nil {
            state.routes[path] = Route(owner: owner)
            addRules(path)
        }
        let count = state.routes[path]!.holds[record.id]?.count ?? 0
        state.routes[path]!.holds[record.id] = (record, count + 1)
    }

    private func release(_ record: SceneRecord, path: String, all: Bool, in state: inout State) {
        guard var route = state.routes[path], let hold = route.holds[record.id] else { return }
        if all || hold.count <= 1 {
            route.holds[record.id] = nil
        } else {
            route.holds[record.id] = (record, hold.count - 1)
        }
        if route.holds.isEmpty {
            state.routes[path] = nil
            removeRules(path)
        } else {
            state.routes[path] = route
        }
    }
}

