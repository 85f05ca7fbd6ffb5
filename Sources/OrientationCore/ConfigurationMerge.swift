/// Who wrote a configuration file: the vendor (`$XDG_DATA_DIRS`, folders a package or, on
/// many systems, the user can write) or the administrator (`$XDG_CONFIG_DIRS`, `/etc/xdg`).
public enum ConfigurationLevel: String, Sendable, Hashable {
    case vendor
    case administrator
}

/// What one configuration file says, as its adapter read it: the values it sets, the keys it
/// locks, and its app policies key by key.
public struct ConfigurationFile: Sendable, Equatable {
    /// One `[App APP-ID]` group: each field nil where the file does not set it.
    public struct PolicyChange: Sendable, Equatable {
        public var allowed: OrientationMask?
        public var followSensor: Bool?
        /// `Locked=true` locks the policy, `Locked=false` unlocks it.
        public var locked: Bool?
        /// `MayAdminister=true` trusts the (sandboxed) app with the administrator methods.
        public var mayAdminister: Bool?
        public init() {}
        /// Whether the group sets anything of the policy (a group that only trusts an app does not).
        public var setsPolicy: Bool { allowed != nil || followSensor != nil || locked != nil }
    }

    public var path: String
    public var level: ConfigurationLevel
    /// Manager keys the file sets (its `appPolicies` are unused: see `policies`).
    public var values = SettingLayer()
    /// Manager keys the file's `Locked=` names.
    public var locks: [SettingKey] = []
    /// The app groups, in the file's order.
    public var policies: [(appId: String, change: PolicyChange)] = []

    public init(path: String, level: ConfigurationLevel) {
        self.path = path
        self.level = level
    }

    public static func == (a: ConfigurationFile, b: ConfigurationFile) -> Bool {
        a.path == b.path && a.level == b.level && a.values == b.values && a.locks == b.locks
            && a.policies.map(\.appId) == b.policies.map(\.appId) && a.policies.map(\.change) == b.policies.map(\.change)
    }
}

extension Configuration {
    /// Merges `file`, the next in the documented order, and returns what was refused, one
    /// sentence each. The order decides between files (the later one wins), except that a
    /// vendor file never changes or unlocks what an administrator's file locked: neither a
    /// locked key's value nor a locked app policy (its values or its lock). An administrator's
    /// file may change or unlock anything, a vendor's lock included.
    public mutating func apply(_ file: ConfigurationFile) -> [String] {
        var refused: [String] = []
        let vendor = file.level == .vendor
        for key in SettingKey.allCases where file.values.sets(key) {
            if vendor, administratorLocks.contains(key) {
                refused.append("\(key.rawValue) is locked by \(locks[key] ?? "the administrator"); a vendor file cannot change it")
                continue
            }
            values = values.overridden(by: file.values.only(key))
            sources[key] = file.path
        }
        for key in file.locks {
            if vendor, administratorLocks.contains(key) { continue }  // already locked, by the administrator
            locks[key] = file.path
            if vendor { administratorLocks.remove(key) } else { administratorLocks.insert(key) }
        }
        for (appId, change) in file.policies {
            if let trusted = change.mayAdminister {
                // Vendor folders may be writable by the user (or an app): trust is the administrator's.
                if vendor {
                    refused.append("MayAdminister for \(appId) is for the administrator's files; a vendor file cannot grant it")
                } else {
                    administrators[appId] = trusted ? file.path : nil
                }
            }
            guard change.setsPolicy else { continue }
            if vendor, administratorLockedPolicies.contains(appId) {
                refused.append("the policy of \(appId) is locked by \(lockedPolicies[appId] ?? "the administrator"); a vendor file cannot change or unlock it")
                continue
            }
            var policy = values.appPolicies[appId] ?? AppPolicy()
            if let allowed = change.allowed { policy.allowed = allowed }
            if let followSensor = change.followSensor { policy.followSensor = followSensor }
            switch change.locked {
            case true?:
                lockedPolicies[appId] = file.path
                if vendor { administratorLockedPolicies.remove(appId) } else { administratorLockedPolicies.insert(appId) }
            case false?:
                lockedPolicies[appId] = nil
                administratorLockedPolicies.remove(appId)
            case nil:
                break
            }
            values.appPolicies[appId] = policy
            policySources[appId] = file.path
        }
        files.append(file.path)
        return refused
    }
}

extension SettingLayer {
    /// This level's value of `key` alone.
    func only(_ key: SettingKey) -> SettingLayer {
        var result = SettingLayer()
        switch key {
        case .rotationLocked: result.rotationLocked = rotationLocked
        case .kioskMode: result.kioskMode = kioskMode
        case .kioskOrientation: result.kioskOrientation = kioskOrientation
        case .splitViewThreshold: result.splitViewThreshold = splitViewThreshold
        case .settleTime: result.settleTime = settleTime
        case .undeclaredAppOrientations: result.undeclaredAppOrientations = undeclaredAppOrientations
        case .appLocksAllowed: result.appLocksAllowed = appLocksAllowed
        case .screenClass: result.screenClass = screenClass
        case .largeScreenRule: result.largeScreenRule = largeScreenRule
        }
        return result
    }
}
