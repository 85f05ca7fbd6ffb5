/// The name of a line of `Explain` or `ExplainPanel`, as the contract spells it: the raw
/// values are the wire names, so the rule that writes a line and the client that shows it
/// name it the same way (as `ManagerProperty` does for the properties).
public enum ExplanationStep: String, CaseIterable, Sendable {
    // A scene's layers (`Explain`), in their order.
    case supportedOrientations = "supported-orientations"
    case windowPolicy = "window-policy"
    case kiosk
    case appPolicy = "app-policy"
    case splitView = "split-view"
    case controller
    case path
    case decision
    // The panel's own facts (`ExplainPanel`), before the app's layers; kiosk mode is said
    // once among them.
    case front
    case app
    case rotationLock = "rotation-lock"
    case device
    case undeclaredApps = "undeclared-apps"
    case appLocks = "app-locks"
    case screen
    case panel
}

extension ExplanationLine {
    init(_ step: ExplanationStep, mask: OrientationMask, sentence: String) {
        self.init(name: step.rawValue, mask: mask, sentence: sentence)
    }

    /// The step this line is, by its name.
    public var step: ExplanationStep? { ExplanationStep(rawValue: name) }
}
