/// A scene's number: its object path is `/io/github/orientd/OrientationManager1/scene/<owner>/<n>`
/// (`SceneNamespace`).
public typealias SceneID = UInt64

/// The display a scene must be on to follow the device.
public let builtinDisplay = "builtin"

/// What an app gives when it registers a window (RegisterScene's options, decoded).
public struct SceneRegistration: Sendable, Equatable {
    public var appId: String
    public var idiom: Idiom = .phone
    /// The app's supported orientations (Info.plist); nil: the idiom's default.
    public var supported: OrientationMask?
    /// The app's desktop entry when `supported` came from it, not the call.
    public var supportedFromFile: String?
    public var sceneDelegate: OrientationMask?
    public var appDelegate: OrientationMask?
    public var width: UInt32?
    public var height: UInt32?
    public var display: String = builtinDisplay
    public var detached = false

    public init(appId: String, idiom: Idiom = .phone) {
        self.appId = appId
        self.idiom = idiom
    }
}

/// The rule that made a scene's last decision, for Explain.
public enum DecisionRule: Sendable, Equatable {
    case followedDevice(DeviceOrientation)
    /// On a desk: what the panel shows stands for the device.
    case followedPanel
    case keptCurrent
    /// The deciding controller prefers the orientation locked (iOS 26), and the scene qualifies.
    case keptLocked
    /// An observed window that opened as the screen was (it allows that orientation).
    case openedAsScreen
    case preferred
    case firstAllowed
    case requested
    case presentationPreferred
    case backgroundDefault
}

/// One app window (UIWindowScene) and its controllers.
public struct Scene: Sendable {
    public let id: SceneID
    public let appId: String
    public let idiom: Idiom
    public let display: String
    /// The connection that owns it; nil when detached.
    public let owner: String?
    /// The connection that registered it.
    public let creator: String
    /// Whose limits it counts against: the creator, or a sandboxed creator's app across its connections.
    let quotaHolder: String
    /// The app's supported orientations as given, or nil for the idiom's default. (An observed scene's
    /// follows its app's desktop entry as the shell reads it again.)
    public internal(set) var supportedGiven: OrientationMask?
    /// The desktop entry the supported orientations came from, or nil (given at registration, or the default).
    public internal(set) var supportedFile: String?
    /// An observed scene's desktop entry declaration as read (`supportedGiven` is the part in
    /// force under the rules of the moment: `DeclaredOrientations.inForce`).
    public internal(set) var declared: DeclaredOrientations?
    /// The tracked window an observed scene stands for; nil for a registered scene.
    public let observedWindow: UInt64?
    public internal(set) var sceneDelegate: OrientationMask?
    public internal(set) var appDelegate: OrientationMask?
    public internal(set) var width: UInt32
    public internal(set) var height: UInt32
    public internal(set) var activation: ActivationState = .foregroundActive
    public internal(set) var tree = ControllerTree()
    public internal(set) var orientation: InterfaceOrientation = .portrait
    /// The effective mask of the last evaluation.
    public internal(set) var effectiveMask: OrientationMask = []
    /// The deciding controller's id at the last evaluation ("" when the tree is empty).
    public internal(set) var decidingController = ""
    /// Whether the deciding controller's preference for a locked orientation was honoured at
    /// the last evaluation (the scene's `OrientationLocked`).
    public internal(set) var orientationLocked = false
    public internal(set) var splitView = false
    /// The family frozen when the scene entered split view.
    public internal(set) var splitFamily: OrientationFamily?
    public internal(set) var lastRule: DecisionRule = .firstAllowed
    public internal(set) var lastReason: ChangeReason?

    public var isDetached: Bool { owner == nil }
    /// Whether the scene stands for an app window the tracker reports (no client registered
    /// it, and none may change it).
    public var isObserved: Bool { observedWindow != nil }
    public var supportedOrientations: OrientationMask { supportedGiven ?? idiom.defaultSupported }
    public var isBuiltin: Bool { display == builtinDisplay }

    init(id: SceneID, registration r: SceneRegistration, creator: String, quotaHolder: String? = nil) {
        self.quotaHolder = quotaHolder ?? creator
        self.id = id
        appId = r.appId
        idiom = r.idiom
        display = r.display
        owner = r.detached ? nil : creator
        self.creator = creator
        supportedGiven = r.supported
        supportedFile = r.supported == nil ? nil : r.supportedFromFile
        sceneDelegate = r.sceneDelegate
        appDelegate = r.appDelegate
        width = r.width ?? r.idiom.defaultSize.width
        height = r.height ?? r.idiom.defaultSize.height
        observedWindow = nil
    }

    /// An observed scene for `window`: on `builtin`, owned by nobody, its supported orientations the
    /// window's desktop entry (nil: the idiom's default), its activation the compositor's.
    init(id: SceneID, observing window: TrackedWindow, idiom: Idiom, inForce: OrientationMask?) {
        self.id = id
        appId = window.appId
        self.idiom = idiom
        display = builtinDisplay
        owner = nil
        creator = Scene.observedCreator
        quotaHolder = Scene.observedCreator
        declared = window.declared
        supportedGiven = inForce
        supportedFile = inForce == nil ? nil : window.declared?.file
        width = idiom.defaultSize.width
        height = idiom.defaultSize.height
        activation = window.activation
        observedWindow = window.handle
    }

    /// The creator of every observed scene: not a bus name (those start with ':'), so no
    /// connection is charged for them, and their paths are `…/scene/observed/<n>`.
    public static let observedCreator = "observed"

}
