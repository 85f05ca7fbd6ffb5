/// Someone else turns the panel (a user's wlr-randr or xrandr, a settings panel) while orientd
/// holds it for the app in front: when the app cannot show what the panel now shows (a
/// landscape-only game turned to portrait), orientd turns it back once; turned away again
/// for the same decision, the turn is the user's choice and is respected until orientd
/// decides something else (another app in front, the device, the lock, kiosk mode). A turn
/// the app can show (or with no app in front) is only read back, as before.
extension OrientationManager {
    /// After a read: `before` is what the panel showed until now.
    mutating func panelRead(after before: InterfaceOrientation?, events: inout [Event]) {
        guard let decided = output.decided, let shows = output.showing else { return }
        if shows == decided {
            output.keptForUser = nil
            return
        }
        // Away from what orientd turned it to and read back: not an apply of orientd's on its way.
        guard before == decided, output.asked == nil || output.asked == decided, output.keptForUser == nil, !inFrontCanShow(shows) else { return }
        if output.turnedBack {
            output.keptForUser = shows
        } else {
            output.turnedBack = true
            requestOutputApply(events: &events)
        }
    }

    /// Whether what decides the panel now can show `orientation`: kiosk mode its orientation
    /// only, the app in front its allowed orientations; with neither, anything.
    func inFrontCanShow(_ orientation: InterfaceOrientation) -> Bool {
        if settings.kioskMode { return orientation == settings.kioskOrientation }
        guard let id = output.frontScene, let scene = scenes[id] else { return true }
        return scene.effectiveMask.contains(orientation)
    }

    /// Explain's words for a turn kept as the user's choice, or nil.
    func describeKeptTurn() -> String? {
        guard let kept = output.keptForUser, kept == output.showing, let decided = output.decided else { return nil }
        return "Someone else turned the panel to \(kept.words) although orientd turns it to \(decided.words) \(panelReason()): "
            + "orientd turned it back once, and leaves it so as the user's choice until what it decides changes."
    }
}
