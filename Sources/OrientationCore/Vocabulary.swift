/// Parses one of a closed set of wire names, or fails with `InvalidArgs` listing the valid ones.
func parseName<T: RawRepresentable & CaseIterable>(_ name: String, as what: String) throws(OrientationError) -> T
where T.RawValue == String {
    if let value = T(rawValue: name) { return value }
    let valid = T.allCases.map(\.rawValue).joined(separator: ", ")
    throw .invalidArgs("Unknown \(what) '\(ControlCharacters.escaped(name))'; valid values: \(valid)")
}

/// The kind of device an app's window is laid out for.
public enum Idiom: String, CaseIterable, Sendable {
    case phone
    case pad

    public init(parsing name: String) throws(OrientationError) { self = try parseName(name, as: "idiom") }

    /// The app's supported orientations when the app gives none (iOS's defaults).
    public var defaultSupported: OrientationMask { self == .phone ? .portrait : [.portrait, .landscapeLeft, .landscapeRight] }
    /// A controller's supported orientations when it declares none (UIKit's defaults).
    public var defaultControllerMask: OrientationMask { self == .phone ? .allButUpsideDown : .all }
    /// The size of a new window when the app gives none, in points.
    public var defaultSize: (width: UInt32, height: UInt32) { self == .phone ? (390, 844) : (820, 1180) }
}

/// What a controller is.
public enum ControllerKind: String, CaseIterable, Sendable {
    /// A plain view controller.
    case view
    /// A stack; its top (last pushed) child is on screen.
    case navigation
    /// A set of children; the selected one is on screen.
    case tab

    public init(parsing name: String) throws(OrientationError) { self = try parseName(name, as: "controller kind") }

    var isContainer: Bool { self != .view }
}

/// The iOS OrientationManager practice's `OrientationMode` as given on the wire.
public enum OrientationModeName: String, CaseIterable, Sendable {
    case portrait, landscape, dynamic, locked, none

    public init(parsing name: String) throws(OrientationError) { self = try parseName(name, as: "orientation mode") }
}

/// An orientation mode as recorded on a controller: it replaces the declared mask.
public enum ControllerMode: Sendable, Hashable {
    case portrait
    case landscape
    case dynamic
    /// The single orientation the scene had when the mode was applied; no autorotation.
    case locked(InterfaceOrientation)

    public var mask: OrientationMask {
        switch self {
        case .portrait: return .portrait
        case .landscape: return .landscape
        case .dynamic: return .all
        case .locked(let orientation): return OrientationMask(orientation)
        }
    }

    public var name: String {
        switch self {
        case .portrait: return "portrait"
        case .landscape: return "landscape"
        case .dynamic: return "dynamic"
        case .locked: return "locked"
        }
    }
}

/// A scene's activation state (UIScene.ActivationState).
public enum ActivationState: String, CaseIterable, Sendable {
    case foregroundActive = "foreground-active"
    case foregroundInactive = "foreground-inactive"
    case background

    public init(parsing name: String) throws(OrientationError) { self = try parseName(name, as: "activation state") }
}

/// Why a scene's orientation changed; carried by `OrientationChanged`.
public enum ChangeReason: String, CaseIterable, Sendable {
    case device, update, request, presentation, dismissal, navigation, tab, policy, activation, geometry
}

/// Where the device orientation comes from.
public enum SensorSource: String, CaseIterable, Sendable {
    case iioSensorProxy = "iio-sensor-proxy"
    case manual
}
