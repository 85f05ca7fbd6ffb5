import GLibBridge
import OrientationCore

/// A device turn sends every scene that turns alike the same `PropertiesChanged` arguments:
/// its new orientation and size, nothing of the scene's own. Such arguments are built once
/// per value and shared (a GVariant never changes); a change of any other property is built
/// for its scene as before. Keyed by every value it holds, so an entry is never stale.
struct TurnSignalMemo {
    /// Entries kept at most: a fan-out has a few sizes; a hostile mix of sizes starts afresh.
    static let capacity = 64

    /// Which of a turn's properties changed and their values, in integers: looked up once
    /// per scene of a fan-out, so no enum's raw string is hashed.
    private struct Key: Hashable {
        let width: UInt32
        let height: UInt32
        /// The changed properties' bits (orientation 1, width 2, height 4) and the
        /// orientation's case above them.
        let tag: UInt8
    }
    private var built: [Key: [Variant]] = [:]
    /// How many bodies are kept.
    var count: Int { built.count }

    /// The `PropertiesChanged` arguments for `properties` of a scene whose turn values are
    /// `facts`: shared when `properties` hold only a turn's, else built for it alone.
    mutating func arguments(_ properties: [SceneProperty], _ facts: SceneTurnFacts, build: () -> [Variant]) -> [Variant] {
        guard let changed = Self.turnBits(properties) else { return build() }
        let key = Key(width: facts.width, height: facts.height, tag: changed | Self.ordinal(facts.orientation) << 3)
        if let arguments = built[key] { return arguments }
        if built.count >= Self.capacity { built.removeAll() }
        let arguments = build()
        built[key] = arguments
        return arguments
    }

    /// The bits of a turn's properties in `properties`; nil when any other is among them.
    private static func turnBits(_ properties: [SceneProperty]) -> UInt8? {
        var bits: UInt8 = 0
        for property in properties {
            switch property {
            case .interfaceOrientation: bits |= 1
            case .width: bits |= 2
            case .height: bits |= 4
            default: return nil
            }
        }
        return bits
    }

    private static func ordinal(_ orientation: InterfaceOrientation) -> UInt8 {
        switch orientation {
        case .portrait: 0
        case .portraitUpsideDown: 1
        case .landscapeLeft: 2
        case .landscapeRight: 3
        }
    }
}
