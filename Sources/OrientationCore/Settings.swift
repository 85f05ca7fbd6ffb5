/// The user's policy for one app-id: cap or pin its orientations, or keep it from following
/// the sensor. Persisted across restarts.
public struct AppPolicy: Sendable, Equatable {
    /// nil: no cap.
    public var allowed: OrientationMask?
    public var followSensor: Bool

    public init(allowed: OrientationMask? = nil, followSensor: Bool = true) {
        self.allowed = allowed
        self.followSensor = followSensor
    }
}

/// The global settings a user or administrator changes; all of them persist.
public struct Settings: Sendable, Equatable {
    public var rotationLocked = false
    public var kioskMode = false
    public var kioskOrientation: InterfaceOrientation = .portrait
    /// Pad scenes narrower or lower than this many points are in split view.
    public var splitViewThreshold: UInt32 = 768
    /// How long a new device orientation must hold before scenes follow it.
    public var settleTimeMilliseconds: UInt32 = 250
    /// What an observed app that declares nothing (no policy, no orientation key in its
    /// desktop entry) supports: by default all four, as the compositor's own auto-rotation.
    public var undeclaredAppOrientations: OrientationMask = .all
    /// Whether apps may constrain the orientation (the user's switch, above every app): when
    /// false every app follows the device — declarations, registered masks, presentations and
    /// requests constrain nothing; the user's own per-app choices and kiosk mode still do.
    public var appLocksAllowed = true
    /// The screen class: measured from the panel (`auto`), or set by the administrator.
    public var screenClass: ScreenClassChoice = .auto
    /// Whether, on a large screen held in the hand, a phone declaration is only a hint (the
    /// panel follows the device, as Android 16 does on screens of 600 dp and more).
    public var largeScreenRule = true
    public var appPolicies: [String: AppPolicy] = [:]

    public init() {}
}
