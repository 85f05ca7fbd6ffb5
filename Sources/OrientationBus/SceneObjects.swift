import GLibBridge
import OrientationCore

/// Every scene is also a GDBus object of its own (`g_dbus_connection_register_object` at its
/// path), registered when the core adds it and removed with it. The subtree registered at
/// `scenesPath` stays, and answers only for paths that name no scene (UnknownScene).
///
/// Why: GDBus checks a call to a registered object on its I/O thread and hands it to the
/// main loop once; a call to a subtree node it hands over twice (once to ask the subtree
/// which interfaces the node has, once for the call), with the checks on the main thread.
/// That cost every scene call ~14,000 instructions and a main-loop iteration more than the
/// same call to a plain GDBus object (see BENCHMARKS.md).
final class SceneObjects {
    var registrations: [SceneID: ObjectRegistrationID] = [:]
}

extension OrientationService {
    /// Registers scene `id`'s object: its calls go to `handleSceneCall`, its property reads
    /// to the scene's current snapshot.
    func exportScene(_ id: SceneID) {
        do {
            sceneObjects.registrations[id] = try connection.registerObject(
                path: BusNames.path(of: id), interface: contract.scene,
                methodCall: { [unowned self] call in
                    if self.callQueue.runsAtOnce(call) { return self.handleSceneCall(call, scene: id) }
                    self.callQueue.admit(call) { self.handleSceneCall(call, scene: id) }
                },
                getProperty: { [unowned self] request in
                    guard let property = SceneProperty(rawValue: request.propertyName),
                          let snapshot = self.manager.snapshot(of: id) else { return nil }
                    return Encode.sceneProperty(property, snapshot)
                })
        } catch {
            // The subtree still answers for the scene, only more slowly.
            log.warning("could not register scene \(id)'s object: \(error.message)")
        }
    }

    /// Removes scene `id`'s object; later calls to its path reach the subtree (UnknownScene).
    func unexportScene(_ id: SceneID) {
        if let registration = sceneObjects.registrations.removeValue(forKey: id) {
            connection.unregisterObject(registration)
        }
    }
}
