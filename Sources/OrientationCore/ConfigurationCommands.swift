/// The user's choices over the configuration files: locks, ResetSetting and Reload.
extension OrientationManager {
    /// `NotPermitted` when the configuration locks the policy of `appId`.
    func checkPolicyUnlocked(_ appId: String) throws(OrientationError) {
        guard let file = configuration.lockedPolicies[appId] else { return }
        throw .notPermitted("The app policy of \(appId) is locked by \(file): the administrator's configuration decides it, and calls cannot change or remove it")
    }

    /// `ResetSetting`'s argument: a manager key, `App <app-id>`, or `all`.
    public static let resetAppPrefix = "App "

    /// Drops the user's own value of `name` so that the configured value (or the built-in
    /// default) applies again. Resetting what the user never set is not an error; resetting
    /// a locked key or app policy is `NotPermitted`, as changing it is (`all` drops every own
    /// value, locked or not: a locked one never applies anyway).
    mutating func resetSetting(_ name: String, now: Moment, events: inout [Event]) throws(OrientationError) {
        if name == "all" {
            user = SettingLayer()
        } else if let key = SettingKey(rawValue: name) {
            try configuration.checkUnlocked(key)
            user.clear(key)
        } else if name.hasPrefix(Self.resetAppPrefix) {
            let appId = String(name.dropFirst(Self.resetAppPrefix.count))
            try Validate.appId(appId, limits: limits)
            try checkPolicyUnlocked(appId)
            user.appPolicies[appId] = nil
        } else {
            let valid = SettingKey.allCases.map(\.rawValue) + ["App <app-id>", "all"]
            throw .invalidArgs("Unknown setting '\(ControlCharacters.escaped(name))'; valid values: \(valid.joined(separator: ", "))")
        }
        applyEffectiveSettings(now: now, events: &events)
    }

    /// A new configuration (Reload, SIGHUP): applied at once.
    mutating func reload(_ newConfiguration: Configuration, now: Moment, events: inout [Event]) {
        configuration = newConfiguration
        applyEffectiveSettings(now: now, events: &events)
    }

    /// Moves the settings in force to what the user's choices and the configuration make them,
    /// re-evaluating the scenes each change affects (reason `policy`; lifting the rotation lock
    /// lets scenes follow the device, reason `device`).
    mutating func applyEffectiveSettings(now: Moment, events: inout [Event]) {
        let target = Settings.effective(user: user, configuration: configuration)
        // The screen class and the large-screen rule change the rules every evaluation below
        // sees (`updateRegime` re-evaluates the scenes nothing else did).
        settings.screenClass = target.screenClass
        settings.largeScreenRule = target.largeScreenRule
        if target.rotationLocked != settings.rotationLocked {
            setRotationLocked(target.rotationLocked, now: now, events: &events)
        }
        if target.kioskMode != settings.kioskMode || target.kioskOrientation != settings.kioskOrientation {
            setKioskMode(target.kioskMode, target.kioskOrientation, now: now, events: &events)
        }
        if target.splitViewThreshold != settings.splitViewThreshold {
            moveSplitViewThreshold(to: target.splitViewThreshold, now: now, events: &events)
        }
        if target.settleTimeMilliseconds != settings.settleTimeMilliseconds {
            settings.settleTimeMilliseconds = target.settleTimeMilliseconds
            if pendingReading != nil { tick(now: now, events: &events) }
        }
        if target.undeclaredAppOrientations != settings.undeclaredAppOrientations {
            settings.undeclaredAppOrientations = target.undeclaredAppOrientations
            let affected = sceneIDs { $0.isObserved && $0.supportedGiven == nil }
            reevaluateScenes(affected, kioskBefore: settings.kioskMode, reason: .policy, now: now, events: &events)
        }
        if target.appLocksAllowed != settings.appLocksAllowed {
            settings.appLocksAllowed = target.appLocksAllowed
            reevaluateScenes(sceneIDs { _ in true }, kioskBefore: settings.kioskMode, reason: .policy, now: now, events: &events)
        }
        if target.appPolicies != settings.appPolicies {
            let apps = Set(target.appPolicies.keys).union(settings.appPolicies.keys)
            let changed = apps.filter { target.appPolicies[$0] != settings.appPolicies[$0] }
            settings.appPolicies = target.appPolicies
            let affected = sceneIDs { changed.contains($0.appId) }
            reevaluateScenes(affected, kioskBefore: settings.kioskMode, reason: .policy, now: now, events: &events)
        }
    }
}

extension Command {
    /// Whether the command may change the user's own choices (which the shell must save
    /// before it answers).
    public var changesUserSettings: Bool {
        switch self {
        case .setRotationLocked, .setKioskMode, .setSplitViewThreshold, .setSettleTime, .setAppPolicy, .resetSetting,
             .setAppLocksAllowed:
            return true
        default:
            return false
        }
    }
}

extension Configuration {
    /// `NotPermitted` when the configuration locks any of `keys`, naming each and its file
    /// ("KioskMode and KioskOrientation are locked by F: ... decides them"). On the
    /// configuration, not the manager: the manager's mutating methods call it, and a call to
    /// a non-mutating method of the manager copies the whole manager onto the stack.
    func checkUnlocked(_ keys: SettingKey...) throws(OrientationError) {
        let locked = keys.compactMap { key in locks[key].map { (key: key.rawValue, file: $0) } }
        guard !locked.isEmpty else { return }
        var files: [String] = []
        for lock in locked where !files.contains(lock.file) { files.append(lock.file) }
        let sentences = files.map { file in
            let names = locked.filter { $0.file == file }.map(\.key)
            return "\(names.joined(separator: " and ")) \(names.count == 1 ? "is" : "are") locked by \(file)"
        }
        let them = locked.count == 1 ? "it" : "them"
        throw .notPermitted(sentences.joined(separator: "; ") + ": the administrator's configuration decides \(them), and calls cannot change \(them)")
    }
}
