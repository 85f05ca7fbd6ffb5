import GLibBridge
import OrientationWire

/// One scene: its path and its properties, as read.
public struct SceneState: Comparable {
    public let path: String
    public let properties: [String: Variant]

    public init(path: String, properties: [String: Variant]) {
        self.path = path
        self.properties = properties
    }

    /// The scene's number (the last part of its path); 0 if the path has none.
    public var number: UInt64 { SceneReference.number(of: path) ?? 0 }
    public var label: String { SceneReference.label(of: path) }

    public var appId: String { string("AppId") }
    public var idiom: String { string("Idiom") }
    public var display: String { string("Display") }
    public var orientation: String { string("InterfaceOrientation") }
    public var supported: [String] { properties["SupportedOrientations"]?.stringArray ?? [] }
    public var decidingController: String { string("DecidingController") }
    public var activationState: String { string("ActivationState") }
    public var detached: Bool { properties["Detached"]?.bool ?? false }
    /// The scene stands for an app window the compositor reports (no client registered it).
    public var observed: Bool { properties["Observed"]?.bool ?? false }
    public var splitView: Bool { properties["SplitView"]?.bool ?? false }
    public var width: UInt32 { properties["Width"]?.uint32 ?? 0 }
    public var height: UInt32 { properties["Height"]?.uint32 ?? 0 }

    /// The flags `list` shows: observed (else detached), split-view, background.
    public var flags: [String] {
        var result: [String] = []
        if observed { result.append("observed") } else if detached { result.append("detached") }
        if splitView { result.append("split-view") }
        if activationState == "background" { result.append("background") }
        return result
    }

    /// The properties in the contract's order, then any others.
    public var orderedProperties: [(name: String, value: Variant)] {
        VariantFormatting.ordered(properties, order: PropertyNames.scene)
    }

    /// `path`, `number`, then every property (`JSONConvention`).
    public var json: JSONValue {
        .object(JSONConvention.scene(path) + VariantFormatting.members(properties, order: PropertyNames.scene))
    }

    private func string(_ name: String) -> String { properties[name]?.string ?? "" }

    public static func < (lhs: SceneState, rhs: SceneState) -> Bool {
        (lhs.number, lhs.path) < (rhs.number, rhs.path)
    }

    public static func == (lhs: SceneState, rhs: SceneState) -> Bool {
        lhs.path == rhs.path && lhs.properties == rhs.properties
    }
}
