import OrientationClient

/// A switch the app shows (the rotation lock, whether apps may lock the orientation, kiosk mode).
public struct SwitchRow: Sendable, Equatable {
    /// The row's title, which also names its switch for screen readers.
    public var title: String
    /// What the setting does, or who set it.
    public var subtitle: String
    /// The setting in force.
    public var isOn: Bool
    /// False when the administrator locks the setting: shown, not changeable.
    public var isChangeable: Bool
}

/// One installed app's row: what it declares and the person's choice.
public struct AppRow: Sendable, Equatable, Identifiable {
    public var id: String { appID }
    /// The app id orientd's policies use.
    public var appID: String
    /// The desktop entry's name, else the app id, on one line and cut (`DisplayText`).
    public var name: String
    /// The desktop entry's icon (a name or a path).
    public var icon: String?
    /// What the app's desktop entry declares, in words.
    public var declared: String
    /// The choice in force; nil for a policy none of the four choices gives.
    public var choice: AppChoice?
    /// The policy in force, in words.
    public var choiceText: String
    /// The configuration file that locks the policy; nil when the person may change it.
    public var lockedBy: String?
    public var isLocked: Bool { lockedBy != nil }
    /// The row's second line: the choice, and the lock.
    public var subtitle: String {
        isLocked ? fill(tr("%s (set by the administrator)"), choiceText) : choiceText
    }
}

/// What the settings app shows, in words, from a snapshot: pure, so it is tested without
/// GTK or orientd.
public struct SettingsModel: Sendable, Equatable {
    public var rotationLock: SwitchRow
    /// "Apps may lock the orientation" (`AppLocksAllowed`, the user's switch above every app);
    /// nil from an orientd before version 6, which has no such switch.
    public var appLocks: SwitchRow?
    public var kiosk: SwitchRow
    /// How orientd treats this screen, in one plain line (`ScreenText`); empty from an orientd
    /// before version 6, which does not say.
    public var screen: String
    /// The app the person came from (in front before the settings app): its name (or id), or
    /// a sentence saying there is none.
    public var frontApp: String
    /// That app in one plain line: how it turns, and whose choice that is ("Reader: Portrait
    /// only — your choice"); empty without an app.
    public var frontSummary: String
    /// Why the screen is as it is, one sentence a line (behind the "Why?" button).
    public var explanation: String
    /// Every installed app, and apps with a policy but no desktop entry.
    public var apps: [AppRow]

    public init(_ snapshot: SettingsSnapshot) {
        let manager = snapshot.manager
        let locked = Set(manager.lockedSettings)
        rotationLock = SwitchRow(
            title: tr("Rotation lock"),
            subtitle: locked.contains(.rotationLocked) ? tr("Set by the administrator")
                : Self.withSource(tr("Keeps the screen as it is when the device turns"), manager.settingSources[SettingKey.rotationLocked.rawValue]),
            isOn: manager.rotationLocked, isChangeable: !locked.contains(.rotationLocked))
        appLocks = manager.bool(.appLocksAllowed) == nil ? nil : SwitchRow(
            title: tr("Apps may lock the orientation"),
            subtitle: locked.contains(.appLocksAllowed) ? tr("Set by the administrator")
                : Self.withSource(tr("Off: every app follows how you hold the device; your choices per app still apply"),
                                  manager.settingSources[SettingKey.appLocksAllowed.rawValue]),
            isOn: manager.appLocksAllowed, isChangeable: !locked.contains(.appLocksAllowed))
        screen = ScreenText.line(manager)
        let kioskLocked = locked.contains(.kioskMode)
        let kioskWhere = manager.kioskOrientation.map(Self.orientationWords) ?? tr("portrait")
        kiosk = SwitchRow(
            title: tr("Kiosk mode"),
            subtitle: kioskLocked ? fill(tr("Every app in %s (set by the administrator)"), kioskWhere)
                : Self.withSource(fill(tr("Every app in %s"), kioskWhere), manager.settingSources[SettingKey.kioskMode.rawValue]),
            isOn: manager.kioskMode, isChangeable: !kioskLocked)
        let byID = Dictionary(snapshot.apps.map { ($0.appID, $0) }, uniquingKeysWith: { first, _ in first })
        let front = snapshot.cameFrom ?? ""
        frontApp = front.isEmpty ? tr("No app is in front") : DisplayText.oneLine(byID[front]?.name ?? front)
        explanation = snapshot.explanation.map(\.sentence).joined(separator: "\n")
        if explanation.isEmpty {
            explanation = front.isEmpty ? tr("The screen follows the device.") : ""
        }
        let policies = Dictionary(snapshot.policies.map { ($0.appID, $0) }, uniquingKeysWith: { first, _ in first })
        var rows = snapshot.apps.map { Self.row($0.appID, app: $0, policy: policies[$0.appID]) }
        for entry in snapshot.policies where byID[entry.appID] == nil {
            rows.append(Self.row(entry.appID, app: nil, policy: entry))
        }
        apps = rows
        frontSummary = front.isEmpty ? "" : Self.summary(of: front, name: frontApp, app: byID[front], policy: policies[front])
    }

    /// "Name: how it turns — whose choice".
    static func summary(of appID: String, name: String, app: InstalledApp?, policy: AppPolicyEntry?) -> String {
        let row = Self.row(appID, app: app, policy: policy)
        if let locked = policy?.lockedBy, !locked.isEmpty {
            return fill(tr("%s: %s — set by the administrator"), name, row.choiceText)
        }
        if let policy {
            return policy.source == "user" ? fill(tr("%s: %s — your choice"), name, row.choiceText)
                : fill(tr("%s: %s — the administrator's default"), name, row.choiceText)
        }
        guard let declared = app?.declared else { return fill(tr("%s: turns with the device (it says nothing)"), name) }
        return fill(tr("%s: %s — the app's own choice"), name, maskWords(declared))
    }

    static func row(_ appID: String, app: InstalledApp?, policy: AppPolicyEntry?) -> AppRow {
        let declared: String
        if let app {
            declared = app.declared.map { fill(tr("Declares %s"), maskWords($0)) } ?? tr("Declares nothing")
        } else {
            declared = tr("No desktop entry")
        }
        let choice: AppChoice? = policy == nil ? .followApp : policy?.policy.flatMap { AppChoice(policy: $0) }
        let text: String
        if let choice { text = choice.title }
        else if let allowed = policy?.policy?.allowed { text = fill(tr("Only %s"), maskWords(allowed)) }
        else { text = tr("Does not follow the device") }
        return AppRow(appID: appID, name: DisplayText.oneLine(app?.name ?? appID), icon: app?.icon, declared: declared,
                      choice: choice, choiceText: text, lockedBy: policy?.lockedBy)
    }

    /// A setting's line with who set it (`SettingSources`: "user", "default" or a
    /// configuration file); as it is from an orientd that does not say.
    static func withSource(_ text: String, _ source: String?) -> String {
        switch source {
        case nil: return text
        case "user": return fill(tr("%s (your choice)"), text)
        case "default": return fill(tr("%s (the default)"), text)
        default: return fill(tr("%s (the administrator's default, which you may change)"), text)
        }
    }

    /// An orientation in words.
    public static func orientationWords(_ orientation: InterfaceOrientation) -> String {
        switch orientation {
        case .portrait: return tr("portrait")
        case .portraitUpsideDown: return tr("portrait upside down")
        case .landscapeLeft: return tr("landscape left")
        case .landscapeRight: return tr("landscape right")
        }
    }

    /// A mask in words: the families it holds whole, else its orientations.
    public static func maskWords(_ mask: OrientationMask) -> String {
        switch mask {
        case .all: return tr("every orientation")
        case .allButUpsideDown: return tr("every orientation but upside down")
        case .landscape: return tr("landscape")
        case [.portrait, .portraitUpsideDown]: return tr("portrait, either way up")
        default: return mask.orientations.map(orientationWords).joined(separator: ", ")
        }
    }
}
