import GLibBridge
import OrientationCore
import Synchronization
import OrientationWire

/// Every scene is also a GDBus object of its own (`g_dbus_connection_register_object` at its
/// path), registered when the core adds it and removed with it.
///
/// Why: GDBus checks a call to a registered object on its I/O thread and hands it to the
/// main loop once; a call to a subtree node it hands over twice (once to ask the subtree
/// which interfaces the node has, once for the call), with the checks on the main thread.
/// That cost every scene call ~14,000 instructions and a main-loop iteration more than the
/// same call to a plain GDBus object (see BENCHMARKS.md).
///
/// A scene's path is `<scenesPath>/<creator's element>/<n>` (`SceneNamespace`). Subtrees
/// answer the paths with no object: the one at `scenesPath` the short `<scenesPath>/<n>`
/// (scene n, for scripts and orientctl; `UnknownScene` when there is none), and one per
/// namespace `<namespace>/<n>` (`UnknownScene`), kept while the namespace
/// has scenes or its creator is on the bus (GDBus dispatches a subtree only one level down).
/// A call to `<scenesPath>/<element>/<n>` in any other namespace (a connection that has left,
/// or a path from an earlier run) is answered `UnknownScene` before GDBus dispatches it, by
/// a message filter that checks `served`.
final class SceneObjects {
    /// A namespace's element and path, one instance shared by its scenes.
    final class Name {
        let element: String
        /// `<scenesPath>/<element>`.
        let path: String
        init(element: String, path: String) { self.element = element; self.path = path }
    }

    struct Namespace {
        let name: Name
        var subtree: SubtreeRegistrationID?
        var scenes = 0
        var creatorGone = false
    }

    private let connection: BusConnection
    /// The scene interface, as the XML describes it.
    private let interface: InterfaceInfo
    private let log: Log
    /// Where every call to a scene path goes: to the scene's own object (`.known`), or through
    /// a subtree (`.byPath`).
    var call: (MethodInvocation, SceneTarget) -> Void = { _, _ in }

    init(connection: BusConnection, interface: InterfaceInfo, log: Log) {
        self.connection = connection
        self.interface = interface
        self.log = log
    }

    private var registrations: [SceneID: ObjectRegistrationID] = [:]
    /// The namespace of every exported scene (its path is the namespace's path and its
    /// number: one string per namespace, not one per scene; found without hashing a string,
    /// as each of a device turn's signals needs it).
    private var elements: [SceneID: Name] = [:]
    /// By namespace element.
    private var namespaces: [String: Namespace] = [:]
    /// The elements of `namespaces`, for the message filter on GDBus's worker thread.
    let served = ServedNamespaces()

    /// Scene `id`'s object path (an exported scene's, or one the core still holds).
    func scenePath(_ id: SceneID, creator: String?) -> String {
        exportedScenePath(id) ?? BusNames.path(of: id, creator: creator ?? "")
    }

    /// Scene `id`'s object path when it is exported; nil otherwise. Reads nothing of the
    /// manager, so it also serves while the core is still deciding (`emitAhead`).
    func exportedScenePath(_ id: SceneID) -> String? {
        elements[id].map { BusNames.path(of: id, in: $0.path) }
    }

    /// Registers scene `id`'s object (registered by `creator`): its calls, property reads too,
    /// go to `call` (a sandboxed app reads only its own scenes' properties).
    func exportScene(_ id: SceneID, creator: String) {
        let element = holdNamespace(of: creator)
        elements[id] = element
        let path = scenePath(id, creator: creator)
        do {
            registrations[id] = try connection.registerObject(
                path: path, interface: interface,
                methodCall: { [unowned self] call in self.call(call, .known(id)) },
                getProperty: nil)
        } catch {
            // The namespace's subtree still answers for the scene, only more slowly.
            log.warning("could not register scene \(id)'s object: \(error.message)")
        }
    }

    /// Removes scene `id`'s object; later calls to its path reach its namespace's subtree
    /// (UnknownScene).
    func unexportScene(_ id: SceneID) {
        if let registration = registrations.removeValue(forKey: id) {
            connection.unregisterObject(registration)
            registrations.shrinkAfterRemovals()
        }
        guard let element = elements.removeValue(forKey: id)?.element else { return }
        elements.shrinkAfterRemovals()
        namespaces[element]?.scenes -= 1
        releaseNamespaceIfUnused(element)
    }

    /// A connection left the bus: its namespace goes once it has no scenes.
    func namespaceCreatorLeft(_ name: String) {
        let element = SceneNamespace.element(for: name)
        guard namespaces[element] != nil else { return }
        namespaces[element]!.creatorGone = true
        releaseNamespaceIfUnused(element)
    }

    /// The subtree at the scene path root (lists the namespaces, answers `<scenesPath>/<n>`),
    /// and the filter that answers calls in namespaces with no subtree.
    func registerScenesRoot() throws {
        let served = served
        connection.answerUnservedCalls(
            twoLevelsBelow: BusNames.scenesPath, isServed: { served.contains($0) },
            errorName: OrientationError(.unknownScene, "").name, message: { "No scene at \($0)" })
        try connection.registerSubtree(
            path: BusNames.scenesPath, interface: interface,
            enumerate: { [unowned self] in self.namespaces.keys.sorted() },
            methodCall: { [unowned self] call in self.call(call, .byPath) })
    }

    /// Counts one more scene in `creator`'s namespace; returns its name.
    private func holdNamespace(of creator: String) -> Name {
        let element = SceneNamespace.element(for: creator)
        var namespace = namespaces[element]
            ?? Namespace(name: Name(element: element, path: BusNames.namespace(of: creator)))
        namespace.scenes += 1
        if namespace.subtree == nil {
            served.insert(element)
            do {
                namespace.subtree = try connection.registerSubtree(
                    path: namespace.name.path, interface: interface,
                    enumerate: { [unowned self] in
                        self.elements.filter { $0.value.element == element }.keys.sorted().map(String.init)
                    },
                    methodCall: { [unowned self] call in self.call(call, .byPath) })
            } catch {
                log.warning("could not register the scene namespace of \(creator): \(error.message)")
            }
        }
        namespaces[element] = namespace
        return namespace.name
    }

    private func releaseNamespaceIfUnused(_ element: String) {
        guard let namespace = namespaces[element], namespace.scenes <= 0, namespace.creatorGone else { return }
        if let subtree = namespace.subtree { connection.unregisterSubtree(subtree) }
        namespaces[element] = nil
        served.remove(element)
    }
}

/// A set of namespace elements shared with GDBus's worker thread.
final class ServedNamespaces: Sendable {
    private let elements = Mutex<Set<String>>([])

    func contains(_ element: String) -> Bool { elements.withLock { $0.contains(element) } }
    func insert(_ element: String) { _ = elements.withLock { $0.insert(element) } }
    func remove(_ element: String) { _ = elements.withLock { $0.remove(element) } }
}
