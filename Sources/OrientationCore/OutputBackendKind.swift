/// A compositor interface that orientd can turn the built-in panel through (the manager's
/// `OutputBackend` property is one of these, or `none`).
public enum OutputBackendKind: String, CaseIterable, Sendable {
    /// `org.gnome.Mutter.DisplayConfig` on the session bus (GNOME Shell, mutter, Phosh).
    case mutter
    /// wlr-output-management, spoken through libwayland (phoc, sway, labwc).
    case wlroots
    /// KWin's output management (kde_output_device_v2, kde_output_management_v2), spoken
    /// through libwayland (KWin, Plasma Mobile).
    case kwin
    /// RandR on an X server.
    case x11

    /// The `OutputBackend` property's value when no backend drives the panel.
    public static let noneName = "none"

    /// The property's value for an optional backend: its name, or `none`.
    public static func name(of kind: OutputBackendKind?) -> String { kind?.rawValue ?? noneName }
}
