import OrientationClient

/// `explain` with no scene: why the panel is as it is (`ExplainPanel`), for the app in front
/// or for one app, in words: one heading a fact, its sentence below it.
public enum PanelExplainView {
    /// Headings for the panel's own steps; the app's layers keep `ExplainView`'s.
    static let titles: [ExplanationStep: String] = [
        .front: "in front", .app: "this app", .rotationLock: "rotation lock", .kiosk: "kiosk mode",
        .device: "device", .undeclaredApps: "silent apps", .appLocks: "app locks", .screen: "screen", .panel: "panel",
    ]

    /// `app`: the app asked about, nil for the app in front.
    public static func lines(app: String?, steps: [ExplainStep], style: Style) -> [String] {
        var lines = [app.map { "Why \($0.terminalSafe) is shown as it is, and the panel:" } ?? "Why the panel is as it is:", ""]
        var inApp = false
        var previous: [String]?
        for step in steps {
            let panelTitle = step.step.flatMap { titles[$0] }
            if panelTitle == nil, !inApp {
                inApp = true
                lines += ["", "The app's own layers:"]
            }
            var title = panelTitle ?? step.step.flatMap { ExplainView.titles[$0] } ?? step.name.terminalSafe
            // An app's layer shows its mask where it changes (the first, a narrowing, the decision).
            if panelTitle == nil, !step.orientations.isEmpty, previous.map(Set.init) != Set(step.orientations) {
                title += ": " + MaskFormat.compact(step.orientations, separator: ", ").terminalSafe
            }
            if panelTitle == nil { previous = step.orientations }
            lines.append("  " + style.bold(title))
            lines.append("    " + step.sentence.terminalSafe)
        }
        return lines
    }

    /// `{"app": "…" or null, "steps": [{"name", "mask", "sentence"}…]}`.
    public static func json(app: String?, steps: [ExplainStep]) -> PrintedJSON {
        .object([("app", app.map(PrintedJSON.string) ?? .null), ("steps", .array(steps.map(\.json)))])
    }
}
