import OrientationClient

/// How orientd treats this screen, in one plain line, from its `ScreenClass` and `Posture`
/// (docs/orientation-model.md, "Held or on a desk"): which apps turn it.
public enum ScreenText {
    /// "This screen: a phone — …", or "" from an orientd before version 6 (or one that says a
    /// class or posture this app does not know), which the window then does not show.
    public static func line(_ manager: ManagerProperties) -> String {
        let screenClass = manager.string(.screenClass), posture = manager.string(.posture)
        switch (screenClass, posture) {
        case ("phone", _):
            return manager.appLocksAllowed ? tr("This screen: a phone — apps turn it to the orientations they declare")
                : tr("This screen: a phone — every app follows how you hold it, as you chose")
        case ("large", "held"):
            return manager.appLocksAllowed
                ? tr("This screen: a tablet held in the hand — apps that only declare for phones follow the device")
                : tr("This screen: a tablet held in the hand — every app follows how you hold it, as you chose")
        case ("large", "desk"):
            return tr("This screen: a laptop or desk screen — apps do not turn it; your choices per app do")
        default:
            return ""
        }
    }
}
