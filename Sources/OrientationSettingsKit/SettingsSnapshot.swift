import OrientationClient

/// Everything the settings app shows, as read from orientd and the desktop entries at one
/// moment: the input of `SettingsModel`.
public struct SettingsSnapshot: Sendable, Equatable {
    /// The manager's properties (the lock, app locks, kiosk, the locked settings, the screen, the app in front).
    public var manager: ManagerProperties
    /// The app policies in force, with who set and who locks them.
    public var policies: [AppPolicyEntry]
    /// The installed apps, from their desktop entries.
    public var apps: [InstalledApp]
    /// Why the panel and the app in front are as they are (`ExplainPanel`), empty when orientd
    /// could not say.
    public var explanation: [ExplainStep]
    /// The app in front before the settings app (the one the person came from), nil for none.
    /// On a phone the app in front is always the settings app while it is looked at.
    public var cameFrom: String?

    /// The settings app's own app id (its window's, its desktop entry's).
    public static let ownAppID = "io.github.orientd.Settings"

    /// `cameFrom` defaults to the manager's `FrontApp` unless that is the settings app itself.
    public init(manager: ManagerProperties, policies: [AppPolicyEntry], apps: [InstalledApp], explanation: [ExplainStep] = [],
                cameFrom: String?? = nil) {
        self.manager = manager
        self.policies = policies
        self.apps = apps
        self.explanation = explanation
        let front = manager.string(.frontApp) ?? ""
        self.cameFrom = cameFrom ?? (front.isEmpty || front == Self.ownAppID ? nil : front)
    }
}
