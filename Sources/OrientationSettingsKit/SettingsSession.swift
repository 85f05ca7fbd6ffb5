import OrientationClient
import Synchronization

/// The settings app's link to orientd, through the client library only: reads a snapshot,
/// applies the person's choices at once, and says when something changed.
public final class SettingsSession: Sendable {
    /// The connection to orientd.
    public let client: OrientationClient
    /// The `applications` folders the app list comes from.
    public let folders: [String]
    /// Whether orientd runs, as the watch last heard (true until it says otherwise).
    private let running = Atomic<Bool>(true)
    /// The last app in front that was not the settings app (nil: none, or none seen yet).
    private let cameFrom = Mutex<String?>(nil)

    public init(client: OrientationClient, folders: [String]) {
        self.client = client
        self.folders = folders
    }

    /// Whether orientd runs, as `watch` last heard: while it does not, nothing is read or
    /// changed (a call would start it again through D-Bus activation, or fail when it was
    /// uninstalled).
    public var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Everything shown, read now. The app in front is the one the person came from: the last
    /// one in front that was not the settings app (`cameFrom`). The explanation is orientd's
    /// `ExplainPanel` for it (the text `orientctl explain APP` prints); from an orientd before
    /// version 5, the front scene's `Explain`, empty without one.
    public func snapshot() throws(OrientationClientError) -> SettingsSnapshot {
        let manager = try client.managerProperties()
        let front = manager.string(.frontApp) ?? ""
        let before = cameFrom.withLock { cameFrom in
            if front != SettingsSnapshot.ownAppID { cameFrom = front.isEmpty ? nil : front }
            return cameFrom
        }
        var explanation = (try? client.explainPanel(appID: before)) ?? []
        if explanation.isEmpty, let front = manager.frontScene, let scene = try? client.scene(at: front) {
            explanation = (try? scene.explain()) ?? []
        }
        return SettingsSnapshot(manager: manager, policies: try client.appPolicies(),
                                apps: InstalledApps.list(folders: folders), explanation: explanation, cameFrom: .some(before))
    }

    /// Applies a choice for an app. "Follow the app" removes the user's policy; when an
    /// administrator's or vendor's (unlocked) policy then applies, it sets a policy with no
    /// cap over it, so that the app's own declarations decide as the person chose.
    public func choose(_ choice: AppChoice, for appID: String) throws(OrientationClientError) {
        if let policy = choice.policy {
            try client.setAppPolicy(policy, for: appID)
            return
        }
        try client.resetSetting(.appPolicy(appID: appID))
        if try client.appPolicies().contains(where: { $0.appID == appID }) {
            try client.setAppPolicyFollowingTheApp(for: appID)
        }
    }

    /// Turns the rotation lock on or off (`RotationLocked`).
    public func setRotationLocked(_ locked: Bool) throws(OrientationClientError) {
        try client.setRotationLocked(locked)
    }

    /// Lets apps lock the orientation (true) or makes every app follow the device (false;
    /// `AppLocksAllowed`): the person's own choices per app and kiosk mode still apply.
    public func setAppLocksAllowed(_ allowed: Bool) throws(OrientationClientError) {
        try client.setAppLocksAllowed(allowed)
    }

    /// Turns kiosk mode on or off, in the kiosk orientation in force.
    public func setKioskMode(_ enabled: Bool) throws(OrientationClientError) {
        try client.setKioskMode(enabled)
    }

    /// Calls `changed` (on the client's loop thread) whenever orientd announces something
    /// the app shows: a setting, a policy, the app in front, a scene, orientd starting or stopping.
    public func watch(_ changed: @escaping @Sendable () -> Void) throws(OrientationClientError) -> OrientationObservation {
        try client.watchService { event in
            switch event {
            case .rotationSuggested, .deviceOrientationChanged: return
            case .serviceNotRunning, .disconnected: self.running.store(false, ordering: .releasing)
            case .serviceRunning: self.running.store(true, ordering: .releasing)
            default: break
            }
            changed()
        }
    }
}
