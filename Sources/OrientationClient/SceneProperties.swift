import GLibBridge
import OrientationCore
import OrientationWire

/// Any scene's properties as orientd reported them (`GetAll`, `GetManagedObjects`), with
/// typed readings in the core's vocabulary.
///
/// The values are kept as received, because a tool shows what the service said, even a
/// word this library does not know: a typed reading is nil where the value is missing or
/// not one of the core's words. `state` is the whole typed form.
public struct SceneProperties: Sendable, Equatable, Comparable {
    /// The scene's object path, as listed (or as given to the read).
    public let path: String
    /// Every property as received, by name.
    public let properties: [String: Variant]

    public init(path: String, properties: [String: Variant]) {
        self.path = path
        self.properties = properties
    }

    /// Every scene property's name, in the contract's order.
    public static let names = PropertyNames.scene

    /// The scene's number (the last element of its path), nil for a path that names none.
    public var number: UInt64? { ScenePath.number(of: path) }

    /// A string property as received.
    public func string(_ name: String) -> String? { properties[name]?.string }
    /// A boolean property as received.
    public func bool(_ name: String) -> Bool? { properties[name]?.bool }

    public var appID: String? { string(SceneProperty.appId.rawValue) }
    public var idiom: Idiom? { string(SceneProperty.idiom.rawValue).flatMap(Idiom.init(rawValue:)) }
    public var display: String? { string(SceneProperty.display.rawValue) }
    public var interfaceOrientation: InterfaceOrientation? {
        string(SceneProperty.interfaceOrientation.rawValue).flatMap(InterfaceOrientation.init(rawValue:))
    }
    /// The effective mask of the last evaluation, as names (the wire's order).
    public var supportedOrientationNames: [String] { properties[SceneProperty.supportedOrientations.rawValue]?.stringArray ?? [] }
    public var supportedOrientations: OrientationMask? { OrientationMask(names: supportedOrientationNames) }
    /// The deciding controller's id; nil when the scene has none.
    public var decidingController: String? { string(SceneProperty.decidingController.rawValue).flatMap { $0.isEmpty ? nil : $0 } }
    public var activationState: ActivationState? {
        string(SceneProperty.activationState.rawValue).flatMap(ActivationState.init(rawValue:))
    }
    public var detached: Bool { bool(SceneProperty.detached.rawValue) ?? false }
    /// The scene stands for an app window the compositor reports (no client registered it).
    public var observed: Bool { bool(SceneProperty.observed.rawValue) ?? false }
    public var splitView: Bool { bool(SceneProperty.splitView.rawValue) ?? false }
    public var size: SceneSize {
        SceneSize(width: properties[SceneProperty.width.rawValue]?.uint32 ?? 0,
                  height: properties[SceneProperty.height.rawValue]?.uint32 ?? 0)
    }

    /// The typed state, or nil when a value is missing or not in the core's vocabulary.
    public var state: SceneState? {
        guard let appID, let idiom, let orientation = interfaceOrientation, let supported = supportedOrientations,
              let width = properties[SceneProperty.width.rawValue]?.uint32,
              let height = properties[SceneProperty.height.rawValue]?.uint32,
              let activation = activationState else { return nil }
        let owner = string(SceneProperty.owner.rawValue) ?? ""
        return SceneState(
            appID: appID, owner: owner.isEmpty ? nil : owner, detached: detached, idiom: idiom,
            display: display ?? "builtin", interfaceOrientation: orientation,
            supportedOrientations: supported, decidingController: decidingController,
            size: SceneSize(width: width, height: height), splitView: splitView,
            activationState: activation, statusBarHidden: bool(SceneProperty.statusBarHidden.rawValue) ?? false)
    }

    /// By number, then path.
    public static func < (lhs: SceneProperties, rhs: SceneProperties) -> Bool {
        (lhs.number ?? 0, lhs.path) < (rhs.number ?? 0, rhs.path)
    }
}
