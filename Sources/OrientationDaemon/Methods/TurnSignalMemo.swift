import GLibBridge
import OrientationCore

/// A device turn sends every scene that turns alike the same `PropertiesChanged` arguments:
/// its new orientation and size, nothing of the scene's own. Such arguments are built once
/// per value and shared (a GVariant never changes); a change of any other property is built
/// for its scene as before. Keyed by every value it holds, so an entry is never stale.
struct TurnSignalMemo {
    /// The properties a turn changes, and nothing else may be in a shared change.
    static let turnProperties: Set<SceneProperty> = [.interfaceOrientation, .width, .height]
    /// Entries kept at most: a fan-out has a few sizes; a hostile mix of sizes starts afresh.
    static let capacity = 64

    private struct Key: Hashable {
        let properties: [SceneProperty]
        let facts: SceneTurnFacts
    }
    private var built: [Key: [Variant]] = [:]
    /// How many bodies are kept.
    var count: Int { built.count }

    /// The `PropertiesChanged` arguments for `properties` of a scene whose turn values are
    /// `facts`: shared when `properties` hold only a turn's, else built for it alone.
    mutating func arguments(_ properties: [SceneProperty], _ facts: SceneTurnFacts, build: () -> [Variant]) -> [Variant] {
        guard properties.allSatisfy(Self.turnProperties.contains) else { return build() }
        let key = Key(properties: properties, facts: facts)
        if let arguments = built[key] { return arguments }
        if built.count >= Self.capacity { built.removeAll() }
        let arguments = build()
        built[key] = arguments
        return arguments
    }
}
