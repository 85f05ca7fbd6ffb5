/// The app-id trap: an app registered its scene under an app id that is not its window's (the
/// GApplication id a Wayland compositor reports), so while the compositor's window decides,
/// the scene is never in front and nothing tells the developer why. orientd sees no process
/// behind a compositor's window, so it says what it can see: the window in front belongs to an
/// app that registered no scene, while a registered scene in the foreground belongs to an app
/// with no window.
extension OrientationManager {
    /// The window in front's app id and the registered scene's, when they look like one app
    /// under two ids; nil otherwise.
    public var appIdMismatch: (window: String, scene: String)? {
        guard let active = windows.activeWindow, !active.appId.isEmpty, !hasRegisteredScene(of: active.appId) else { return nil }
        var orphan: Scene?
        for scene in scenes.values where !scene.isObserved && !scene.isDetached && scene.isBuiltin
            && scene.activation == .foregroundActive && !windows.hasWindows(of: scene.appId) {
            if orphan.map({ scene.id > $0.id }) ?? true { orphan = scene }
        }
        return orphan.map { (active.appId, $0.appId) }
    }

    /// The mismatch in words, naming both ids and the way out; nil without one.
    public var appIdMismatchSentence: String? {
        appIdMismatch.map { window, scene in
            "The window in front belongs to \(window), which registered no scene, while a scene is registered under \(scene), "
                + "whose app has no window: if they are one app, register the scene with the window's app id (\(window), the "
                + "GApplication id the compositor reports) — the GTK glue (OrientdGtk) ties a scene to its window and takes it from there."
        }
    }
}
