import OrientationCore

/// How orientd finds the device orientation.
public enum SensorMode: String, CaseIterable, Sendable {
    /// Use iio-sensor-proxy when the system bus has it, else manual input only.
    case auto
    /// Wait for iio-sensor-proxy, however long it takes to appear.
    case iio
    /// Never touch the system bus: manual input (SetDeviceOrientation) only.
    case none
}

/// What the service is started with.
public struct ServiceOptions: Sendable {
    public var stateDirectory: String
    /// Take the bus name over from a running instance.
    public var replace = false
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
