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
///
/// A value, as every state of the core is; its fields live in one heap object shared between
/// copies until one of them changes (`SceneFields`). The manager's table of scenes then holds
/// a reference per slot rather than ~260 bytes, and a Swift dictionary keeps a quarter to
/// over half of its slots empty: 100 scenes were 67 KB of table, most of it empty slots.
public struct Scene: Sendable {
    private var fields: SceneFields

    /// The fields, copied first when another scene value shares them.
    private var unique: SceneFields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = SceneFields(copying: fields) }
            return fields
        }
    }

    public var id: SceneID { fields.id }
    public var appId: String { fields.appId }
    public var idiom: Idiom { fields.idiom }
    public var display: String { fields.display }
    /// The connection that owns it; nil when detached.
    public var owner: String? { fields.owner }
    /// The connection that registered it.
    public var creator: String { fields.creator }
    /// Whose limits it counts against: the creator, or a sandboxed creator's app across its connections.
    var quotaHolder: String { fields.quotaHolder }
    /// The app's supported orientations as given, or nil for the idiom's default. (An observed scene's
    /// follows its app's desktop entry as the shell reads it again.)
    public internal(set) var supportedGiven: OrientationMask? {
        get { fields.supportedGiven }
        _modify { let f = unique; yield &f.supportedGiven }
    }
    /// The desktop entry the supported orientations came from, or nil (given at registration, or the default).
    public internal(set) var supportedFile: String? {
        get { fields.supportedFile }
        _modify { let f = unique; yield &f.supportedFile }
    }
    /// An observed scene's desktop entry declaration as read (`supportedGiven` is the part in
    /// force under the rules of the moment: `DeclaredOrientations.inForce`).
    public internal(set) var declared: DeclaredOrientations? {
        get { fields.declared }
        _modify { let f = unique; yield &f.declared }
    }
    /// The tracked window an observed scene stands for; nil for a registered scene.
    public var observedWindow: UInt64? { fields.observedWindow }
    public internal(set) var sceneDelegate: OrientationMask? {
        get { fields.sceneDelegate }
        _modify { let f = unique; yield &f.sceneDelegate }
    }
    public internal(set) var appDelegate: OrientationMask? {
        get { fields.appDelegate }
        _modify { let f = unique; yield &f.appDelegate }
    }
    public internal(set) var width: UInt32 {
        get { fields.width }
        _modify { let f = unique; yield &f.width }
    }
    public internal(set) var height: UInt32 {
        get { fields.height }
        _modify { let f = unique; yield &f.height }
    }
    public internal(set) var activation: ActivationState {
        get { fields.activation }
        _modify { let f = unique; yield &f.activation }
    }
    public internal(set) var tree: ControllerTree {
        get { fields.tree }
        _modify { let f = unique; yield &f.tree }
    }
    public internal(set) var orientation: InterfaceOrientation {
        get { fields.orientation }
        _modify { let f = unique; yield &f.orientation }
    }
    /// The effective mask of the last evaluation.
    public internal(set) var effectiveMask: OrientationMask {
        get { fields.effectiveMask }
        _modify { let f = unique; yield &f.effectiveMask }
    }
    /// The deciding controller's id at the last evaluation ("" when the tree is empty).
    public internal(set) var decidingController: String {
        get { fields.decidingController }
        _modify { let f = unique; yield &f.decidingController }
    }
    /// Whether the deciding controller's preference for a locked orientation was honoured at
    /// the last evaluation (the scene's `OrientationLocked`).
    public internal(set) var orientationLocked: Bool {
        get { fields.orientationLocked }
        _modify { let f = unique; yield &f.orientationLocked }
    }
    public internal(set) var splitView: Bool {
        get { fields.splitView }
        _modify { let f = unique; yield &f.splitView }
    }
    /// The family frozen when the scene entered split view.
    public internal(set) var splitFamily: OrientationFamily? {
        get { fields.splitFamily }
        _modify { let f = unique; yield &f.splitFamily }
    }
    public internal(set) var lastRule: DecisionRule {
        get { fields.lastRule }
        _modify { let f = unique; yield &f.lastRule }
    }
    public internal(set) var lastReason: ChangeReason? {
        get { fields.lastReason }
        _modify { let f = unique; yield &f.lastReason }
    }

    public var isDetached: Bool { owner == nil }
    /// Whether the scene stands for an app window the tracker reports (no client registered
    /// it, and none may change it).
    public var isObserved: Bool { observedWindow != nil }
    public var supportedOrientations: OrientationMask { supportedGiven ?? idiom.defaultSupported }
    public var isBuiltin: Bool { display == builtinDisplay }

    init(id: SceneID, registration r: SceneRegistration, creator: String, quotaHolder: String? = nil) {
        fields = SceneFields(
            id: id, appId: r.appId, idiom: r.idiom, display: r.display, owner: r.detached ? nil : creator,
            creator: creator, quotaHolder: quotaHolder ?? creator, observedWindow: nil,
            width: r.width ?? r.idiom.defaultSize.width, height: r.height ?? r.idiom.defaultSize.height)
        fields.supportedGiven = r.supported
        fields.supportedFile = r.supported == nil ? nil : r.supportedFromFile
        fields.sceneDelegate = r.sceneDelegate
        fields.appDelegate = r.appDelegate
    }

    /// An observed scene for `window`: on `builtin`, owned by nobody, its supported orientations the
    /// window's desktop entry (nil: the idiom's default), its activation the compositor's.
    init(id: SceneID, observing window: TrackedWindow, idiom: Idiom, inForce: OrientationMask?) {
        fields = SceneFields(
            id: id, appId: window.appId, idiom: idiom, display: builtinDisplay, owner: nil,
            creator: Scene.observedCreator, quotaHolder: Scene.observedCreator, observedWindow: window.handle,
            width: idiom.defaultSize.width, height: idiom.defaultSize.height)
        fields.declared = window.declared
        fields.supportedGiven = inForce
        fields.supportedFile = inForce == nil ? nil : window.declared?.file
        fields.activation = window.activation
    }

    /// The creator of every observed scene: not a bus name (those start with ':'), so no
    /// connection is charged for them, and their paths are `…/scene/observed/<n>`.
    public static let observedCreator = "observed"

}
