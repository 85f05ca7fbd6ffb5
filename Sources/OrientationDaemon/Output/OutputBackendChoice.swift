import OrientationCore

/// `--output-backend`: which compositor interface turns the built-in panel.
public enum OutputBackendChoice: String, CaseIterable, Sendable {
    /// The first backend whose compositor is there (docs/output.md gives the order).
    case auto
    case mutter
    case wlroots
    case kwin
    case x11
    /// Never touch the compositor: the panel is left to it.
    case none

    /// The valid values, for usage errors and --help.
    public static let validNames = allCases.map(\.rawValue).joined(separator: ", ")

    /// The backend kind a fixed choice names (nil for auto and none).
    public var kind: OutputBackendKind? { OutputBackendKind(rawValue: rawValue) }
}
