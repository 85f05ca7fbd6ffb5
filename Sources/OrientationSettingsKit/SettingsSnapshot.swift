import OrientationClient

/// Everything the settings app shows, as read from orientd and the desktop entries at one
/// moment: the input of `SettingsModel`.
public struct SettingsSnapshot: Sendable, Equatable {
    /// The manager's properties (the lock, kiosk, the locked settings, the app in front).
    public var manager: ManagerProperties
    /// The app policies in force, with who set and who locks them.
    public var policies: [AppPolicyEntry]
    /// The installed apps, from their desktop entries.
    public var apps: [InstalledApp]
    /// Why the panel and the app in front are as they are (`ExplainPanel`), empty when orientd
    /// could not say.
    public var explanation: [ExplainStep]

    public init(manager: ManagerProperties, policies: [AppPolicyEntry], apps: [InstalledApp], explanation: [ExplainStep] = []) {
        self.manager = manager
        self.policies = policies
        self.apps = apps
        self.explanation = explanation
    }
}
