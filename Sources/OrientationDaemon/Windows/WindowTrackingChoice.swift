import OrientationCore

/// `--window-tracking`: whose list of app windows orientd follows.
public enum WindowTrackingChoice: String, CaseIterable, Sendable {
    /// Whatever the session offers (the first tracker whose compositor is there).
    case auto
    case wlroots
    case kwin
    case gnome
    case x11
    /// Follow no window list: only registered scenes count.
    case none

    /// The valid values, for usage errors and --help.
    public static let validNames = allCases.map(\.rawValue).joined(separator: ", ")

    /// The tracker kind a fixed choice names (nil for auto and none).
    public var kind: WindowTrackerKind? { WindowTrackerKind(rawValue: rawValue) }
}
