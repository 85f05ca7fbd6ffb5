import OrientationCore

/// One configuration file's groups and keys, turned into what the file says
/// (`ConfigurationFile`) for the core to merge. A bad key or value is skipped with a warning
/// naming the file, group and key; what the file said is escaped and cut in the warning.
extension ConfigurationFiles {
    /// `appIds`: the app ids configured so far, per level. The cap of `limits.appPolicies`
    /// counts each level apart, so vendor groups (however many, sorted first) never push out
    /// an administrator's group.
    func parse(_ file: KeyFile, from path: String, level: ConfigurationLevel, appIds: inout [ConfigurationLevel: Set<String>],
               problems: inout FileProblems, limits: Limits) -> ConfigurationFile {
        var result = ConfigurationFile(path: path, level: level)
        for group in file.groups {
            let shownGroup = LogText.quoted(group)
            if group == Self.managerGroup {
                parseManager(file, into: &result, problems: &problems, limits: limits)
            } else if group.hasPrefix(Self.appGroupPrefix) {
                let appId = String(group.dropFirst(Self.appGroupPrefix.count))
                do {
                    try limits.checkAppId(appId)
                } catch {
                    problems.report("[\(shownGroup)]: \(LogText.quoted(error.message)); group skipped")
                    continue
                }
                let configured = appIds[level, default: []]
                if !configured.contains(appId), configured.count >= limits.appPolicies {
                    problems.report("[\(shownGroup)]: more than \(limits.appPolicies) app policies are configured by \(level.rawValue) files; skipped")
                    continue
                }
                appIds[level, default: []].insert(appId)
                result.policies.append((appId, parseApp(group, file, problems: &problems)))
            } else {
                problems.report("[\(shownGroup)]: unknown group; skipped (valid groups: [\(Self.managerGroup)], [\(Self.appGroupPrefix)<app-id>])")
            }
        }
        return result
    }

    private func parseManager(_ file: KeyFile, into result: inout ConfigurationFile, problems: inout FileProblems, limits: Limits) {
        let group = Self.managerGroup
        for key in file.keys(group) {
            func warn(_ why: String) { problems.report("[\(group)] \(LogText.quoted(key)): \(LogText.quoted(why)); skipped") }
            do {
                if key == Self.lockedKey {
                    var locked: [SettingKey] = []
                    for name in try file.strings(group, key) {
                        guard let setting = SettingKey(rawValue: name.trimmingWhitespace()) else {
                            throw KeyFile.ParseError(description: "unknown setting '\(name)'; valid values: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", "))")
                        }
                        locked.append(setting)
                    }
                    result.locks += locked
                    continue
                }
                guard let setting = SettingKey(rawValue: key) else {
                    warn("unknown key; valid keys: \((SettingKey.allCases.map(\.rawValue) + [Self.lockedKey]).joined(separator: ", "))")
                    continue
                }
                switch setting {
                case .rotationLocked: result.values.rotationLocked = try file.bool(group, key)
                case .kioskMode: result.values.kioskMode = try file.bool(group, key)
                case .kioskOrientation:
                    let name = try file.string(group, key).trimmingWhitespace()
                    do { result.values.kioskOrientation = try InterfaceOrientation(parsing: name) } catch {
                        throw KeyFile.ParseError(description: error.message)
                    }
                case .splitViewThreshold:
                    result.values.splitViewThreshold = try file.uint(group, key, maximum: limits.maxSplitViewThreshold)
                case .settleTime:
                    result.values.settleTime = try file.uint(group, key, maximum: limits.maxSettleTime)
                case .undeclaredAppOrientations:
                    let names = try file.strings(group, key).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                    do { result.values.undeclaredAppOrientations = try OrientationMask(parsing: names) } catch {
                        throw KeyFile.ParseError(description: error.message)
                    }
                case .appLocksAllowed: result.values.appLocksAllowed = try file.bool(group, key)
                case .largeScreenRule: result.values.largeScreenRule = try file.bool(group, key)
                case .screenClass:
                    let name = try file.string(group, key).trimmingWhitespace()
                    guard let choice = ScreenClassChoice(rawValue: name) else {
                        throw KeyFile.ParseError(description: "'\(name)' is not a screen class; valid values: \(ScreenClassChoice.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    result.values.screenClass = choice
                }
            } catch {
                warn("\(error)")
            }
        }
    }

    private func parseApp(_ group: String, _ file: KeyFile, problems: inout FileProblems) -> ConfigurationFile.PolicyChange {
        var change = ConfigurationFile.PolicyChange()
        for key in file.keys(group) {
            func warn(_ why: String) { problems.report("[\(LogText.quoted(group))] \(LogText.quoted(key)): \(LogText.quoted(why)); skipped") }
            do {
                switch key {
                case "AllowedOrientations":
                    let names = try file.strings(group, key).map { $0.trimmingWhitespace() }
                    do { change.allowed = try OrientationMask(parsing: names) } catch {
                        throw KeyFile.ParseError(description: error.message)
                    }
                case "FollowSensor":
                    change.followSensor = try file.bool(group, key)
                case Self.lockedKey:
                    change.locked = try file.bool(group, key)
                case ConfigurationFiles.mayAdministerKey:
                    change.mayAdminister = try file.bool(group, key)
                default:
                    warn("unknown key; valid keys: AllowedOrientations, FollowSensor, Locked, \(ConfigurationFiles.mayAdministerKey)")
                }
            } catch {
                warn("\(error)")
            }
        }
        return change
    }
}
