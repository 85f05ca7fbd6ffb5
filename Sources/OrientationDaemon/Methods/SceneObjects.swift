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

    var registrations: [SceneID: ObjectRegistrationID] = [:]
    /// The namespace of every exported scene (its path is the namespace's path and its
    /// number: one string per namespace, not one per scene; found without hashing a string,
    /// as each of a device turn's signals needs it).
    var elements: [SceneID: Name] = [:]
    /// By namespace element.
    var namespaces: [String: Namespace] = [:]
    /// The elements of `namespaces`, for the message filter on GDBus's worker thread.
    let served = ServedNamespaces()
}

/// A set of namespace elements shared with GDBus's worker thread.
final class ServedNamespaces: Sendable {
    private let elements = Mutex<Set<String>>([])

    func contains(_ element: String) -> Bool { elements.withLock { $0.contains(element) } }
    func insert(_ element: String) { _ = elements.withLock { $0.insert(element) } }
    func remove(_ element: String) { _ = elements.withLock { $0.remove(element) } }
}

extension OrientationService {
    /// Scene `id`'s object path (an exported scene's, or one the core still holds).
    func scenePath(_ id: SceneID) -> String {
        exportedScenePath(id) ?? BusNames.path(of: id, creator: manager.scenes[id]?.creator ?? "")
    }

    /// Scene `id`'s object path when it is exported; nil otherwise. Reads nothing of the
    /// manager, so it also serves while the core is still deciding (`emitAhead`).
    func exportedScenePath(_ id: SceneID) -> String? {
        sceneObjects.elements[id].map { BusNames.path(of: id, in: $0.path) }
    }

    /// Registers scene `id`'s object: its calls go to `handleSceneCall`, its property reads
    /// to the scene's current snapshot.
    func exportScene(_ id: SceneID) {
        guard let creator = manager.scenes[id]?.creator else { return }
        let element = holdNamespace(of: creator)
        sceneObjects.elements[id] = element
        let path = scenePath(id)
        do {
            sceneObjects.registrations[id] = try connection.registerObject(
                path: path, interface: contract.scene,
                methodCall: { [unowned self] call in
                    guard self.callers.identity(of: call.sender) != nil else {
                        return self.whenIdentified(call) { self.dispatchSceneCall(call, scene: id) }
                    }
                    self.dispatchSceneCall(call, scene: id)
                },
                // Property reads go to methodCall: a sandboxed app reads only its own scenes'.
                getProperty: nil)
        } catch {
            // The namespace's subtree still answers for the scene, only more slowly.
            log.warning("could not register scene \(id)'s object: \(error.message)")
        }
    }

    /// Removes scene `id`'s object; later calls to its path reach its namespace's subtree
    /// (UnknownScene).
    func unexportScene(_ id: SceneID) {
        if let registration = sceneObjects.registrations.removeValue(forKey: id) {
            connection.unregisterObject(registration)
        }
        guard let element = sceneObjects.elements.removeValue(forKey: id)?.element else { return }
        sceneObjects.namespaces[element]?.scenes -= 1
        releaseNamespaceIfUnused(element)
    }

    /// A connection left the bus: its namespace goes once it has no scenes.
    func namespaceCreatorLeft(_ name: String) {
        let element = SceneNamespace.element(for: name)
        guard sceneObjects.namespaces[element] != nil else { return }
        sceneObjects.namespaces[element]!.creatorGone = true
        releaseNamespaceIfUnused(element)
    }

    /// The subtree at the scene path root (lists the namespaces, answers `<scenesPath>/<n>`),
    /// and the filter that answers calls in namespaces with no subtree.
    func registerScenesRoot() throws {
        let served = sceneObjects.served
        connection.answerUnservedCalls(
            twoLevelsBelow: BusNames.scenesPath, isServed: { served.contains($0) },
            errorName: OrientationError(.unknownScene, "").name, message: { "No scene at \($0)" })
        try connection.registerSubtree(
            path: BusNames.scenesPath, interface: contract.scene,
            enumerate: { [unowned self] in self.sceneObjects.namespaces.keys.sorted() },
            methodCall: { [unowned self] call in self.handleUnknownSceneCall(call) })
    }

    /// Counts one more scene in `creator`'s namespace; returns its name.
    private func holdNamespace(of creator: String) -> SceneObjects.Name {
        let element = SceneNamespace.element(for: creator)
        var namespace = sceneObjects.namespaces[element]
            ?? SceneObjects.Namespace(name: SceneObjects.Name(element: element, path: BusNames.namespace(of: creator)))
        namespace.scenes += 1
        if namespace.subtree == nil {
            sceneObjects.served.insert(element)
            do {
                namespace.subtree = try connection.registerSubtree(
                    path: namespace.name.path, interface: contract.scene,
                    enumerate: { [unowned self] in
                        self.sceneObjects.elements.filter { $0.value.element == element }.keys.sorted().map(String.init)
                    },
                    methodCall: { [unowned self] call in self.handleUnknownSceneCall(call) })
            } catch {
                log.warning("could not register the scene namespace of \(creator): \(error.message)")
            }
        }
        sceneObjects.namespaces[element] = namespace
        return namespace.name
    }

    private func releaseNamespaceIfUnused(_ element: String) {
        guard let namespace = sceneObjects.namespaces[element], namespace.scenes <= 0, namespace.creatorGone else { return }
        if let subtree = namespace.subtree { connection.unregisterSubtree(subtree) }
        sceneObjects.namespaces[element] = nil
        sceneObjects.served.remove(element)
    }

    /// A call through a subtree: a short path, or a path that names no exported scene.
    private func handleUnknownSceneCall(_ call: MethodInvocation) {
        whenIdentified(call) { self.dispatchSceneCall(call, scene: nil) }
    }

    /// A scene call whose caller is known: at once, or through the CallQueue.
    private func dispatchSceneCall(_ call: MethodInvocation, scene: SceneID?) {
        if callQueue.runsAtOnce(call) { return handleSceneCall(call, scene: scene) }
        callQueue.admit(call) { self.handleSceneCall(call, scene: scene) }
    }
}
