import GLibBridge
import OrientationCore
import OrientationWire

/// The manager's settings, policies, history and state: what a settings panel, a kiosk
/// setup or a tool such as orientctl reads and changes.
extension OrientationClient {
    // MARK: Settings

    /// Turns the user's rotation lock on or off (`SetRotationLocked`); persisted.
    /// - Throws: `notPermitted` when the administrator's configuration locks it.
    public func setRotationLocked(_ locked: Bool) throws(OrientationClientError) {
        try callManager(.setRotationLocked, [Variant(bool: locked)])
    }

    /// Turns kiosk mode on or off (`SetKioskMode`); `orientation` also stores the kiosk
    /// orientation (nil keeps it). Persisted.
    public func setKioskMode(_ enabled: Bool, orientation: InterfaceOrientation? = nil) throws(OrientationClientError) {
        try callManager(.setKioskMode, [Variant(bool: enabled), Variant(string: orientation?.rawValue ?? "")])
    }

    /// Lets apps constrain the orientation (true) or makes every app follow the device
    /// (false: only the user's per-app choices and kiosk mode constrain it;
    /// `SetAppLocksAllowed`). Persisted. Needs an orientd of interface version 6.
    public func setAppLocksAllowed(_ allowed: Bool) throws(OrientationClientError) {
        try callManager(.setAppLocksAllowed, [Variant(bool: allowed)])
    }

    /// Sets how long a device orientation must hold before scenes follow it, in
    /// milliseconds (`SetSettleTime`); persisted.
    public func setSettleTime(milliseconds: UInt32) throws(OrientationClientError) {
        try callManager(.setSettleTime, [Variant(uint32: milliseconds)])
    }

    /// Sets the pad split-view threshold in points, 0 to disable split view
    /// (`SetSplitViewThreshold`); persisted.
    public func setSplitViewThreshold(points: UInt32) throws(OrientationClientError) {
        try callManager(.setSplitViewThreshold, [Variant(uint32: points)])
    }

    /// Forgets the user's own value of a setting, an app's policy, or all of them
    /// (`ResetSetting`), so that the configuration's value, else the default, applies.
    public func resetSetting(_ reset: SettingReset) throws(OrientationClientError) {
        try callManager(.resetSetting, [Variant(string: reset.wireName)])
    }

    /// Makes orientd read its configuration files again and apply them (`Reload`).
    public func reloadConfiguration() throws(OrientationClientError) {
        try callManager(.reload)
    }

    // MARK: Policies and history

    /// Sets the user's policy for an app (`SetAppPolicy`), replacing the old one as a whole;
    /// nil removes it. Applied at once to the app's windows; persisted.
    public func setAppPolicy(_ policy: AppPolicy?, for appID: String) throws(OrientationClientError) {
        var values: [String: Variant] = [:]
        if let policy {
            if let allowed = policy.allowed { values[VardictKey.allowedOrientations] = Variant(strings: allowed.names) }
            if !policy.followSensor { values[VardictKey.followSensor] = Variant(bool: false) }
        }
        try callManager(.setAppPolicy, [Variant(string: appID), Variant(vardict: values)])
    }

    /// The app policies in force (`GetAppPolicies`), sorted by app id.
    public func appPolicies() throws(OrientationClientError) -> [AppPolicyEntry] {
        let reply = try callManager(.getAppPolicies, replyType: "(a{sa{sv}})")
        return (reply.child(at: 0).dictionaryEntries ?? []).compactMap { entry in
            entry.key.string.map { AppPolicyEntry(appID: $0, values: entry.value.vardict ?? [:]) }
        }.sorted { $0.appID < $1.appID }
    }

    /// The last `limit` orientation changes of all scenes (0: all orientd keeps), newest first
    /// (`GetHistory`).
    public func history(limit: UInt32) throws(OrientationClientError) -> [ChangeRecord] {
        let reply = try callManager(.getHistory, [Variant(uint32: limit)], replyType: "(a(ostsss))")
        return reply.child(at: 0).children.map(ChangeRecord.init(entry:))
    }

    /// Why the panel is as it is, in words (`ExplainPanel`, orientd 5 and later): for
    /// `appID`, or for the app in front when it is nil.
    public func explainPanel(appID: String? = nil) throws(OrientationClientError) -> [ExplainStep] {
        let reply = try callManager(.explainPanel, [Variant(string: appID ?? "")], replyType: "(a(sass))")
        return reply.child(at: 0).children.map(ExplainStep.init(step:))
    }

    // MARK: State

    /// Every manager property, read in one call (`GetAll`).
    public func managerProperties() throws(OrientationClientError) -> ManagerProperties {
        ManagerProperties(try allProperties(Self.managerPath, Self.managerInterface))
    }

    /// One manager property by name, as received (`Get`); an unknown name fails with
    /// orientd's error.
    public func managerProperty(_ name: String) throws(OrientationClientError) -> Variant {
        try rawProperty(Self.managerPath, Self.managerInterface, name)
    }

    /// The configuration files orientd applied, in order (`ConfigFiles`).
    public func configurationFiles() throws(OrientationClientError) -> [String] {
        try managerProperty(ManagerProperty.configFiles.rawValue).stringArray ?? []
    }

    /// Every scene orientd holds, of every app, with its properties (`GetManagedObjects`),
    /// by number.
    public func sceneList() throws(OrientationClientError) -> [SceneProperties] {
        let reply = try call(path: Self.managerPath, interface: BusNames.objectManagerInterface, method: StandardMember.getManagedObjects,
                             arguments: [], replyType: "(a{oa{sa{sv}}})")
        return (reply.child(at: 0).dictionaryEntries ?? []).compactMap { entry -> SceneProperties? in
            guard let path = entry.key.string,
                  let properties = entry.value.stringDictionary?[Self.sceneInterface]?.vardict else { return nil }
            return SceneProperties(path: path, properties: properties)
        }.sorted()
    }

    /// Every property of an object's interface (`GetAll`).
    func allProperties(_ path: String, _ interface: String) throws(OrientationClientError) -> [String: Variant] {
        let reply = try call(path: path, interface: BusNames.propertiesInterface, method: StandardMember.getAll,
                             arguments: [Variant(string: interface)], replyType: "(a{sv})")
        return reply.child(at: 0).vardict ?? [:]
    }

    /// One property, unboxed, or the reply's value as it came.
    func rawProperty(_ path: String, _ interface: String, _ name: String) throws(OrientationClientError) -> Variant {
        let reply = try call(path: path, interface: BusNames.propertiesInterface, method: StandardMember.get,
                             arguments: [Variant(string: interface), Variant(string: name)], replyType: "(v)")
        return reply.child(at: 0).unboxed ?? reply.child(at: 0)
    }
}
