/// The rules for following the compositor's app windows (docs/front-window.md):
///
/// - Every tracked window of an app that has no registered scene (none of any client, live or
///   detached) stands as an observed scene, and only such windows do: when the app registers
///   a scene its observed scenes go, and when its last registered scene goes while its
///   windows remain they stand as observed scenes again (with new numbers).
/// - An observed scene's activation is the window's (`TrackedWindow.activation`); its
///   supported orientations the policy in force for its app, else its desktop entry, else the idiom's default.
/// - The front scene (`updateFront`) follows the compositor's activated window.
extension OrientationManager {
    /// A tracker's report. A window the limit leaves no room for is refused (nothing changes).
    mutating func runWindow(_ command: WindowCommand, now: Moment, events: inout [Event]) throws(OrientationError) {
        switch command {
        case .attached(let kind):
            forgetWindows(events: &events)
            windows.tracker = kind
            windows.status = ""
        case .detached(let reason):
            forgetWindows(events: &events)
            windows.tracker = nil
            windows.status = reason
        case .window(var window):
            // Windows are reported only while a tracker is attached.
            guard windows.tracker != nil else { return }
            if (try? Validate.appId(window.appId, limits: limits)) == nil { window.appId = "" }
            // A desktop entry that names no orientation declares nothing.
            if window.declared?.declaresAnything == false, window.declared?.isGame == false { window.declared = nil }
            let old = windows.windows[window.handle]
            if old == nil { try makeRoom(for: window, events: &events) }
            windows.store(window)
            if let old, old.appId != window.appId { reconcileObserved(old.appId, events: &events) }
            reconcileObserved(window.appId, events: &events)
            if let id = windows.observedScenes[window.handle], old?.appId == window.appId {
                updateObserved(id, to: window, now: now, events: &events)
            }
        case .closed(let handle):
            guard let old = windows.remove(handle) else { return }
            reconcileObserved(old.appId, events: &events)
        }
    }

    /// Every tracked window goes, and its observed scene with it.
    mutating func forgetWindows(events: inout [Event]) {
        let apps = Set(windows.windows.values.map(\.appId))
        windows.windows = [:]
        windows.activationOrder = []
        windows.lastActivated = nil
        windows.windowsByApp = [:]
        windows.lastReported = [:]
        for app in apps.sorted() { reconcileObserved(app, events: &events) }
    }

    /// Whether a client registered a scene of `appId` (then the app speaks for itself).
    func hasRegisteredScene(of appId: String) -> Bool {
        scenes.values.contains { $0.appId == appId && !$0.isObserved }
    }

    /// Makes `appId`'s observed scenes match its windows: one per window while the app has no
    /// registered scene, none otherwise.
    mutating func reconcileObserved(_ appId: String, events: inout [Event]) {
        guard !appId.isEmpty else { return }
        let speaksForItself = hasRegisteredScene(of: appId)
        let stale = windows.observedScenes.filter { handle, id in
            scenes[id]?.appId == appId && (speaksForItself || windows.windows[handle]?.appId != appId)
        }
        for (_, id) in stale.sorted(by: { $0.value < $1.value }) {
            if let scene = scenes[id] { remove(scene, events: &events) }
        }
        guard !speaksForItself else { return }
        for handle in windows.handles(of: appId) where windows.observedScenes[handle] == nil {
            addObserved(windows.windows[handle]!, events: &events)
        }
    }

    /// A new observed scene for `window`.
    mutating func addObserved(_ window: TrackedWindow, events: inout [Event]) {
        // Numbers used up: the window stays unobserved rather than reuse a path.
        guard (try? checkSceneNumbers()) != nil else { return }
        var scene = Scene(id: lastSceneID + 1, observing: window, idiom: observedIdiom,
                          inForce: window.declared?.inForce(regime, largeScreenRule: settings.largeScreenRule))
        // An observed scene has no controllers, so its resolution is always valid.
        guard (try? settleNewScene(&scene)) != nil else { return }
        lastSceneID = scene.id
        scenes[scene.id] = scene
        builtinSceneCount += 1
        quotas.observedScenes += 1
        windows.observedScenes[window.handle] = scene.id
        trackForeground(scene.id)
        events.append(.sceneAdded(scene.id))
    }

    /// An observed scene follows its window's activation and desktop entry.
    mutating func updateObserved(_ id: SceneID, to window: TrackedWindow, now: Moment, events: inout [Event]) {
        guard var scene = scenes[id] else { return }
        let before = SceneSnapshot(scene, kioskMode: settings.kioskMode)
        var trigger: Trigger?
        scene.declared = window.declared
        if takeDeclarationInForce(&scene) { trigger = .reevaluate(.policy) }
        if window.activation != scene.activation, let (_, activation) = try? mutate(&scene, .setActivation(window.activation)),
           let activation {
            trigger = activation
        }
        let change = trigger.flatMap { (try? evaluate(&scene, $0)) ?? nil }
        scenes[id] = scene
        trackForeground(id)
        record(change, scene: scene, now: now, events: &events)
        let changed = before.changes(to: SceneSnapshot(scene, kioskMode: settings.kioskMode))
        if !changed.isEmpty { events.append(.scenePropertiesChanged(id, changed)) }
    }

    /// Puts the part of an observed scene's declaration in force under the rules of the moment
    /// in place (`DeclaredOrientations.inForce`); true when it changed.
    func takeDeclarationInForce(_ scene: inout Scene) -> Bool {
        let mask = scene.declared?.inForce(regime, largeScreenRule: settings.largeScreenRule)
        let file = mask == nil ? nil : scene.declared?.file
        guard scene.supportedGiven != mask || scene.supportedFile != file else { return false }
        (scene.supportedGiven, scene.supportedFile) = (mask, file)
        return true
    }

    /// The front scene, after every command. With an activated app window: its app's most
    /// recent `foreground-active` registered scene, else the window's observed scene, else
    /// none. With none activated: the most recent `foreground-active` scene that is not
    /// window-backed (no tracked window of its app), else the scene of the window kept in front
    /// (`WindowState.keptWindow`: the shell's own surfaces turn nothing). Only scenes on `builtin` count. With no
    /// tracked window this is the most recent `foreground-active` scene, as without a tracker.
    mutating func updateFront() {
        output.frontScene = frontSceneByRule()
    }

    func frontSceneByRule() -> SceneID? {
        let order = output.foregroundOrder
        guard !windows.windows.isEmpty else { return order.last }
        if let active = windows.activeWindow {
            if !active.appId.isEmpty,
               let id = order.last(where: { scenes[$0].map { $0.appId == active.appId && !$0.isObserved } ?? false }) {
                return id
            }
            if let id = windows.observedScenes[active.handle], scenes[id]?.activation == .foregroundActive { return id }
            return nil
        }
        if let id = order.last(where: { scenes[$0].map { !$0.isObserved && !windows.hasWindows(of: $0.appId) } ?? false }) {
            return id
        }
        return windows.keptWindow.flatMap(keptFrontScene)
    }

    /// The scene of the window kept in front while no app window is activated: its app's most
    /// recent registered scene not in the background, else the window's observed scene.
    func keptFrontScene(_ window: TrackedWindow) -> SceneID? {
        if !window.appId.isEmpty {
            let registered = scenes.values.filter { $0.appId == window.appId && !$0.isObserved && $0.isBuiltin && $0.activation != .background }
            if let scene = registered.max(by: { $0.id < $1.id }) { return scene.id }
        }
        guard let id = windows.observedScenes[window.handle], let scene = scenes[id], scene.activation != .background else { return nil }
        return id
    }
}
