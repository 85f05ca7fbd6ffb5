/// An interface orientation (UIKit's UIInterfaceOrientation): how the app's content is
/// turned on the panel. The raw value is the contract's wire name.
public enum InterfaceOrientation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case portrait
    case landscapeRight = "landscape-right"
    case landscapeLeft = "landscape-left"
    case portraitUpsideDown = "portrait-upside-down"

    /// The wire name, such as `landscape-right`.
    public var description: String { rawValue }

    /// Whether it is `landscapeLeft` or `landscapeRight`.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

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
    public var mask: OrientationMask {
        switch self {
        case .portrait: .portrait
        case .landscapeRight: .landscapeRight
        case .landscapeLeft: .landscapeLeft
        case .portraitUpsideDown: .portraitUpsideDown
        }
    }
}

/// A device orientation (UIKit's UIDeviceOrientation), as the sensor reports it.
public enum DeviceOrientation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case unknown
    case portrait
    case portraitUpsideDown = "portrait-upside-down"
    /// Bottom edge (home button) on the right; the interface then is `landscapeRight`.
    case landscapeLeft = "landscape-left"
    /// Bottom edge on the left; the interface then is `landscapeLeft`.
    case landscapeRight = "landscape-right"
    case faceUp = "face-up"
    case faceDown = "face-down"

    public var description: String { rawValue }

    /// The interface orientation that reads upright in this device orientation (content
    /// turns against the device: device landscape-left is interface landscape-right); nil
    /// for `unknown`, `faceUp` and `faceDown`.
    public var interfaceOrientation: InterfaceOrientation? {
        switch self {
        case .portrait: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        case .landscapeLeft: .landscapeRight
        case .landscapeRight: .landscapeLeft
        case .unknown, .faceUp, .faceDown: nil
        }
    }
}

/// A set of interface orientations (UIKit's UIInterfaceOrientationMask, with its bits).
///
/// On the wire a mask is an array of names (`as`); `orientations` lists them in the
/// contract's canonical order.
public struct OrientationMask: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let portrait = OrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = OrientationMask(rawValue: 1 << 2)
    public static let landscapeRight = OrientationMask(rawValue: 1 << 3)
    public static let landscapeLeft = OrientationMask(rawValue: 1 << 4)
    /// Both landscapes.
    public static let landscape: OrientationMask = [.landscapeLeft, .landscapeRight]
    /// All four.
    public static let all: OrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    /// All but portrait-upside-down (the phone's default controller mask).
    public static let allButUpsideDown: OrientationMask = [.portrait, .landscape]

    /// A mask holding these orientations.
    public init(_ orientations: [InterfaceOrientation]) {
        self = orientations.reduce(into: []) { $0.insert($1.mask) }
    }

    /// Its orientations in canonical order: portrait, landscape-right, landscape-left,
    /// portrait-upside-down.
    public var orientations: [InterfaceOrientation] {
        InterfaceOrientation.allCases.filter { contains($0.mask) }
    }

    /// Whether it holds `orientation`.
    public func contains(_ orientation: InterfaceOrientation) -> Bool { contains(orientation.mask) }

    /// The wire form: single names in canonical order.
    public var names: [String] { orientations.map(\.rawValue) }

    /// Reads the wire form. Besides the single names it accepts the contract's shorthands
    /// `landscape`, `all` and `all-but-upside-down`; nil if a name is none of these.
    public init?(names: [String]) {
        var mask: OrientationMask = []
        for name in names {
            if let single = InterfaceOrientation(rawValue: name) {
                mask.insert(single.mask)
            } else {
                switch name {
                case "landscape": mask.formUnion(.landscape)
                case "all": mask.formUnion(.all)
                case "all-but-upside-down": mask.formUnion(.allButUpsideDown)
                default: return nil
                }
            }
        }
        self = mask
    }

    public var description: String { "[" + names.joined(separator: ", ") + "]" }
}

/// The kind of device a scene's app runs as (UIUserInterfaceIdiom).
public enum Idiom: String, Sendable, Hashable, CaseIterable {
    case phone
    case pad
}

/// A controller's kind.
public enum ControllerKind: String, Sendable, Hashable, CaseIterable {
    /// A plain view controller.
    case view
    /// A stack: its top (last pushed) child is on screen.
    case navigation
    /// A set of children: the selected one is on screen.
    case tab
}

/// The seeds' `OrientationMode`: when set on a controller it replaces the controller's
/// declared mask. Takes effect at the next evaluation (`updateOrientation()`, a structural
/// change, a device rotation or a policy change).
public enum OrientationMode: String, Sendable, Hashable, CaseIterable {
    /// Portrait only.
    case portrait
    /// Both landscapes.
    case landscape
    /// All four orientations.
    case dynamic
    /// The scene's orientation when the mode is applied, and no autorotation.
    case locked
    /// Clears the mode: the declared mask applies again.
    case none
}

/// A scene's activation state (UISceneActivationState).
public enum ActivationState: String, Sendable, Hashable, CaseIterable {
    case foregroundActive = "foreground-active"
    case foregroundInactive = "foreground-inactive"
    /// In the background the scene takes its default orientation and follows no device.
    case background
}

/// Why a scene's orientation changed (the `reason` of `OrientationChanged`).
///
/// A struct rather than an enum so a reason added by a later orientd still decodes.
public struct OrientationChangeReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The device turned.
    public static let device = Self(rawValue: "device")
    /// `updateOrientation()`.
    public static let update = Self(rawValue: "update")
    /// `requestOrientation(_:)`.
    public static let request = Self(rawValue: "request")
    /// A window-filling controller was presented.
    public static let presentation = Self(rawValue: "presentation")
    /// A presented controller was dismissed.
    public static let dismissal = Self(rawValue: "dismissal")
    /// A push, a pop or a new root.
    public static let navigation = Self(rawValue: "navigation")
    /// A tab was selected.
    public static let tab = Self(rawValue: "tab")
    /// Kiosk mode, an app policy, the rotation lock or the window policy changed.
    public static let policy = Self(rawValue: "policy")
    /// The activation state changed.
    public static let activation = Self(rawValue: "activation")
    /// The geometry changed (split view).
    public static let geometry = Self(rawValue: "geometry")

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
    /// The app whitelist (Info.plist's UISupportedInterfaceOrientations). Default: phone
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

    public init(shouldAutorotate: Bool? = nil, supportedOrientations: OrientationMask? = nil,
                preferredOrientation: InterfaceOrientation? = nil, clearsPreferredOrientation: Bool = false,
                fillsWindow: Bool? = nil, forwardsOrientation: Bool? = nil) {
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

/// One step of `OrientationScene.explain()`: a layer (or the deciding path, or the decision),
/// the mask after it, and a sentence.
public struct ExplainStep: Sendable, Hashable, CustomStringConvertible {
    /// `whitelist`, `window-policy`, `kiosk`, `app-policy`, `split-view`, `controller`,
    /// `path`, `decision`.
    public let name: String
    /// The mask after this step (for `decision`: the chosen orientation).
    public let orientations: [String]
    /// What the step did, in a sentence.
    public let sentence: String

    public init(name: String, orientations: [String], sentence: String) {
        self.name = name
        self.orientations = orientations
        self.sentence = sentence
    }

    /// Such as `whitelist [portrait, landscape-right]: The app whitelist ...`.
    public var description: String { "\(name) [\(orientations.joined(separator: ", "))]: \(sentence)" }
}
