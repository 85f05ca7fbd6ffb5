import Foundation
import OrientationCore
import OrientationWire

/// The vendor's and administrator's configuration files (`orientd.conf` and
/// `orientd.conf.d/*.conf` under `$XDG_DATA_DIRS` and `$XDG_CONFIG_DIRS`), found and merged in
/// the documented order into one `Configuration` value for the core. A file that does not
/// parse is skipped whole, a bad key or value alone, each with one warning naming the file,
/// group and key. orientd never writes these files.
public struct ConfigurationFiles: Sendable {
    public static let folder = ConfigurationSearchPath.folder
    public static let mainFile = ConfigurationSearchPath.mainFile
    public static let dropInFolder = ConfigurationSearchPath.dropInFolder
    static let managerGroup = "Manager"
    static let appGroupPrefix = "App "
    static let lockedKey = "Locked"
    /// `[App <app-id>] MayAdminister=true`: that sandboxed app may use the administrator methods.
    static let mayAdministerKey = "MayAdminister"

    /// The folders searched, from the environment's XDG folders.
    public let searchPath: ConfigurationSearchPath
    /// Vendor folders, most important first.
    public var dataDirectories: [String] { searchPath.dataDirectories }
    /// Administrator folders, most important first.
    public var configDirectories: [String] { searchPath.configDirectories }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        searchPath = ConfigurationSearchPath(environment: environment)
    }

    /// The XDG rule: a colon-separated list, relative entries ignored, the default when empty.
    static func directories(_ value: String?, default fallback: String) -> [String] {
        ConfigurationSearchPath.directories(value, default: fallback)
    }

    /// Every file to apply, in order: the main files (vendor before administrator, the least
    /// important folder first), then the drop-ins sorted by name, a name in a more important
    /// folder hiding the same name in a less important one.
    func candidates(log: Log) -> [String] {
        let ordered = searchPath.folders
        var files = ordered.map { $0 + "/" + Self.mainFile }
        var dropIns: [String: String] = [:]
        for folder in ordered {
            let path = folder + "/" + Self.dropInFolder
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                log.warning("\(path) is not a folder; skipped")
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                log.warning("\(path) cannot be listed (permission denied?); skipped")
                continue
            }
            for name in names where ConfigurationSearchPath.isDropIn(name) {
                dropIns[name] = path + "/" + name
            }
        }
        files += dropIns.keys.sorted().map { dropIns[$0]! }
        return files
    }

    /// Reads and merges every file; warnings go to `log`.
    public func read(log: Log, limits: Limits = .default) -> Configuration {
        var configuration = Configuration()
        for path in candidates(log: log) {
            switch SafeFile.read(path) {
            case .missing:
                continue
            case .unusable(let why):
                log.warning("\(path) \(why); skipped")
            case .contents(let bytes):
                let file: KeyFile
                do {
                    file = try KeyFile(parsing: bytes)
                } catch {
                    log.warning("\(path) does not parse as a key file (\(error)); skipped")
                    continue
                }
                apply(file, from: path, to: &configuration, log: log, limits: limits)
                configuration.files.append(path)
            }
        }
        return configuration
    }

    /// Merges one parsed file into `configuration`, key by key.
    func apply(_ file: KeyFile, from path: String, to configuration: inout Configuration, log: Log, limits: Limits) {
        for group in file.groups {
            if group == Self.managerGroup {
                applyManager(file, path, &configuration, log, limits)
            } else if group.hasPrefix(Self.appGroupPrefix) {
                let appId = String(group.dropFirst(Self.appGroupPrefix.count))
                do {
                    try limits.checkAppId(appId)
                } catch {
                    log.warning("\(path) [\(group)]: \(error.message); group skipped")
                    continue
                }
                applyApp(appId, file, path, &configuration, log, limits)
            } else {
                log.warning("\(path) [\(group)]: unknown group; skipped (valid groups: [\(Self.managerGroup)], [\(Self.appGroupPrefix)<app-id>])")
            }
        }
    }

    private func applyManager(_ file: KeyFile, _ path: String, _ configuration: inout Configuration, _ log: Log, _ limits: Limits) {
        let group = Self.managerGroup
        for key in file.keys(group) {
            func warn(_ why: String) { log.warning("\(path) [\(group)] \(key): \(why); skipped") }
            do {
                if key == Self.lockedKey {
                    var locked: [SettingKey] = []
                    for name in try file.strings(group, key) {
                        guard let setting = SettingKey(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                            throw KeyFile.ParseError(description: "unknown setting '\(name)'; valid values: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", "))")
                        }
                        locked.append(setting)
                    }
                    for setting in locked { configuration.locks[setting] = path }
                    continue
                }
                guard let setting = SettingKey(rawValue: key) else {
                    warn("unknown key; valid keys: \((SettingKey.allCases.map(\.rawValue) + [Self.lockedKey]).joined(separator: ", "))")
                    continue
                }
                switch setting {
                case .rotationLocked: configuration.values.rotationLocked = try file.bool(group, key)
                case .kioskMode: configuration.values.kioskMode = try file.bool(group, key)
                case .kioskOrientation:
                    let name = try file.string(group, key).trimmingCharacters(in: .whitespaces)
                    do { configuration.values.kioskOrientation = try InterfaceOrientation(parsing: name) } catch {
                        throw KeyFile.ParseError(description: error.message)
                    }
                case .splitViewThreshold:
                    configuration.values.splitViewThreshold = try file.uint(group, key, maximum: limits.maxSplitViewThreshold)
                case .settleTime:
                    configuration.values.settleTime = try file.uint(group, key, maximum: limits.maxSettleTime)
                }
                configuration.sources[setting] = path
            } catch {
                warn("\(error)")
            }
        }
    }

    private func applyApp(_ appId: String, _ file: KeyFile, _ path: String, _ configuration: inout Configuration, _ log: Log, _ limits: Limits) {
        let group = Self.appGroupPrefix + appId
        if configuration.values.appPolicies[appId] == nil, configuration.values.appPolicies.count >= limits.appPolicies {
            log.warning("\(path) [\(group)]: more than \(limits.appPolicies) app policies are configured; skipped")
            return
        }
        var policy = configuration.values.appPolicies[appId] ?? AppPolicy()
        for key in file.keys(group) {
            func warn(_ why: String) { log.warning("\(path) [\(group)] \(key): \(why); skipped") }
            do {
                switch key {
                case "AllowedOrientations":
                    let names = try file.strings(group, key).map { $0.trimmingCharacters(in: .whitespaces) }
                    do { policy.allowed = try OrientationMask(parsing: names) } catch {
                        throw KeyFile.ParseError(description: error.message)
                    }
                case "FollowSensor":
                    policy.followSensor = try file.bool(group, key)
                case Self.mayAdministerKey:
                    configuration.administrators[appId] = try file.bool(group, key) ? path : nil
                    continue
                case Self.lockedKey:
                    if try file.bool(group, key) {
                        configuration.lockedPolicies[appId] = path
                    } else {
                        configuration.lockedPolicies[appId] = nil
                    }
                default:
                    warn("unknown key; valid keys: AllowedOrientations, FollowSensor, Locked, \(Self.mayAdministerKey)")
                }
            } catch {
                warn("\(error)")
            }
        }
        // A group that only trusts a sandboxed app sets no policy.
        guard file.keys(group).contains(where: { $0 != Self.mayAdministerKey }) else { return }
        configuration.values.appPolicies[appId] = policy
        configuration.policySources[appId] = path
    }
}
