import OrientationCore

/// What the service is started with.
public struct ServiceOptions: Sendable {
    public var stateDirectory: String
    /// Take the bus name over from a running instance.
    public var replace = false
    /// `--sensor` (Sensor/SensorMode.swift).
    public var sensor: SensorMode = .auto
    public var naturalOrientation: NaturalOrientation = .portrait
    /// `--screen-class`: `auto` measures the panel (or takes orientd.conf's ScreenClass).
    public var screenClass: ScreenClassChoice = .auto
    /// `--output-backend` (Output/OutputBackendChoice.swift).
    public var outputBackend: OutputBackendChoice = .auto
    /// `--output NAME`: the connector to drive; nil: the built-in panel.
    public var outputName: String?
    /// `--touch-device NAME`, repeatable: the X input devices whose touch follows the panel's
    /// rotation on X11 (empty: every touchscreen; `["none"]`: none).
    public var touchDevices: [String] = []
    /// `--window-tracking` (Windows/WindowTrackingChoice.swift).
    public var windowTracking: WindowTrackingChoice = .auto
    public var verbose = false
    public var limits = Limits.default

    public init(stateDirectory: String = SettingsStore.defaultDirectory()) {
        self.stateDirectory = stateDirectory
    }
}
