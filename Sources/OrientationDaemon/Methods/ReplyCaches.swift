import CGio
import GLibBridge
import OrientationCore
import OrientationWire

/// The replies of the expensive reads, kept as immutable GVariants and rebuilt only after a
/// change, so that repeating them costs a reference, not a rebuild:
/// - `GetManagedObjects`: one entry per scene, and the whole reply assembled from them;
/// - `GetControllers`: one reply per scene.
/// The core's events say exactly what changed: a scene added, removed or with changed
/// properties drops that scene's entry; a successful Scene call drops that scene's
/// controller list (the tree changes only through them); kiosk mode drops every entry
/// (StatusBarHidden follows it).
final class ReplyCaches {
    private var sceneEntries: [SceneID: Variant] = [:]
    private var managedObjects: Variant?
    private var controllers: [SceneID: Variant] = [:]

    /// `GetManagedObjects`'s reply (the `(a{oa{sa{sv}}})` tuple), built from cached entries.
    func managedObjects(_ manager: OrientationManager) -> Variant {
        if let managedObjects { return managedObjects }
        let reply = managedObjects(manager, only: manager.scenes.keys.sorted())
        managedObjects = reply
        return reply
    }

    /// `GetManagedObjects`'s reply listing only the scenes `ids` (a sandboxed app's own), from
    /// the cached entries; the reply itself is not kept.
    func managedObjects(_ manager: OrientationManager, only ids: [SceneID]) -> Variant {
        let kiosk = manager.settings.kioskMode
        let entries = ids.map { id in
            if let entry = sceneEntries[id] { return entry }
            let interfaces = Variant(dictionary: [
                BusNames.sceneInterface: Encode.sceneProperties(SceneSnapshot(manager.scenes[id]!, kioskMode: kiosk)),
            ], valueType: "a{sv}")
            // Serialized at once: kept as a node per value, 10,000 entries took ~60 MB (MemoryRelease).
            let entry = Variant(dictEntry: Variant(objectPath: BusNames.path(of: id, creator: manager.scenes[id]!.creator)), interfaces).serialized()
            sceneEntries[id] = entry
            return entry
        }
        return Self.serialized(Variant(tuple: [Variant(arrayOf: "{oa{sa{sv}}}", entries)]))
    }

    /// `GetControllers`'s reply for scene `id` (the whole `(a(sssa{sv}))` tuple): a cached one
    /// costs a dictionary lookup, with no copy of the scene and no tuple built around it.
    func controllers(of id: SceneID, in manager: OrientationManager) throws(OrientationError) -> Variant {
        if let cached = controllers[id] { return cached }
        let reply = Variant(tuple: [Encode.controllers(try manager.scene(id))])
        controllers[id] = reply
        return reply
    }

    /// Drops what `events` (the outcome of `command`) made stale.
    func invalidate(after command: Command, events: [Event]) {
        if case .scene(let id, _) = command, !controllers.isEmpty { controllers[id] = nil }
        for event in events {
            switch event {
            case .sceneAdded(let id), .scenePropertiesChanged(let id, _), .orientationChanged(let id, _, _, _):
                dropScene(id)
            case .sceneRemoved(let id):
                dropScene(id)
                controllers[id] = nil
                controllers.shrinkAfterRemovals()
                sceneEntries.shrinkAfterRemovals()
            case .managerPropertiesChanged(let properties) where properties.contains(.kioskMode):
                sceneEntries.removeAll()
                managedObjects = nil
            case .managerPropertiesChanged, .deviceOrientationChanged, .rotationSuggested, .settingsChanged, .applyOutput,
                 .sensorWanted, .holdCompositorRotation, .tickDue:
                break
            }
        }
    }

    /// The value in GVariant's serialized form: one buffer instead of a node per value
    /// (g_variant_get_data serializes it in place and frees the nodes).
    private static func serialized(_ value: Variant) -> Variant {
        _ = value.withRaw { g_variant_get_data($0) }
        return value
    }

    private func dropScene(_ id: SceneID) {
        sceneEntries[id] = nil
        managedObjects = nil
    }
}
