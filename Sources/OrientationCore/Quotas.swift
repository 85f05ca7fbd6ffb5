/// What the quotas count: detached scenes, controllers of live and of detached scenes, and
/// controllers per creator.
struct QuotaCounts: Sendable, Equatable {
    var detachedScenes = 0
    var controllers = 0
    var detachedControllers = 0
    var controllersByCreator: [String: Int] = [:]
    /// When each app policy was last set in this run (a counter); policies loaded at start
    /// have none and count as the oldest.
    var policySetAt: [String: UInt64] = [:]
    var policyClock: UInt64 = 0

    mutating func addControllers(_ delta: Int, of scene: Scene) {
        guard delta != 0 else { return }
        if scene.isDetached { detachedControllers += delta } else { controllers += delta }
        let mine = controllersByCreator[scene.quotaHolder, default: 0] + delta
        controllersByCreator[scene.quotaHolder] = mine > 0 ? mine : nil
    }
}

extension OrientationManager {
    /// Detached scenes in all (they count against their own cap, not the live apps').
    public var detachedSceneCount: Int { quotas.detachedScenes }
    /// Numbering continues after `last`, the last number an earlier run may have handed out,
    /// so that no scene path is reused across restarts (never goes back).
    public mutating func continueSceneNumbers(after last: SceneID) {
        lastSceneID = max(lastSceneID, last)
    }

    /// Controllers in all scenes, live and detached.
    public var controllerCount: Int { quotas.controllers + quotas.detachedControllers }

    /// Refuses a registration past the cap of its kind: live apps' scenes and detached scenes
    /// are counted apart, so detached scenes left behind can never keep an app from registering.
    func checkSceneQuota(detached: Bool) throws(OrientationError) {
        if detached {
            guard quotas.detachedScenes < limits.detachedScenesInAll else {
                throw .limitExceeded("There are already \(quotas.detachedScenes) detached scenes; the limit is \(limits.detachedScenesInAll) detached scenes in all (scenes of live apps have their own limit)")
            }
        } else {
            let live = scenes.count - quotas.detachedScenes
            guard live < limits.scenesInAll else {
                throw .limitExceeded("There are already \(live) scenes of live apps; the limit is \(limits.scenesInAll) in all")
            }
        }
    }

    /// Refuses a scene change that would add controllers past the per-connection or overall
    /// limit (the per-scene limit is checked as each controller is inserted).
    func checkControllerQuota(adding delta: Int, to scene: Scene) throws(OrientationError) {
        guard delta > 0 else { return }
        let mine = quotas.controllersByCreator[scene.quotaHolder, default: 0]
        guard mine + delta <= limits.controllersPerConnection else {
            throw .limitExceeded("\(describeHolder(scene.quotaHolder)) has \(mine) controllers in the scenes it registered; the limit is \(limits.controllersPerConnection) per connection (per app for a sandboxed app)")
        }
        if scene.isDetached {
            guard quotas.detachedControllers + delta <= limits.detachedControllersInAll else {
                throw .limitExceeded("There are already \(quotas.detachedControllers) controllers in detached scenes; the limit is \(limits.detachedControllersInAll) in all detached scenes")
            }
        } else {
            guard quotas.controllers + delta <= limits.controllersInAll else {
                throw .limitExceeded("There are already \(quotas.controllers) controllers in the scenes of live apps; the limit is \(limits.controllersInAll) in all")
            }
        }
    }
}

extension OrientationManager {
    /// The policy a new app's policy replaces when the table is full: of the apps with no
    /// registered scene, the one whose policy was set longest ago (policies loaded at start
    /// first, by app-id). nil when every policy belongs to an app with a scene.
    func policyToEvict() -> String? {
        let running = Set(scenes.values.map(\.appId))
        return user.appPolicies.keys.filter { !running.contains($0) }
            .min { (quotas.policySetAt[$0] ?? 0, $0) < (quotas.policySetAt[$1] ?? 0, $1) }
    }

    /// Records that `appId`'s policy was set now (or removed).
    mutating func notePolicySet(_ appId: String, removed: Bool) {
        quotas.policyClock += 1
        quotas.policySetAt[appId] = removed ? nil : quotas.policyClock
    }
}
