// The contract's vocabulary is OrientationCore's: one source of truth for the wire names,
// UIKit's bits, the canonical order and the device-to-interface mapping. These scoped
// re-exports make exactly these types part of this library's API, so an app that writes
// `import OrientationClient` sees them (and their members) as before; the rest of the
// core (its own `OrientationClientError`, `Controller`, `Scene`, ...) stays out of the app's
// namespace.
@_exported import enum OrientationCore.InterfaceOrientation
@_exported import enum OrientationCore.OrientationFamily
@_exported import enum OrientationCore.DeviceOrientation
@_exported import struct OrientationCore.OrientationMask
@_exported import enum OrientationCore.Idiom
@_exported import enum OrientationCore.ControllerKind
@_exported import enum OrientationCore.ActivationState
import OrientationCore

/// The `OrientationMode` of the OrientationManager iOS apps commonly write, as sent with `Controller.setOrientationMode(_:)`: when set
/// on a controller it replaces the controller's declared mask; `.none` clears it. Takes
/// effect at the next evaluation (`updateOrientation()`, a structural change, a device
/// rotation or a policy change). Cases: `portrait`, `landscape` (both landscapes),
/// `dynamic` (all four), `locked` (the scene's orientation when the mode is applied, and
/// no autorotation), `none`.
///
/// The core's wire-name enum; the name `OrientationMode` is this library's.
public typealias OrientationMode = OrientationCore.OrientationModeName

// MARK: Conveniences the core does not have

extension InterfaceOrientation {
    /// Whether it is `landscapeLeft` or `landscapeRight`.
    public var isLandscape: Bool { family == .landscape }

    /// How far the content is turned clockwise on a portrait-native panel, in degrees, so
    /// that it reads upright for the user: portrait 0, landscape-right 90,
    /// portrait-upside-down 180, landscape-left 270.
    public var clockwiseRotationDegrees: Int {
        switch self {
        case .portrait: 0
        case .landscapeRight: 90
        case .portraitUpsideDown: 180
        case .landscapeLeft: 270
        }
    }

    /// This orientation's bit in `OrientationMask`.
    public var mask: OrientationMask { OrientationMask(self) }
}

extension OrientationMask {
    /// A mask holding these orientations.
    public init(_ orientations: [InterfaceOrientation]) {
        self = orientations.reduce(into: []) { $0.insert(OrientationMask($1)) }
    }

    /// Reads the wire form. Besides the single names it accepts the contract's shorthands
    /// `landscape`, `all` and `all-but-upside-down`; nil if a name is none of these. An
    /// empty list is the empty mask.
    public init?(names: [String]) {
        guard let mask = try? OrientationMask(parsing: names, allowEmpty: true) else { return nil }
        self = mask
    }
}

/// Why a scene's orientation changed (the `reason` of `OrientationChanged`).
///
/// A struct rather than an enum so a reason added by a later orientd still decodes.
public struct OrientationChangeReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One of the reasons this library knows (the core's names).
    init(_ reason: ChangeReason) { self.init(rawValue: reason.rawValue) }

    /// The device turned.
    public static let device = Self(ChangeReason.device)
    /// `updateOrientation()`.
    public static let update = Self(ChangeReason.update)
    /// `requestOrientation(_:)`.
    public static let request = Self(ChangeReason.request)
    /// A window-filling controller was presented.
    public static let presentation = Self(ChangeReason.presentation)
    /// A presented controller was dismissed.
    public static let dismissal = Self(ChangeReason.dismissal)
    /// A push, a pop or a new root.
    public static let navigation = Self(ChangeReason.navigation)
    /// A tab was selected.
    public static let tab = Self(ChangeReason.tab)
    /// Kiosk mode, an app policy, the rotation lock or the window policy changed.
    public static let policy = Self(ChangeReason.policy)
    /// The activation state changed.
    public static let activation = Self(ChangeReason.activation)
    /// The geometry changed (split view).
    public static let geometry = Self(ChangeReason.geometry)

    public var description: String { rawValue }
}

/// One `OrientationChanged` signal of a scene.
public struct OrientationChange: Sendable, Hashable, CustomStringConvertible {
    /// The scene's object path.
    public let scenePath: String
    /// The orientation before.
    public let previous: InterfaceOrientation
    /// The orientation now.
    public let current: InterfaceOrientation
    /// Why it changed.
    public let reason: OrientationChangeReason

    public init(scenePath: String, previous: InterfaceOrientation, current: InterfaceOrientation,
                reason: OrientationChangeReason) {
        self.scenePath = scenePath
        self.previous = previous
        self.current = current
        self.reason = reason
    }

    /// Such as `portrait -> landscape-right (presentation)`.
    public var description: String { "\(previous) -> \(current) (\(reason))" }
}

/// A scene's size in points, in its current orientation.
public struct SceneSize: Sendable, Hashable, CustomStringConvertible {
    public var width: UInt32
    public var height: UInt32
    public init(width: UInt32, height: UInt32) {
        self.width = width
        self.height = height
    }
    public var description: String { "\(width)x\(height)" }
}

/// The options of `OrientationClient.registerScene(_:)` (the `RegisterScene` vardict).
/// Nil leaves a key out, so orientd applies its default.
public struct SceneOptions: Sendable, Hashable {
    /// The app's id (1–255 of `A-Z a-z 0-9 . _ -`), such as `org.example.Player`.
    public var appID: String
    /// `phone` (orientd's default) or `pad`.
    public var idiom: Idiom?
    /// The app's supported orientations (Info.plist's UISupportedInterfaceOrientations). Default: phone
    /// portrait only, pad portrait and both landscapes.
    public var supportedOrientations: OrientationMask?
    /// The scene delegate's mask (`windowScene:supportedInterfaceOrientationsForWindow:`).
    public var sceneDelegateOrientations: OrientationMask?
    /// The app delegate's mask (`application:supportedInterfaceOrientationsForWindow:`).
    public var appDelegateOrientations: OrientationMask?
    /// The size in points, in the scene's current orientation. Default: phone 390x844,
    /// pad 820x1180.
    public var size: SceneSize?
    /// The display it is on (default `builtin`; only the built-in display follows the device).
    public var display: String?
    /// A detached scene outlives the connection that registered it, any client may change
    /// it, and only `unregister()` removes it. Default false: the scene is this client's.
    public var detached: Bool

    public init(appID: String, idiom: Idiom? = nil, supportedOrientations: OrientationMask? = nil,
                sceneDelegateOrientations: OrientationMask? = nil, appDelegateOrientations: OrientationMask? = nil,
                size: SceneSize? = nil, display: String? = nil, detached: Bool = false) {
        self.appID = appID
        self.idiom = idiom
        self.supportedOrientations = supportedOrientations
        self.sceneDelegateOrientations = sceneDelegateOrientations
        self.appDelegateOrientations = appDelegateOrientations
        self.size = size
        self.display = display
        self.detached = detached
    }
}

/// What a controller declares (UIKit's three orientation methods, plus orientd's
/// `fills-window` and `forwards-orientation`). Nil leaves a key out: at creation the
/// default applies, in `setProperties(_:)` the current value stays.
public struct ControllerProperties: Sendable, Hashable {
    /// `shouldAutorotate` (default true).
    public var shouldAutorotate: Bool?
    /// `supportedInterfaceOrientations` (default: phone all but upside-down, pad all).
    public var supportedOrientations: OrientationMask?
    /// `preferredInterfaceOrientationForPresentation`; must lie in the controller's own mask.
    public var preferredOrientation: InterfaceOrientation?
    /// Clears a preferred orientation set before (sends `""`); wins over `preferredOrientation`.
    public var clearsPreferredOrientation: Bool
    /// For a presented controller: full screen (default true) or a sheet.
    public var fillsWindow: Bool?
    /// For navigation and tab controllers: hand the decision to the child on screen
    /// (default true), or decide themselves as stock UIKit containers do.
    public var forwardsOrientation: Bool?
    /// iOS 26's `prefersInterfaceOrientationLocked` (default false): freeze the scene's
    /// orientation while it is in front and full-screen; apply with `update()`. Needs an
    /// orientd of interface version 6.
    public var prefersOrientationLocked: Bool?

    public init(shouldAutorotate: Bool? = nil, supportedOrientations: OrientationMask? = nil,
                preferredOrientation: InterfaceOrientation? = nil, clearsPreferredOrientation: Bool = false,
                fillsWindow: Bool? = nil, forwardsOrientation: Bool? = nil, prefersOrientationLocked: Bool? = nil) {
        self.prefersOrientationLocked = prefersOrientationLocked
        self.shouldAutorotate = shouldAutorotate
        self.supportedOrientations = supportedOrientations
        self.preferredOrientation = preferredOrientation
        self.clearsPreferredOrientation = clearsPreferredOrientation
        self.fillsWindow = fillsWindow
        self.forwardsOrientation = forwardsOrientation
    }
}

/// A scene's properties, read in one call.
public struct SceneState: Sendable, Hashable {
    public var appID: String
    /// The owner's unique bus name; nil for a detached scene.
    public var owner: String?
    public var detached: Bool
    public var idiom: Idiom
    public var display: String
    public var interfaceOrientation: InterfaceOrientation
    /// The effective mask of the last evaluation.
    public var supportedOrientations: OrientationMask
    /// The id of the controller that decides; nil if the scene has none.
    public var decidingController: String?
    public var size: SceneSize
    public var splitView: Bool
    public var activationState: ActivationState
    public var statusBarHidden: Bool
}

/// One step of `OrientationScene.explain()` or `OrientationClient.explainPanel()`: a layer
/// (or the deciding path, the decision, a fact about the panel), the mask after it, and a sentence.
public struct ExplainStep: Sendable, Hashable, CustomStringConvertible {
    /// The step's name on the wire (`supported-orientations`, `window-policy`, … `decision`;
    /// `front`, `rotation-lock`, … `panel` for the panel's): an `ExplanationStep`'s raw value.
    public let name: String
    /// The mask after this step (for `decision`: the chosen orientation).
    public let orientations: [String]
    /// What the step did, in a sentence.
    public let sentence: String

    /// The step by its name; nil for one this client does not know (a newer orientd's).
    public var step: ExplanationStep? { ExplanationStep(rawValue: name) }

    public init(name: String, orientations: [String], sentence: String) {
        self.name = name
        self.orientations = orientations
        self.sentence = sentence
    }

    /// Such as `supported orientations [portrait, landscape-right]: The app's supported orientations ...`.
    public var description: String { "\(name) [\(orientations.joined(separator: ", "))]: \(sentence)" }
}
