/// A property of a scene object, by its D-Bus name.
public enum SceneProperty: String, CaseIterable, Sendable {
    case appId = "AppId", owner = "Owner", detached = "Detached", observed = "Observed", idiom = "Idiom", display = "Display"
    case interfaceOrientation = "InterfaceOrientation", supportedOrientations = "SupportedOrientations"
    case supportedOrientationsMask = "SupportedOrientationsMask", decidingController = "DecidingController"
    case width = "Width", height = "Height", splitView = "SplitView", activationState = "ActivationState"
    case statusBarHidden = "StatusBarHidden"
    case orientationLocked = "OrientationLocked"

    /// The properties fixed at registration that never change while the scene exists: the
    /// XML annotates them `EmitsChangedSignal` `const`, and `SceneSnapshot.changes(to:)` never
    /// names them.
    public static let constant: Set<SceneProperty> = [.appId, .owner, .detached, .observed, .idiom]
}

/// A property of the manager object, by its D-Bus name.
public enum ManagerProperty: String, CaseIterable, Sendable {
    case version = "Version", deviceOrientation = "DeviceOrientation", rotationLocked = "RotationLocked"
    case kioskMode = "KioskMode", kioskOrientation = "KioskOrientation"
    case splitViewThreshold = "SplitViewThreshold", settleTime = "SettleTime"
    /// The configuration files applied, in order, and the settings they lock: they change only
    /// on a reload, in a `managerPropertiesChanged` of their own after the reload's other events.
    case configFiles = "ConfigFiles", lockedSettings = "LockedSettings"
    case sensorAvailable = "SensorAvailable", sensorSource = "SensorSource"
    case outputBackend = "OutputBackend", outputName = "OutputName", outputOrientation = "OutputOrientation"
    case outputStatus = "OutputStatus", frontScene = "FrontScene"
    case windowTracking = "WindowTracking", trackedWindows = "TrackedWindows", frontApp = "FrontApp"
    case undeclaredAppOrientations = "UndeclaredAppOrientations"
    case windowTrackingStatus = "WindowTrackingStatus"
    case settingSources = "SettingSources"
    case screenClass = "ScreenClass", screenClassReason = "ScreenClassReason"
    case posture = "Posture", postureReason = "PostureReason"
    case appLocksAllowed = "AppLocksAllowed"

    /// ConfigFiles and LockedSettings: what the configuration files say about themselves.
    /// (SettingSources changes with the settings, in their PropertiesChanged.)
    public var isConfiguration: Bool { self == .configFiles || self == .lockedSettings }
}

/// What the service must emit after a command, in order.
public enum Event: Sendable, Equatable {
    case sceneAdded(SceneID)
    case sceneRemoved(SceneID)
    /// Exactly once per real change of an existing scene's orientation.
    case orientationChanged(SceneID, from: InterfaceOrientation, to: InterfaceOrientation, reason: ChangeReason)
    /// One per mutation of a scene, naming every property that changed.
    case scenePropertiesChanged(SceneID, [SceneProperty])
    case managerPropertiesChanged([ManagerProperty])
    case deviceOrientationChanged(DeviceOrientation)
    case rotationSuggested(SceneID, InterfaceOrientation)
    /// The persisted settings changed: write them.
    case settingsChanged
    /// Turn the panel: the row of the transform table to apply (already shifted for the
    /// panel's natural orientation). Sent only when the output orientation changes, and when
    /// a backend attaches to a panel that shows something else: never for a read-back.
    case applyOutput(InterfaceOrientation)
    /// Claim the device's sensor (true) or release it (false): sent when `wantsSensor`
    /// changes, so only while a sensor is there to claim.
    case sensorWanted(Bool)
    /// Hold the compositor's own auto-rotation off (true) or give it back to the user's
    /// rotation lock (false): sent when `holdsCompositorRotation` changes.
    case holdCompositorRotation(Bool)
    /// Send `.tick` at this moment (monotonic microseconds; nil: none is due): sent when
    /// `nextDeadline` changes, and after a tick that came before it: the core reads no clock,
    /// so this is how it asks for time to pass.
    case tickDue(at: Int64?)
}

/// What a command answers besides its events.
public enum Reply: Sendable, Equatable {
    case none
    case scene(SceneID)
    case orientation(InterfaceOrientation)
    case controller(String)
}

/// Called by `OrientationManager.apply` with the events so far while a device reading turns
/// the scenes that follow the device, once for each scene decided: a turn of many scenes
/// takes a while to decide, and the shell can send the events that need nothing more of the
/// manager (a scene's `orientationChanged`, the device's) while the rest are decided. The
/// events so far are always a prefix of the outcome's, and a command that reports progress
/// cannot fail.
public typealias Progress = ([Event]) -> Void

/// A command's result.
public struct Outcome: Sendable, Equatable {
    public var reply: Reply
    public var events: [Event]
}
