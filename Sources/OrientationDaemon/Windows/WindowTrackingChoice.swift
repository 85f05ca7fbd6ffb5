import OrientationCore

/// `--window-tracking`: whose list of app windows orientd follows: `auto`, a tracker's name
/// (`WindowTrackers.family`'s entries, the only list of them) or `none`.
public struct WindowTrackingChoice: RawRepresentable, CaseIterable, Hashable, Sendable {
    public let rawValue: String

    /// Nil for a value the option does not take.
    public init?(rawValue: String) {
        guard Self.values.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Whatever the session offers (the first tracker whose compositor is there).
    public static let auto = Self(rawValue: "auto")!
    /// Follow no window list: only registered scenes count.
    public static let none = Self(rawValue: "none")!

    /// Every value, in `--help`'s order.
    public static var allCases: [Self] { values.compactMap(Self.init(rawValue:)) }
    static let values = WindowTrackers.family.optionValues

    /// The valid values, for usage errors.
    public static let validNames = values.joined(separator: ", ")

    /// The tracker kind a fixed choice names (nil for auto and none).
    public var kind: WindowTrackerKind? { WindowTrackerKind(rawValue: rawValue) }
}
