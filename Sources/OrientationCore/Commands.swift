/// A point in time, given to the core by the shell (the core reads no clock).
public struct Moment: Sendable, Equatable {
    /// Monotonic microseconds, for the settle time.
    public var monotonic: Int64
    /// Microseconds since the Unix epoch, for history.
    public var wall: Int64

    public init(monotonic: Int64, wall: Int64) {
        self.monotonic = monotonic
        self.wall = wall
    }
}

/// Everything that can happen to the manager: calls from clients, sensor readings, the
/// passing of time and clients leaving the bus.
public enum Command: Sendable, Equatable {
    case registerScene(SceneRegistration)
    case unregisterScene(SceneID)
    /// A device orientation reading (from the sensor, or SetDeviceOrientation); it goes
    /// through the settle time.
    case deviceReading(DeviceOrientation, source: SensorSource)
    case setRotationLocked(Bool)
    /// nil orientation keeps the current KioskOrientation.
    case setKioskMode(Bool, InterfaceOrientation?)
    case setSplitViewThreshold(UInt32)
    case setSettleTime(UInt32)
    /// nil removes the app's policy.
    case setAppPolicy(appId: String, AppPolicy?)
    /// The user's switch above every app: false, every app follows the device.
    case setAppLocksAllowed(Bool)
    case setSensorAvailable(Bool)
    /// Drops the user's own value: a manager key's name, `App <app-id>`, or `all`.
    case resetSetting(String)
    /// The configuration files were read again.
    case reloadConfiguration(Configuration)
    /// The user's settings as read from disk replace the ones in force, re-evaluating what
    /// they change (`orientd --replace`, once the replaced instance let go of the state folder
    /// and its last saves can be read).
    case adoptUserSettings(SettingLayer)
    /// Time passed: a pending device reading that has held for the settle time is applied.
    case tick
    /// A connection left the bus: its scenes go.
    case clientVanished(String)
    /// The shell found out who is behind a connection (before any of its calls run).
    case callerIdentified(String, CallerIdentity)
    case scene(SceneID, SceneCommand)
    /// What the output backend saw of the compositor.
    case output(OutputCommand)
    /// What the window tracker saw of the compositor's app windows.
    case window(WindowCommand)
}

/// A compositor backend's report (rows of the transform table: see `InterfaceOrientation.panelRow`).
public enum OutputCommand: Sendable, Equatable {
    /// The backend found its compositor and the panel: its connector and what it shows (nil: unknown).
    case attached(OutputBackendKind, name: String, showing: InterfaceOrientation?)
    /// The panel's mode size and scale, and what the compositor says of turning it from the
    /// sensor itself (the screen's class and posture); sent after `attached` and on a change.
    case facts(PanelFacts)
    /// What the panel shows after an apply or someone else's change. Someone else's turn away
    /// from what the app in front can show is turned back once, then respected (`OutputTurnedAway.swift`).
    case read(InterfaceOrientation?)
    /// No backend drives the panel: the compositor is not there, went away or refused, or no
    /// backend was chosen. `reason` says why, and the option that changes it (the manager's
    /// `OutputStatus`).
    case detached(reason: String)
    /// A sentence on how the backend drives the panel while attached ("" clears it), shown as
    /// `OutputStatus` and in Explain: orientd stopped holding the compositor's rotation off.
    case note(String)
}

/// The Scene interface's calls.
public enum SceneCommand: Sendable, Equatable {
    case setRoot(ControllerSpec)
    case push(navigation: String, ControllerSpec)
    case pop(navigation: String)
    case addTab(tab: String, ControllerSpec)
    case selectTab(tab: String, child: String)
    case present(presenter: String, ControllerSpec)
    case dismiss(String)
    case setProperties(String, ControllerPatch)
    case setMode(String, OrientationModeName)
    case update
    case request(InterfaceOrientation)
    /// nil: not given.
    case setWindowOrientations(sceneDelegate: OrientationMask?, appDelegate: OrientationMask?)
    case setGeometry(width: UInt32, height: UInt32)
    case setActivation(ActivationState)

    /// Calls open to every client, not just the owner.
    var isOpenToAll: Bool {
        if case .request = self { return true }
        return false
    }
}
