/// What the layers leave for one scene: the supported orientations, the window policy, the system policy
/// (kiosk, the user's app policy, split view) and the deciding controller, each with the mask
/// it left. Computed without building strings; Explain words it.
public struct Resolution: Sendable {
    public enum WindowSource: Sendable { case sceneDelegate, appDelegate, supportedOrientations }
    public enum SplitOutcome: Sendable, Equatable {
        case notInSplitView
        case applied(OrientationFamily)
        /// Stabilisation would have left nothing, so it was skipped for this scene.
        case skipped(OrientationFamily)
        /// Kiosk mode forces the orientation; split view does not apply.
        case overriddenByKiosk
    }

    public var supportedOrientations: OrientationMask
    public var windowSource: WindowSource
    /// After layer 2 (window policy).
    public var window: OrientationMask
    /// After kiosk mode (equal to `window` when it is off).
    public var afterKiosk: OrientationMask
    public var policy: AppPolicy?
    /// The user's policy left nothing of the window's mask, and won.
    public var policyConflict = false
    public var afterPolicy: OrientationMask
    public var split: SplitOutcome
    /// After the whole system layer.
    public var afterSystem: OrientationMask
    public var deciding: Int?
    public var controllerMask: OrientationMask
    /// The system policy left the controller nothing, and won.
    public var controllerConflict = false
    /// The effective mask.
    public var final: OrientationMask
    public var autorotates: Bool
    /// The deciding controller prefers the orientation locked (iOS 26); honoured only while
    /// the scene qualifies (`OrientationManager.orientationLockHonoured`).
    public var prefersLocked = false
    public var preferred: InterfaceOrientation?
    public var kioskActive: Bool
    /// The user's `AppLocksAllowed` is off: the app's own declarations (supported orientations,
    /// delegates, controllers, presentations) constrain nothing.
    public var appLocksIgnored: Bool

    /// The window's mask and the deciding controller's share an orientation: anything else
    /// is UIKit's invalid-orientation exception, refused with `NoSupportedOrientation`. Judged on
    /// the app's own declarations, also while `AppLocksAllowed` sets them aside, so that a
    /// declaration accepted then stays valid when the switch goes back on.
    public private(set) var isValid = true

    /// Runs the layers for a scene under the given settings.
    public init(scene: borrowing Scene, settings: borrowing Settings) {
        // An observed scene's orientations come from the policy in force first, then its
        // desktop entry; an app that declares nothing follows the device as before orientd (the
        // configuration may narrow that): see `Scene.observedWindow` and docs/front-window.md.
        if scene.isObserved, let allowed = settings.appPolicies[scene.appId]?.allowed {
            supportedOrientations = allowed
        } else if scene.isObserved, scene.supportedGiven == nil {
            supportedOrientations = settings.undeclaredAppOrientations
        } else {
            supportedOrientations = scene.supportedOrientations
        }
        if let mask = scene.sceneDelegate {
            windowSource = .sceneDelegate; window = mask
        } else if let mask = scene.appDelegate {
            windowSource = .appDelegate; window = mask
        } else {
            windowSource = .supportedOrientations; window = supportedOrientations
        }
        deciding = scene.tree.deciding()
        if let deciding {
            let controller = scene.tree[deciding]
            controllerMask = controller.mask(idiom: scene.idiom)
            autorotates = controller.autorotates
            preferred = controller.declaration.preferred
            prefersLocked = controller.declaration.prefersOrientationLocked
        } else {
            // An unmodified app's window has no view controllers to narrow its supported orientations.
            controllerMask = scene.isObserved ? .all : scene.idiom.defaultControllerMask
            autorotates = true
            preferred = nil
        }

        // The user's switch above every app: the app's own declarations constrain nothing, and
        // the scene follows the device (the user's per-app choice and kiosk mode still apply).
        isValid = !window.intersection(controllerMask).isEmpty
        appLocksIgnored = !settings.appLocksAllowed
        if appLocksIgnored {
            if !(scene.isObserved && settings.appPolicies[scene.appId]?.allowed != nil) { supportedOrientations = .all }
            (windowSource, window) = (.supportedOrientations, supportedOrientations)
            (controllerMask, autorotates, preferred, prefersLocked) = (.all, true, nil, false)
        }
        kioskActive = settings.kioskMode
        var system = window
        if settings.kioskMode { system = OrientationMask(settings.kioskOrientation) }
        afterKiosk = system
        policy = settings.appPolicies[scene.appId]
        if !settings.kioskMode, let allowed = policy?.allowed {
            let capped = system.intersection(allowed)
            if capped.isEmpty {
                system = allowed
                policyConflict = true
            } else {
                system = capped
            }
        }
        afterPolicy = system
        if scene.splitView, let family = scene.splitFamily {
            if settings.kioskMode {
                split = .overriddenByKiosk
            } else {
                let limited = system.intersection(family.mask)
                if limited.intersection(controllerMask).isEmpty {
                    split = .skipped(family)
                } else {
                    split = .applied(family)
                    system = limited
                }
            }
        } else {
            split = .notInSplitView
        }
        afterSystem = system
        let result = system.intersection(controllerMask)
        if result.isEmpty {
            final = system
            controllerConflict = true
        } else {
            final = result
        }
    }

    /// The error for an invalid resolution: both masks named.
    func noSupportedOrientation(scene: Scene) -> OrientationError {
        let source: String
        switch windowSource {
        case .sceneDelegate: source = "scene delegate"
        case .appDelegate: source = "app delegate"
        case .supportedOrientations: source = scene.supportedGiven == nil
            ? (scene.isObserved ? SettingKey.undeclaredAppOrientations.rawValue : "\(scene.idiom.rawValue) default supported orientations")
            : scene.supportedFile.map { "supported orientations of \($0)" } ?? "app's supported orientations"
        }
        let who = deciding.map { "controller '\(scene.tree[$0].id)'" } ?? "the default controller"
        return OrientationError(.noSupportedOrientation,
            "No orientation left: the window allows \(window) (\(source)) and \(who) supports \(controllerMask)")
    }
}
