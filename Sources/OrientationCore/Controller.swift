/// What a controller declares: UIKit's `shouldAutorotate`, `supportedInterfaceOrientations`
/// and `preferredInterfaceOrientationForPresentation`, plus how it is shown and whether a
/// container hands the decision to its child.
public struct ControllerDeclaration: Sendable, Equatable {
    public var shouldAutorotate = true
    /// nil: the idiom's default (phone all-but-upside-down, pad all).
    public var supported: OrientationMask?
    public var preferred: InterfaceOrientation?
    /// For presented controllers: full-screen (true) or a sheet (false).
    public var fillsWindow = true
    /// For containers: hand the decision to the child on screen (the iOS practice's policy), or decide
    /// itself as stock UIKit containers do.
    public var forwardsOrientation = true
    /// iOS 26's `prefersInterfaceOrientationLocked`: freeze the current orientation while the
    /// scene is in front, full-screen and not covered (`Scene.orientationLockHonoured`).
    public var prefersOrientationLocked = false

    public init() {}
}

/// A change to a declaration; nil fields keep their value. `preferred` = `.some(nil)` clears it.
public struct ControllerPatch: Sendable, Equatable {
    public var shouldAutorotate: Bool?
    public var supported: OrientationMask?
    public var preferred: InterfaceOrientation??
    public var fillsWindow: Bool?
    public var forwardsOrientation: Bool?
    public var prefersOrientationLocked: Bool?

    public init(shouldAutorotate: Bool? = nil, supported: OrientationMask? = nil,
                preferred: InterfaceOrientation?? = nil, fillsWindow: Bool? = nil,
                forwardsOrientation: Bool? = nil, prefersOrientationLocked: Bool? = nil) {
        self.prefersOrientationLocked = prefersOrientationLocked
        self.shouldAutorotate = shouldAutorotate
        self.supported = supported
        self.preferred = preferred
        self.fillsWindow = fillsWindow
        self.forwardsOrientation = forwardsOrientation
    }

    func applied(to declaration: ControllerDeclaration) -> ControllerDeclaration {
        var result = declaration
        if let v = shouldAutorotate { result.shouldAutorotate = v }
        if let v = supported { result.supported = v }
        if let v = preferred { result.preferred = v }
        if let v = fillsWindow { result.fillsWindow = v }
        if let v = forwardsOrientation { result.forwardsOrientation = v }
        if let v = prefersOrientationLocked { result.prefersOrientationLocked = v }
        return result
    }
}

/// A new controller: its id (unique within the scene), kind and declaration.
public struct ControllerSpec: Sendable, Equatable {
    public var id: String
    public var kind: ControllerKind
    public var patch: ControllerPatch

    public init(id: String, kind: ControllerKind, patch: ControllerPatch = ControllerPatch()) {
        self.id = id
        self.kind = kind
        self.patch = patch
    }
}

/// One controller in a scene's tree.
public struct ControllerNode: Sendable {
    public let id: String
    public let kind: ControllerKind
    public internal(set) var declaration: ControllerDeclaration
    /// The orientation mode of the iOS OrientationManager practice; when set it replaces the declared mask.
    public internal(set) var mode: ControllerMode?
    /// Navigation stack (last is the top) or tabs, as handles into the tree.
    public internal(set) var children: [Int] = [] {
        didSet { lastChild = children.last }
    }
    /// The last of `children` (a navigation controller's top), kept in the node itself: the
    /// walk to the deciding controller reads it without reaching the children's own storage,
    /// one memory access fewer a level (which a deep tree scattered over the heap pays in
    /// cache misses).
    public private(set) var lastChild: Int?
    /// A tab controller's selected child.
    public internal(set) var selected: Int?
    /// The controller this one presents modally.
    public internal(set) var presented: Int?
    public internal(set) var parent: Int?
    /// Whether this controller was presented by its parent (rather than contained in it).
    public internal(set) var isPresented = false

    /// The mask this controller decides with: its mode's, else its declaration's, else the idiom's default.
    public func mask(idiom: Idiom) -> OrientationMask {
        mode?.mask ?? declaration.supported ?? idiom.defaultControllerMask
    }

    /// Whether it autorotates: `should-autorotate` and not in the `locked` mode.
    public var autorotates: Bool {
        if case .locked = mode { return false }
        return declaration.shouldAutorotate
    }
}
