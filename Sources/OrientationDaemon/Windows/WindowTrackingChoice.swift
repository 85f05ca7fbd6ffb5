import OrientationCore

/// `--window-tracking`'s values: `WindowTrackers.family`'s entries.
public enum WindowTrackingOption: AdapterOptionValues {
    public static var optionValues: [String] { WindowTrackers.family.optionValues }
}

/// `--window-tracking`: whose list of app windows orientd follows.
public typealias WindowTrackingChoice = AdapterOptionValue<WindowTrackingOption>

extension AdapterOptionValue where Values == WindowTrackingOption {
    /// The tracker kind a fixed choice names (nil for auto and none).
    public var kind: WindowTrackerKind? { WindowTrackerKind(rawValue: rawValue) }
}
