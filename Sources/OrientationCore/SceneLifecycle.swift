extension OrientationManager {
    /// RegisterScene: validated, resolved at once (it follows the device if it can), added.
    mutating func register(_ given: SceneRegistration, caller: String, events: inout [Event]) throws(OrientationError) -> Reply {
        var r = given
        r.appId = try appId(of: given, caller: caller)
        try Validate.appId(r.appId, limits: limits)
        try Validate.name(r.display, what: "display name", limits: limits)
        if let width = r.width { try Validate.dimension(width, what: "width", limits: limits) }
        if let height = r.height { try Validate.dimension(height, what: "height", limits: limits) }
        for (mask, option) in [(r.supported, RegistrationOption.supportedOrientations), (r.sceneDelegate, .sceneDelegateOrientations),
                               (r.appDelegate, .appDelegateOrientations)] where mask?.isEmpty == true {
            throw .invalidArgs("The \(option.rawValue) must name at least one orientation; valid values: \(OrientationMask.validNames.joined(separator: ", "))")
        }
        try checkSceneNumbers()
        let holder = quotaHolder(of: caller)
        let ownCount = scenesByCreator[holder, default: 0]
        try checkSceneQuota(detached: r.detached, callerHolds: ownCount)
        guard ownCount < limits.scenesPerConnection else {
            throw .limitExceeded("\(describeHolder(holder)) has registered \(ownCount) scenes; the limit is \(limits.scenesPerConnection) per connection (per app for a sandboxed app)")
        }

        var scene = Scene(id: lastSceneID + 1, registration: r, creator: caller, quotaHolder: holder)
        try settleNewScene(&scene)
        lastSceneID = scene.id
        scenes[scene.id] = scene
        scenesByCreator[holder, default: 0] += 1
        if scene.isBuiltin { builtinSceneCount += 1 }
        if scene.isDetached { quotas.detachedScenes += 1 }
        trackForeground(scene.id)
        events.append(.sceneAdded(scene.id))
        // The app speaks for itself now: its observed scenes go.
        if windows.hasWindows(of: scene.appId) { reconcileObserved(scene.appId, events: &events) }
        return .scene(scene.id)
    }

    /// A new scene's first orientation: the default one (an observed scene's: the panel's),
    /// then the usual rule (which follows
    /// the device), its size turned to match, split view entered if its size says so.
    func settleNewScene(_ scene: inout Scene) throws(OrientationError) {
        let resolution = Resolution(scene: scene, settings: settings)
        guard resolution.isValid else { throw resolution.noSupportedOrientation(scene: scene) }
        let mask = resolution.final
        // How the first orientation was chosen, for Explain when the rule then kept it.
        let opening: DecisionRule
        if let preferred = resolution.preferred, mask.contains(preferred) {
            scene.orientation = preferred
            opening = .preferred
        } else if scene.isObserved, mask.contains(panelOrientation) {
            // An unmodified app's window comes up as the screen is: one that says nothing
            // leaves the panel as it is while the device's orientation is unknown.
            scene.orientation = panelOrientation
            opening = .openedAsScreen
        } else {
            scene.orientation = mask.first!
            opening = .firstAllowed
        }
        defer { if scene.lastRule == .keptCurrent { scene.lastRule = opening } }
        _ = try evaluate(&scene, .reevaluate(.update))
        // The size's shape tells its family; a scene that resolved to the other family turns it.
        if OrientationFamily(width: scene.width, height: scene.height) != scene.orientation.family {
            (scene.width, scene.height) = (scene.height, scene.width)
        }
        if isInSplitView(scene) {
            updateSplitView(&scene)
            _ = try evaluate(&scene, .reevaluate(.geometry))
        }
        // Registration is not a change (no OrientationChanged): Explain must not claim one.
        scene.lastReason = nil
    }

    /// UnregisterScene: the owner's (or anyone's, for a detached scene).
    mutating func unregister(_ id: SceneID, caller: String, events: inout [Event]) throws(OrientationError) {
        let scene = try self.scene(id)
        try checkNotObserved(scene)
        try checkSandboxed(scene, caller: caller)
        try checkOwner(scene, caller: caller)
        remove(scene, events: &events)
    }

    /// A connection left the bus: the scenes it owns go; detached ones stay.
    mutating func clientVanished(_ name: String, events: inout [Event]) {
        for id in sceneIDs(where: { $0.owner == name }) { remove(scenes[id]!, events: &events) }
        if scenesByCreator[name] != nil, !scenes.values.contains(where: { $0.creator == name }) {
            scenesByCreator[name] = nil
        }
    }

    mutating func remove(_ scene: Scene, events: inout [Event]) {
        scenes[scene.id] = nil
        scenes.shrinkAfterRemovals()
        if let count = scenesByCreator[scene.quotaHolder] {
            scenesByCreator[scene.quotaHolder] = count > 1 ? count - 1 : nil
        }
        if scene.isBuiltin { builtinSceneCount -= 1 }
        if scene.isObserved {
            quotas.observedScenes -= 1
            windows.observedScenes[scene.observedWindow!] = nil
        } else if scene.isDetached {
            quotas.detachedScenes -= 1
        }
        quotas.addControllers(-scene.tree.count, of: scene)
        trackForeground(scene.id)
        events.append(.sceneRemoved(scene.id))
        // Its app's last registered scene gone, its windows stand as observed scenes again.
        if !scene.isObserved, windows.hasWindows(of: scene.appId) { reconcileObserved(scene.appId, events: &events) }
    }

    /// Observed scenes follow the compositor: no client may change or unregister them.
    func checkNotObserved(_ scene: Scene) throws(OrientationError) {
        guard scene.isObserved else { return }
        throw OrientationError(.accessDenied,
            "Scene \(scene.id) is observed: it stands for a window of \(scene.appId) as the compositor reports it, and no client may change it (an app that registers scenes of its own speaks for itself)")
    }

    func checkOwner(_ scene: Scene, caller: String) throws(OrientationError) {
        guard let owner = scene.owner, owner != caller else { return }
        throw OrientationError(.accessDenied,
            "Scene \(scene.id) belongs to \(owner); only its owner may change it (a scene registered with detached=true may be changed by any client)")
    }
}
