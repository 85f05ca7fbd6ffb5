extension OrientationManager {
    /// Kiosk mode forces every scene to the kiosk orientation and hides the status bar; applied at once.
    mutating func setKioskMode(_ enabled: Bool, _ orientation: InterfaceOrientation, now: Moment, events: inout [Event]) {
        let kioskBefore = settings.kioskMode
        let orientationBefore = settings.kioskOrientation
        settings.kioskMode = enabled
        settings.kioskOrientation = orientation
        guard enabled != kioskBefore || (enabled && orientation != orientationBefore) else { return }
        reevaluateScenes(scenes.keys.sorted(), kioskBefore: kioskBefore, reason: .policy, now: now, events: &events)
    }

    /// The user's policy for one app: its scenes re-evaluate at once.
    mutating func setAppPolicy(_ appId: String, _ policy: AppPolicy?, now: Moment, events: inout [Event]) throws(OrientationError) {
        try Validate.appId(appId, limits: limits)
        if let allowed = policy?.allowed, allowed.isEmpty {
            throw .invalidArgs("The allowed-orientations of a policy must name at least one orientation; valid values: \(OrientationMask.validNames.joined(separator: ", "))")
        }
        if policy != nil, user.appPolicies[appId] == nil, user.appPolicies.count >= limits.appPolicies {
            // Every policy in the table was set by a call, and none can be told from the
            // user's own: a full table refuses a new one rather than drop a choice unasked.
            throw .limitExceeded("There are already \(user.appPolicies.count) app policies; the limit is \(limits.appPolicies). Remove one first (ResetSetting \"App <app-id>\"; orientctl reset App <app-id>): no policy is dropped to make room")
        }
        try checkPolicyUnlocked(appId)
        user.appPolicies[appId] = policy
        applyEffectiveSettings(now: now, events: &events)
    }

    /// A new threshold may move pad scenes in or out of split view.
    mutating func setSplitViewThreshold(_ points: UInt32, now: Moment, events: inout [Event]) throws(OrientationError) {
        guard points <= limits.maxSplitViewThreshold else {
            throw .invalidArgs("Invalid split-view threshold \(points): it must be 0–\(limits.maxSplitViewThreshold) points")
        }
        try configuration.checkUnlocked(.splitViewThreshold)
        user.splitViewThreshold = points
        applyEffectiveSettings(now: now, events: &events)
    }

    /// Scenes whose split-view state a new threshold changes re-evaluate.
    mutating func moveSplitViewThreshold(to points: UInt32, now: Moment, events: inout [Event]) {
        guard points != settings.splitViewThreshold else { return }
        settings.splitViewThreshold = points
        let crossing = sceneIDs { isInSplitView($0) != $0.splitView }
        reevaluateScenes(crossing, kioskBefore: settings.kioskMode, reason: .policy, now: now, events: &events,
                         updatingSplitView: true)
    }
}
