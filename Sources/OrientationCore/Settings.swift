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
    public var appPolicies: [String: AppPolicy] = [:]

    public init() {}
}
