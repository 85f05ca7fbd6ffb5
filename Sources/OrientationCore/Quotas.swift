/// What the quotas count: detached scenes, controllers of live and of detached scenes, and
/// controllers per creator.
struct QuotaCounts: Sendable, Equatable {
    var detachedScenes = 0
    /// Observed scenes (bounded by `Limits.trackedWindows`, not by the scene quotas).
    var observedScenes = 0
    var controllers = 0
    var detachedControllers = 0
    var controllersByCreator: [String: Int] = [:]

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
    /// The highest scene number handed out: 2^62, far past any number a run reaches (numbering
    /// starts at 0 or at the clock in microseconds, ~2^51 today), and far enough from the top of
    /// `SceneID` that no arithmetic on a scene number can overflow. A number above it can only
    /// come from a corrupt file.
    public static let maxSceneID: SceneID = 1 << 62
    /// The highest last number of an earlier run that numbering continues after: half of
    /// `maxSceneID` (2^61). A run starts at 0 or at the clock (~2^51 microseconds today) and
    /// never gets near it (2^61 - 2^51 registrations: 73,000 years at a million a second), so a
    /// number above it (2^62 itself, which would leave no number to hand out) is corrupt, and
    /// numbering starts from the clock with ~2^62 numbers to go.
    public static let maxContinuedSceneID: SceneID = maxSceneID / 2

    /// Numbering continues after `last`, the last number an earlier run may have handed out,
    /// so that no scene path is reused across restarts (never goes back). A `last` above
    /// `maxSceneID` is taken as `maxSceneID`: registration then refuses rather than reuse.
    public mutating func continueSceneNumbers(after last: SceneID) {
        lastSceneID = max(lastSceneID, min(last, Self.maxSceneID))
    }

    /// Refuses a registration when scene numbers are used up (never in practice: a corrupt
    /// numbers file is caught before), rather than overflow or reuse a path.
    func checkSceneNumbers() throws(OrientationError) {
        guard lastSceneID < Self.maxSceneID else {
            throw .limitExceeded("Scene numbers are used up (the last one handed out is \(lastSceneID), the highest is \(Self.maxSceneID)); a number is never reused")
        }
    }

    /// Controllers in all scenes, live and detached.
    public var controllerCount: Int { quotas.controllers + quotas.detachedControllers }

    /// Refuses a registration past the cap of its kind: live apps' scenes and detached scenes
    /// are counted apart, so detached scenes left behind can never keep an app from registering.
    /// Of the live apps' cap, the last `scenesKeptForSmallConnections` are kept for
    /// connections holding fewer than `smallConnectionScenes` scenes (`callerHolds`: the
    /// scenes the caller registered so far), so a few connections at their own limit (12 ×
    /// 1,000) cannot keep a new app out. And a holder's first live scene is never refused by
    /// the limit in all: however many connections hold a few scenes each (120 × 9 fill the
    /// kept ones), a new app (a new connection, or a sandboxed app with none) gets its window.
    func checkSceneQuota(detached: Bool, callerHolds: Int) throws(OrientationError) {
        if !detached && callerHolds == 0 { return }
        if detached {
            guard quotas.detachedScenes < limits.detachedScenesInAll else {
                throw .limitExceeded("There are already \(quotas.detachedScenes) detached scenes; the limit is \(limits.detachedScenesInAll) detached scenes in all (scenes of live apps have their own limit)")
            }
        } else {
            let live = scenes.count - quotas.detachedScenes - quotas.observedScenes
            guard live < limits.scenesInAll else {
                throw .limitExceeded("There are already \(live) scenes of live apps; the limit is \(limits.scenesInAll) in all")
            }
            let kept = min(limits.scenesKeptForSmallConnections, limits.scenesInAll / 10)
            guard callerHolds < limits.smallConnectionScenes || live < limits.scenesInAll - kept else {
                throw .limitExceeded("There are already \(live) scenes of live apps and this connection holds \(callerHolds); the last \(kept) of the limit of \(limits.scenesInAll) in all are kept for connections with fewer than \(limits.smallConnectionScenes) scenes")
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
