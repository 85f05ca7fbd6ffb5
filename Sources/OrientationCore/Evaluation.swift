/// What starts an evaluation of a scene.
enum Trigger: Equatable {
    /// UpdateOrientation, structural changes, policy, foreground, geometry, device.
    case reevaluate(ChangeReason)
    /// A window-filling controller was presented and now decides.
    case presentation
    case request(InterfaceOrientation)
    /// The scene went to the background.
    case background
}

/// A change of a scene's orientation, to emit and record.
struct OrientationChange {
    var from: InterfaceOrientation
    var to: InterfaceOrientation
    var reason: ChangeReason
}

extension OrientationManager {
    /// The interface orientation a scene would follow from the device, or nil when it does
    /// not follow (device flat or unknown, external display, background, or the user's policy
    /// keeps the app from following the sensor). Under the rotation lock the device
    /// orientation is the one the lock froze (as a locked iPhone holds its apps upright): a
    /// scene that allows it takes it, and readings no longer move it.
    ///
    /// On a desk (`regime`) the sensor is not followed: what the panel shows stands for the
    /// device, so a scene is told the panel's real orientation where its orientations allow it.
    func followedDevice(for scene: Scene) -> InterfaceOrientation? {
        guard scene.isBuiltin, scene.activation != .background,
              settings.appPolicies[scene.appId]?.followSensor ?? true else { return nil }
        if regime == .desk { return output.showing }
        return deviceOrientation.interfaceOrientation
    }

    /// The scenes that follow the device now (`followedDevice`), in scene order. A method of
    /// its own, not `sceneIDs` with a closure: called from a mutating method, such a closure
    /// copied the whole manager for every scene it looked at.
    func scenesFollowingDevice() -> [SceneID] {
        var ids: [SceneID] = []
        for (id, scene) in scenes where followedDevice(for: scene) != nil { ids.append(id) }
        return ids.sorted()
    }

    /// Runs the layers and the choosing rule for `trigger`, and records the decision in the
    /// scene. Throws, leaving the caller's copy to be discarded, if the layers leave nothing or
    /// a request is refused.
    func evaluate(_ scene: inout Scene, _ trigger: Trigger) throws(OrientationError) -> OrientationChange? {
        // An observed scene's declaration in force follows the rules of the moment (the screen's
        // class and posture), so that one evaluation sees them whatever changed them.
        if scene.isObserved { _ = takeDeclarationInForce(&scene) }
        let resolution = Resolution(scene: scene, settings: settings)
        guard resolution.isValid else { throw resolution.noSupportedOrientation(scene: scene) }
        let mask = resolution.final
        let target: InterfaceOrientation
        let rule: DecisionRule
        let reason: ChangeReason
        switch trigger {
        case .request(let requested):
            guard !scene.splitView else {
                throw .notPermitted("Scene \(scene.id) is in split view (\(scene.width)×\(scene.height) points, threshold \(settings.splitViewThreshold)); programmatic rotation is refused in multitasking")
            }
            guard !resolution.appLocksIgnored else {
                throw .notPermitted("Apps may not lock the orientation (AppLocksAllowed is off): scene \(scene.id) follows the device, and RequestOrientation(\(requested.rawValue)) is refused")
            }
            guard mask.contains(requested) else {
                throw OrientationError(.unsupportedOrientation, "Requested: \(requested.rawValue); Supported: \(mask)")
            }
            (target, rule, reason) = (requested, .requested, .request)
        case .background:
            if let preferred = resolution.preferred, mask.contains(preferred) {
                (target, rule) = (preferred, .backgroundDefault)
            } else {
                (target, rule) = (mask.first!, .backgroundDefault)
            }
            reason = .activation
        case .presentation:
            if let preferred = resolution.preferred, mask.contains(preferred) {
                (target, rule) = (preferred, .presentationPreferred)
            } else {
                (target, rule) = choose(scene, resolution)
            }
            reason = .presentation
        case .reevaluate(let why):
            (target, rule) = choose(scene, resolution)
            reason = why
        }
        scene.effectiveMask = mask
        scene.orientationLocked = orientationLockHonoured(scene, resolution)
        scene.decidingController = resolution.deciding.map { scene.tree[$0].id } ?? ""
        scene.lastRule = rule
        guard target != scene.orientation else { return nil }
        if target.family != scene.orientation.family { (scene.width, scene.height) = (scene.height, scene.width) }
        let change = OrientationChange(from: scene.orientation, to: target, reason: reason)
        scene.orientation = target
        scene.lastReason = reason
        return change
    }

    /// The re-evaluation rule: the device if the deciding controller autorotates and allows
    /// it; else the current orientation if still allowed; else the preferred one if allowed;
    /// else the first allowed in canonical order.
    func choose(_ scene: Scene, _ resolution: Resolution) -> (InterfaceOrientation, DecisionRule) {
        let mask = resolution.final
        // iOS 26's orientation lock: while honoured the device does not turn the scene.
        if orientationLockHonoured(scene, resolution), mask.contains(scene.orientation) { return (scene.orientation, .keptLocked) }
        if resolution.autorotates, let device = followedDevice(for: scene), mask.contains(device) {
            return (device, regime == .desk ? .followedPanel : .followedDevice(deviceOrientation))
        }
        if mask.contains(scene.orientation) { return (scene.orientation, .keptCurrent) }
        if let preferred = resolution.preferred, mask.contains(preferred) { return (preferred, .preferred) }
        return (mask.first!, .firstAllowed)
    }

    /// Whether a scene's preference for a locked orientation (iOS 26's
    /// `prefersInterfaceOrientationLocked`, read from the deciding controller) is honoured: only
    /// while the scene is in front (`foreground-active`), full-screen (not in split view) and apps
    /// may lock the orientation; otherwise it is dropped and the scene follows the device.
    func orientationLockHonoured(_ scene: Scene, _ resolution: Resolution) -> Bool {
        resolution.prefersLocked && scene.activation == .foregroundActive && !scene.splitView && !resolution.appLocksIgnored
    }

    /// Records a change in the history ring and as events.
    mutating func record(_ change: OrientationChange?, scene: Scene, now: Moment, events: inout [Event]) {
        guard let change else { return }
        history.append(HistoryEntry(scene: scene.id, creator: scene.creator, appId: scene.appId, time: now.wall,
                                    previous: change.from, current: change.to, reason: change.reason))
        events.append(.orientationChanged(scene.id, from: change.from, to: change.to, reason: change.reason))
    }

    /// Updates a pad scene's split-view state from its size: entering freezes the family it
    /// is in (it never rotates the scene); leaving lifts the freeze.
    func updateSplitView(_ scene: inout Scene) {
        let inSplit = isInSplitView(scene)
        if inSplit && !scene.splitView {
            scene.splitView = true
            scene.splitFamily = scene.orientation.family
        } else if !inSplit && scene.splitView {
            scene.splitView = false
            scene.splitFamily = nil
        }
    }

    /// Whether a scene's size puts it in split view (pad idiom only).
    func isInSplitView(_ scene: Scene) -> Bool {
        scene.idiom == .pad
            && (scene.width < settings.splitViewThreshold || scene.height < settings.splitViewThreshold)
    }

    /// The scenes `include` selects, in scene order. (Ids only: collecting the selected
    /// scenes first copied every one of them, the larger part of a device turn's core work.)
    func sceneIDs(where include: (Scene) -> Bool) -> [SceneID] {
        var ids: [SceneID] = []
        for (id, scene) in scenes where include(scene) { ids.append(id) }
        return ids.sorted()
    }

    /// Re-evaluates the given scenes after a global change. `kioskBefore` is the kiosk mode
    /// the scenes' old property values were published with; `updatingSplitView` first moves
    /// each in or out of split view by its size.
    ///
    /// Every `orientationChanged` comes before the batch of `scenePropertiesChanged`: a
    /// rotation reaches every app first, and the property updates follow (each scene's own
    /// events keep their order). `progress` hears the events so far after each scene.
    mutating func reevaluateScenes(_ ids: [SceneID], kioskBefore: Bool, reason: ChangeReason, now: Moment,
                                   events: inout [Event], updatingSplitView: Bool = false, progress: Progress? = nil) {
        var propertyEvents: [Event] = []
        defer { events += propertyEvents }
        for id in ids {
            guard var scene = scenes[id] else { continue }
            let before = SceneSnapshot(scene, kioskMode: kioskBefore)
            if updatingSplitView { updateSplitView(&scene) }
            // Global changes never fail because of one app: the layers let system policy win,
            // so an evaluation can only fail on a state no command could have made.
            let change = (try? evaluate(&scene, .reevaluate(reason))) ?? nil
            scenes[id] = scene
            record(change, scene: scene, now: now, events: &events)
            let changed = before.changes(to: SceneSnapshot(scene, kioskMode: settings.kioskMode))
            if !changed.isEmpty { propertyEvents.append(.scenePropertiesChanged(id, changed)) }
            if change != nil { progress?(events) }
        }
    }
}
