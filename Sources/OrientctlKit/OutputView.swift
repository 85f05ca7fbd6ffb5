import OrientationClient

/// `status`'s output lines and JSON members.
public enum OutputView {
    /// `mutter turns Meta-0, showing landscape-left`, or `none: ` and why (with the option
    /// that changes it), as the service says it.
    public static func outputLine(_ m: ManagerProperties, style: Style) -> String {
        guard let backend = m.outputBackendText else { return m.outputStatusText.map { "none: \($0.terminalSafe)" } ?? "none" }
        let shows = m.outputOrientationText.map { style.highlight($0.terminalSafe) } ?? "an unknown orientation"
        var line = "\(backend.terminalSafe) turns \(m.outputNameText?.terminalSafe ?? "?"), showing \(shows)"
        // A backend's note while it drives the panel (orientd stopped holding the compositor's rotation).
        if let note = m.outputStatusText, !note.isEmpty { line += "; " + note.terminalSafe }
        return backend == "kwin" ? line + "; " + kwinAutoRotation : line
    }

    /// How Plasma's own auto-rotation meets orientd's: KWin 6's output management lets orientd
    /// hold the panel's auto-rotate policy and give it back; Plasma 5.27's lets no client.
    public static let kwinAutoRotation = "while orientd turns the panel it holds Plasma's auto-rotation at \"never\" and "
        + "gives your policy back after (KWin 6 and later); on Plasma 5.27, which lets no client set it, "
        + "set the panel's orientation to a fixed one in System Settings"

    /// `wlroots, 3 app windows, org.example.Reader in front`, or `none: ` and why (the manager's
    /// `WindowTrackingStatus`), or `none (only registered scenes count)` from an orientd that does not say.
    public static func windowsLine(_ m: ManagerProperties) -> String {
        guard let tracker = m.windowTrackingText else {
            return m.windowTrackingStatusText.map { "none: \($0.terminalSafe)" } ?? "none (only registered scenes count)"
        }
        let count = "\(m.trackedWindows) app window\(m.trackedWindows == 1 ? "" : "s")"
        return "\(tracker.terminalSafe), \(count), \(m.frontAppText.map { "\($0.terminalSafe) in front" } ?? "no app in front")"
    }

    /// `3 org.example.Video`, or `none`.
    public static func frontSceneLine(_ m: ManagerProperties, scenes: [SceneProperties]) -> String {
        guard let path = m.frontScene else { return "none" }
        let label = SceneReference.label(of: path).terminalSafe
        guard let scene = scenes.first(where: { $0.path == path }) else { return label }
        return "\(label) \(scene.appIdText.terminalSafe)"
    }

    /// lowerCamelCase members, `null` for none: `outputBackend`, `outputName`,
    /// `outputOrientation`, `outputStatus`, `frontScene` (the scene's number).
    public static func jsonMembers(_ m: ManagerProperties) -> [(String, PrintedJSON)] {
        [
            ("outputBackend", m.outputBackendText.map(PrintedJSON.string) ?? .null),
            ("outputName", m.outputNameText.map(PrintedJSON.string) ?? .null),
            ("outputOrientation", m.outputOrientationText.map(PrintedJSON.string) ?? .null),
            ("outputStatus", m.outputStatusText.map(PrintedJSON.string) ?? .null),
            ("frontScene", m.frontScene.flatMap(SceneReference.number(of:)).map(PrintedJSON.uint) ?? .null),
        ]
    }
}
