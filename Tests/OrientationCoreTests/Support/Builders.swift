import OrientationCore

// A tiny DSL for controllers, patches and masks, so a test reads like the tree it builds.

/// A controller of any kind with the given declaration (nil: not given, the default).
func controller(_ id: String, _ kind: ControllerKind, _ supported: OrientationMask? = nil,
                preferred: InterfaceOrientation? = nil, autorotates: Bool? = nil,
                fillsWindow: Bool? = nil, forwards: Bool? = nil) -> ControllerSpec {
    ControllerSpec(id: id, kind: kind, patch: patch(supported, preferred: preferred, autorotates: autorotates,
                                                    fillsWindow: fillsWindow, forwards: forwards))
}

func view(_ id: String, _ supported: OrientationMask? = nil, preferred: InterfaceOrientation? = nil,
          autorotates: Bool? = nil, fillsWindow: Bool? = nil) -> ControllerSpec {
    controller(id, .view, supported, preferred: preferred, autorotates: autorotates, fillsWindow: fillsWindow)
}

func navigation(_ id: String, _ supported: OrientationMask? = nil, forwards: Bool? = nil,
                fillsWindow: Bool? = nil) -> ControllerSpec {
    controller(id, .navigation, supported, fillsWindow: fillsWindow, forwards: forwards)
}

func tabs(_ id: String, _ supported: OrientationMask? = nil, forwards: Bool? = nil) -> ControllerSpec {
    controller(id, .tab, supported, forwards: forwards)
}

/// A SetControllerProperties patch; nil fields keep their value (use `clearPreferred` to clear).
func patch(_ supported: OrientationMask? = nil, preferred: InterfaceOrientation? = nil, autorotates: Bool? = nil,
           fillsWindow: Bool? = nil, forwards: Bool? = nil) -> ControllerPatch {
    ControllerPatch(shouldAutorotate: autorotates, supported: supported, preferred: preferred.map { .some($0) },
                    fillsWindow: fillsWindow, forwardsOrientation: forwards)
}

let clearPreferred = ControllerPatch(preferred: .some(nil))

/// Registration options in one expression.
func registration(_ appId: String = "org.example.App", idiom: Idiom = .phone, supported: OrientationMask? = nil,
                  sceneDelegate: OrientationMask? = nil, appDelegate: OrientationMask? = nil,
                  width: UInt32? = nil, height: UInt32? = nil, display: String = builtinDisplay,
                  detached: Bool = false) -> SceneRegistration {
    var r = SceneRegistration(appId: appId, idiom: idiom)
    r.supported = supported
    r.sceneDelegate = sceneDelegate
    r.appDelegate = appDelegate
    r.width = width
    r.height = height
    r.display = display
    r.detached = detached
    return r
}

extension OrientationMask {
    /// Short names for masks in tests.
    static let portraitOnly: OrientationMask = .portrait
    static let upsideDown: OrientationMask = .portraitUpsideDown
    static let portraitFamily: OrientationMask = [.portrait, .portraitUpsideDown]
}
