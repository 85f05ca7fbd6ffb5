import OrientationClient

/// `explain`: a scene's decision, layer by layer, in the order of the iOS troubleshooting
/// checklist (supported orientations → delegate → controller → container).
public enum ExplainView {
    /// The checklist's words for the service's step names.
    static let titles: [ExplanationStep: String] = [
        .supportedOrientations: "supported", .windowPolicy: "delegate", .kiosk: "kiosk mode", .appPolicy: "app policy",
        .splitView: "split view", .controller: "controller", .path: "container", .decision: "decision",
    ]

    /// The scene's steps; `path` is the deciding path's controller ids (from `GetControllers`),
    /// shown on the container line.
    public static func lines(scene: SceneProperties, steps: [ExplainStep], path: [String] = [], style: Style) -> [String] {
        var lines = ["Scene \(scene.label.terminalSafe) (\(scene.appIdText.terminalSafe), \(scene.idiomText.terminalSafe)) is "
                        + "\(style.highlight(scene.orientationText.terminalSafe)).",
                     "Checklist: supported orientations → delegate → controller → container", ""]
        var previous: [String]?
        var layer = 0
        for step in steps {
            let title = step.step.flatMap { titles[$0] } ?? step.name.terminalSafe
            let head: String
            switch step.step {
            case .path:
                head = "   " + style.bold(title.padded(to: 12)) + (path.isEmpty ? "no controllers" : path.map(\.terminalSafe).joined(separator: " → "))
            case .decision:
                head = " → " + style.bold(title.padded(to: 12)) + style.highlight(step.orientations.joined(separator: ", ").terminalSafe)
            default:
                layer += 1
                let mask = MaskFormat.compact(step.orientations, separator: ", ").terminalSafe
                let change: String
                if let previous, Set(previous) == Set(step.orientations) {
                    change = style.dim("unchanged")
                } else if previous == nil {
                    change = mask
                } else {
                    change = style.yellow(mask) + " (narrowed)"
                }
                head = String(layer).leftPadded(to: 2) + " " + style.bold(title.padded(to: 12)) + change
                previous = step.orientations
            }
            lines.append(head)
            lines.append("   " + step.sentence.terminalSafe)
        }
        return lines
    }

    public static func json(scene: SceneProperties, steps: [ExplainStep]) -> PrintedJSON {
        .object(JSONConvention.scene(scene.path)
                + [("appId", .string(scene.appIdText)), ("orientation", .string(scene.orientationText)),
                   ("steps", .array(steps.map(\.json)))])
    }
}

extension String {
    /// The string preceded by spaces up to `length` characters.
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
    }
}
