/// The compositor families whose window lists orientd follows.
public enum WindowTrackerKind: String, CaseIterable, Sendable {
    case wlroots, kwin, gnome, x11
    public static let noneName = "none"
    public static func name(of kind: WindowTrackerKind?) -> String { kind?.rawValue ?? noneName }
}
