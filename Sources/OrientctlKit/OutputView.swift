import GLibBridge

/// What the manager says about the panel: which backend turns it, which connector, what it
/// shows, and which scene is in front.
extension ManagerState {
    /// The backend's name, or nil for "none".
    public var outputBackend: String? {
        let name = properties["OutputBackend"]?.string ?? "none"
        return name == "none" || name.isEmpty ? nil : name
    }

    /// The connector driven, or nil.
    public var outputName: String? { nonEmpty(properties["OutputName"]?.string) }

    /// Why no backend drives the panel (the manager's `OutputStatus`), or nil: one does, or
    /// the orientd is older than Version 3 and does not say.
    public var outputStatus: String? { nonEmpty(properties["OutputStatus"]?.string) }

    /// What the panel shows, or nil when unknown.
    public var outputOrientation: String? { nonEmpty(properties["OutputOrientation"]?.string) }

    /// The front scene's path, or nil.
    public var frontScene: String? {
        let path = properties["FrontScene"]?.string ?? "/"
        return path == "/" ? nil : path
    }

    /// The window tracker's name, or nil for "none".
    public var windowTracking: String? {
        let name = properties["WindowTracking"]?.string ?? "none"
        return name == "none" || name.isEmpty ? nil : name
    }

    /// How many app windows the tracker reports.
    public var trackedWindows: UInt32 { properties["TrackedWindows"]?.uint32 ?? 0 }

    /// The front scene's app id, or nil.
    public var frontApp: String? { nonEmpty(properties["FrontApp"]?.string) }

    private func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
}

/// `status`'s output lines and JSON members.
public enum OutputView {
    /// `mutter turns Meta-0, showing landscape-left`, or `none: ` and why (with the option
    /// that changes it), as the service says it.
    public static func outputLine(_ m: ManagerState, style: Style) -> String {
        guard let backend = m.outputBackend else { return m.outputStatus.map { "none: \($0.terminalSafe)" } ?? "none" }
        let shows = m.outputOrientation.map { style.highlight($0.terminalSafe) } ?? "an unknown orientation"
        return "\(backend.terminalSafe) turns \(m.outputName?.terminalSafe ?? "?"), showing \(shows)"
    }

    /// `wlroots, 3 app windows, org.example.Reader in front`, or `none (only registered scenes count)`.
    public static func windowsLine(_ m: ManagerState) -> String {
        guard let tracker = m.windowTracking else { return "none (only registered scenes count)" }
        let count = "\(m.trackedWindows) app window\(m.trackedWindows == 1 ? "" : "s")"
        return "\(tracker.terminalSafe), \(count), \(m.frontApp.map { "\($0.terminalSafe) in front" } ?? "no app in front")"
    }

    /// `3 org.example.Video`, or `none`.
    public static func frontSceneLine(_ m: ManagerState, scenes: [SceneState]) -> String {
        guard let path = m.frontScene else { return "none" }
        let label = SceneReference.label(of: path).terminalSafe
        guard let scene = scenes.first(where: { $0.path == path }) else { return label }
        return "\(label) \(scene.appId.terminalSafe)"
    }

    /// lowerCamelCase members, `null` for none: `outputBackend`, `outputName`,
    /// `outputOrientation`, `outputStatus`, `frontScene` (the scene's number).
    public static func jsonMembers(_ m: ManagerState) -> [(String, JSONValue)] {
        [
            ("outputBackend", m.outputBackend.map(JSONValue.string) ?? .null),
            ("outputName", m.outputName.map(JSONValue.string) ?? .null),
            ("outputOrientation", m.outputOrientation.map(JSONValue.string) ?? .null),
            ("outputStatus", m.outputStatus.map(JSONValue.string) ?? .null),
            ("frontScene", m.frontScene.flatMap(SceneReference.number(of:)).map(JSONValue.uint) ?? .null),
        ]
    }
}
