/// A manager setting that a configuration file can set and lock, by its key-file and D-Bus name.
public enum SettingKey: String, CaseIterable, Sendable {
    case rotationLocked = "RotationLocked"
    case kioskMode = "KioskMode"
    case kioskOrientation = "KioskOrientation"
    case splitViewThreshold = "SplitViewThreshold"
    case settleTime = "SettleTime"
    case undeclaredAppOrientations = "UndeclaredAppOrientations"
    /// Whether apps may constrain the orientation at all (the user's switch; WCAG 1.3.4).
    case appLocksAllowed = "AppLocksAllowed"
    /// The screen class, measured (`auto`) or set (configuration only).
    case screenClass = "ScreenClass"
    /// Whether a phone declaration is only a hint on a large screen held in the hand
    /// (configuration only).
    case largeScreenRule = "LargeScreenRule"
}

extension SettingKey {
    // Hashed and compared by case, not by the raw string (what RawRepresentable's defaults
    // do): every call diffs the manager's properties, which looks each key up several times.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
    public static func == (lhs: SettingKey, rhs: SettingKey) -> Bool { lhs.ordinal == rhs.ordinal }

    /// The key's place in `allCases` (its hash, and its bit in `SettingProvenance.userSets`).
    var ordinal: Int {
        switch self {
        case .rotationLocked: 0
        case .kioskMode: 1
        case .kioskOrientation: 2
        case .splitViewThreshold: 3
        case .settleTime: 4
        case .undeclaredAppOrientations: 5
        case .appLocksAllowed: 6
        case .screenClass: 7
        case .largeScreenRule: 8
        }
    }
}

/// One level of settings: each value is nil where this level says nothing. The user's own
/// choices (the state file) are one such level, the merged configuration files another.
public struct SettingLayer: Sendable, Equatable {
    public var rotationLocked: Bool?
    public var kioskMode: Bool?
    public var kioskOrientation: InterfaceOrientation?
    public var splitViewThreshold: UInt32?
    public var settleTime: UInt32?
    public var undeclaredAppOrientations: OrientationMask?
    public var appLocksAllowed: Bool?
    public var screenClass: ScreenClassChoice?
    public var largeScreenRule: Bool?
    public var appPolicies: [String: AppPolicy] = [:]

    public init() {}

    /// Every value of `settings`, as if each had been chosen.
    public init(every settings: Settings) {
        rotationLocked = settings.rotationLocked
        kioskMode = settings.kioskMode
        kioskOrientation = settings.kioskOrientation
        splitViewThreshold = settings.splitViewThreshold
        settleTime = settings.settleTimeMilliseconds
        undeclaredAppOrientations = settings.undeclaredAppOrientations
        appLocksAllowed = settings.appLocksAllowed
        screenClass = settings.screenClass
        largeScreenRule = settings.largeScreenRule
        appPolicies = settings.appPolicies
    }

    /// Whether this level sets `key`.
    public func sets(_ key: SettingKey) -> Bool {
        switch key {
        case .rotationLocked: return rotationLocked != nil
        case .kioskMode: return kioskMode != nil
        case .kioskOrientation: return kioskOrientation != nil
        case .splitViewThreshold: return splitViewThreshold != nil
        case .settleTime: return settleTime != nil
        case .undeclaredAppOrientations: return undeclaredAppOrientations != nil
        case .appLocksAllowed: return appLocksAllowed != nil
        case .screenClass: return screenClass != nil
        case .largeScreenRule: return largeScreenRule != nil
        }
    }

    /// Forgets this level's value of `key`.
    public mutating func clear(_ key: SettingKey) {
        switch key {
        case .rotationLocked: rotationLocked = nil
        case .kioskMode: kioskMode = nil
        case .kioskOrientation: kioskOrientation = nil
        case .splitViewThreshold: splitViewThreshold = nil
        case .settleTime: settleTime = nil
        case .undeclaredAppOrientations: undeclaredAppOrientations = nil
        case .appLocksAllowed: appLocksAllowed = nil
        case .screenClass: screenClass = nil
        case .largeScreenRule: largeScreenRule = nil
        }
    }

    /// `other`'s values where it has one, this level's elsewhere (app policies by app, whole).
    public func overridden(by other: SettingLayer) -> SettingLayer {
        var result = self
        result.rotationLocked = other.rotationLocked ?? rotationLocked
        result.kioskMode = other.kioskMode ?? kioskMode
        result.kioskOrientation = other.kioskOrientation ?? kioskOrientation
        result.splitViewThreshold = other.splitViewThreshold ?? splitViewThreshold
        result.settleTime = other.settleTime ?? settleTime
        result.undeclaredAppOrientations = other.undeclaredAppOrientations ?? undeclaredAppOrientations
        result.appLocksAllowed = other.appLocksAllowed ?? appLocksAllowed
        result.screenClass = other.screenClass ?? screenClass
        result.largeScreenRule = other.largeScreenRule ?? largeScreenRule
        result.appPolicies.merge(other.appPolicies) { _, new in new }
        return result
    }
}

/// The administrator's and vendor's configuration files, merged by the adapter that read them:
/// the values, which file set each, and what the user may not change.
public struct Configuration: Sendable, Equatable {
    /// The merged values.
    public var values = SettingLayer()
    /// The file that set each manager key (the last one in the order wins).
    public var sources: [SettingKey: String] = [:]
    /// Locked manager keys and the file that locked each.
    public var locks: [SettingKey: String] = [:]
    /// The file that set each app policy.
    public var policySources: [String: String] = [:]
    /// Locked app policies and the file that locked each.
    public var lockedPolicies: [String: String] = [:]
    /// The files applied, in order.
    public var files: [String] = []
    /// The locked manager keys whose lock an administrator's file set (`apply`).
    public internal(set) var administratorLocks: Set<SettingKey> = []
    /// The locked app policies whose lock an administrator's file set (`apply`).
    public internal(set) var administratorLockedPolicies: Set<String> = []
    /// Sandboxed apps the administrator lets use the administrator methods
    /// (`MayAdminister=true` in `[App <app-id>]`), and the file that said so.
    public var administrators: [String: String] = [:]

    public init() {}

    /// The locked manager keys, in the contract's order.
    public var lockedKeys: [SettingKey] { SettingKey.allCases.filter { locks[$0] != nil } }
}

extension Settings {
    /// The settings in force: for each key the user's value unless the key is locked, else the
    /// configuration's, else the built-in default; app policies likewise, app by app.
    public static func effective(user: SettingLayer, configuration: Configuration) -> Settings {
        let c = configuration.values
        var merged = c.overridden(by: user)
        for key in SettingKey.allCases where configuration.locks[key] != nil {
            merged.clear(key)
        }
        merged = merged.overridden(by: lockedOnly(c, configuration.locks))
        var settings = Settings()
        settings.rotationLocked = merged.rotationLocked ?? settings.rotationLocked
        settings.kioskMode = merged.kioskMode ?? settings.kioskMode
        settings.kioskOrientation = merged.kioskOrientation ?? settings.kioskOrientation
        settings.splitViewThreshold = merged.splitViewThreshold ?? settings.splitViewThreshold
        settings.settleTimeMilliseconds = merged.settleTime ?? settings.settleTimeMilliseconds
        settings.undeclaredAppOrientations = merged.undeclaredAppOrientations ?? settings.undeclaredAppOrientations
        settings.appLocksAllowed = merged.appLocksAllowed ?? settings.appLocksAllowed
        settings.screenClass = merged.screenClass ?? settings.screenClass
        settings.largeScreenRule = merged.largeScreenRule ?? settings.largeScreenRule
        settings.appPolicies = merged.appPolicies
        for (appId, policy) in c.appPolicies where configuration.lockedPolicies[appId] != nil {
            settings.appPolicies[appId] = policy
        }
        return settings
    }

    /// The configured values of the locked keys only.
    private static func lockedOnly(_ values: SettingLayer, _ locks: [SettingKey: String]) -> SettingLayer {
        var result = SettingLayer()
        if locks[.rotationLocked] != nil { result.rotationLocked = values.rotationLocked }
        if locks[.kioskMode] != nil { result.kioskMode = values.kioskMode }
        if locks[.kioskOrientation] != nil { result.kioskOrientation = values.kioskOrientation }
        if locks[.splitViewThreshold] != nil { result.splitViewThreshold = values.splitViewThreshold }
        if locks[.settleTime] != nil { result.settleTime = values.settleTime }
        if locks[.undeclaredAppOrientations] != nil { result.undeclaredAppOrientations = values.undeclaredAppOrientations }
        if locks[.appLocksAllowed] != nil { result.appLocksAllowed = values.appLocksAllowed }
        if locks[.screenClass] != nil { result.screenClass = values.screenClass }
        if locks[.largeScreenRule] != nil { result.largeScreenRule = values.largeScreenRule }
        return result
    }
}

extension Limits {
    /// `InvalidArgs` unless `appId` is a valid app-id (for adapters reading files).
    public func checkAppId(_ appId: String) throws(OrientationError) {
        try Validate.appId(appId, limits: self)
    }
}
