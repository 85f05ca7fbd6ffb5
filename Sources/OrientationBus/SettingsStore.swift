import CGio
import Foundation
import OrientationCore

/// The persisted settings: a GLib key file in the state folder, written atomically
/// (g_file_set_contents writes a temporary file and renames it), so a crash at any moment
/// leaves the old file or the new one. A file that cannot be read is moved aside.
public struct SettingsStore: Sendable {
    public static let fileName = "settings.ini"
    static let group = "orientd"
    static let policyPrefix = "policy "

    public let directory: String
    public var path: String { directory + "/" + Self.fileName }

    public init(directory: String) { self.directory = directory }

    /// `$XDG_STATE_HOME/orientd`, or `~/.local/state/orientd`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/orientd" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/state/orientd"
    }

    /// The saved settings; defaults when there is no file. A file that does not parse, or holds
    /// a bad value (one a client could not have set: out of the documented ranges, an invalid
    /// app-id, too many policies), is renamed to `settings.ini.corrupt-<time>` (plus `-<n>` when
    /// that name is taken) and defaults are used, with a warning.
    public func load(log: Log, limits: Limits = .default) -> Settings {
        removeInterruptedWrites(log: log)
        guard FileManager.default.fileExists(atPath: path) else { return Settings() }
        do {
            return try read(limits: limits)
        } catch {
            let stamp = path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
            var aside = stamp
            var n = 0
            while FileManager.default.fileExists(atPath: aside) {
                n += 1
                aside = stamp + "-\(n)"
            }
            do {
                try FileManager.default.moveItem(atPath: path, toPath: aside)
                log.warning("\(path) could not be read (\(error)); moved it to \(aside) and started with defaults")
            } catch {
                log.warning("\(path) could not be read and could not be moved aside (\(error)); starting with defaults")
            }
            return Settings()
        }
    }

    /// g_file_set_contents writes `settings.ini.XXXXXX` and renames it over the file; a crash
    /// between the two leaves the temporary file behind. The settings file itself is whole
    /// either way, so such leftovers are only removed.
    func removeInterruptedWrites(log: Log) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let prefix = Self.fileName + "."
        for name in names where name.hasPrefix(prefix) {
            let suffix = name.dropFirst(prefix.count)
            guard suffix.count == 6, suffix.allSatisfy({ $0.isLetter || $0.isNumber }) else { continue }
            do {
                try FileManager.default.removeItem(atPath: directory + "/" + name)
                log.debug("removed \(name), left by an interrupted write")
            } catch {
                log.warning("could not remove \(name), left by an interrupted write: \(error)")
            }
        }
    }

    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    func read(limits: Limits = .default) throws -> Settings {
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, &error) != 0 else {
            throw ReadError(description: takeMessage(&error))
        }
        var settings = Settings()
        settings.rotationLocked = try bool(file, Self.group, "RotationLocked", default: false)
        settings.kioskMode = try bool(file, Self.group, "KioskMode", default: false)
        if let name = try stringValue(file, Self.group, "KioskOrientation") {
            do { settings.kioskOrientation = try InterfaceOrientation(parsing: name) } catch { throw ReadError(description: error.message) }
        }
        settings.splitViewThreshold = try uint(file, Self.group, "SplitViewThreshold", default: settings.splitViewThreshold)
        settings.settleTimeMilliseconds = try uint(file, Self.group, "SettleTime", default: settings.settleTimeMilliseconds)
        guard settings.splitViewThreshold <= limits.maxSplitViewThreshold, settings.settleTimeMilliseconds <= limits.maxSettleTime else {
            throw ReadError(description: "SplitViewThreshold \(settings.splitViewThreshold) or SettleTime \(settings.settleTimeMilliseconds) is out of range (0–\(limits.maxSplitViewThreshold) points, 0–\(limits.maxSettleTime) ms)")
        }
        var length: gsize = 0
        if let groups = g_key_file_get_groups(file, &length) {
            defer { g_strfreev(groups) }
            for index in 0..<Int(length) {
                let group = String(cString: groups[index]!)
                guard group.hasPrefix(Self.policyPrefix) else { continue }
                let appId = String(group.dropFirst(Self.policyPrefix.count))
                guard !appId.isEmpty, appId.unicodeScalars.count <= limits.maxNameLength,
                      appId.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) }),
                      settings.appPolicies.count < limits.appPolicies else {
                    throw ReadError(description: "[\(group)]: not a valid app-id, or more than \(limits.appPolicies) app policies")
                }
                var policy = AppPolicy()
                if let names = try stringList(file, group, "AllowedOrientations") {
                    do { policy.allowed = try OrientationMask(parsing: names) } catch { throw ReadError(description: error.message) }
                }
                policy.followSensor = try bool(file, group, "FollowSensor", default: true)
                settings.appPolicies[appId] = policy
            }
        }
        return settings
    }

    /// Writes the settings atomically; creates the folder when needed.
    public func save(_ settings: Settings) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        g_key_file_set_boolean(file, Self.group, "RotationLocked", settings.rotationLocked ? 1 : 0)
        g_key_file_set_boolean(file, Self.group, "KioskMode", settings.kioskMode ? 1 : 0)
        g_key_file_set_string(file, Self.group, "KioskOrientation", settings.kioskOrientation.rawValue)
        g_key_file_set_uint64(file, Self.group, "SplitViewThreshold", guint64(settings.splitViewThreshold))
        g_key_file_set_uint64(file, Self.group, "SettleTime", guint64(settings.settleTimeMilliseconds))
        for appId in settings.appPolicies.keys.sorted() {
            let policy = settings.appPolicies[appId]!
            let group = Self.policyPrefix + appId
            if let allowed = policy.allowed {
                let names = allowed.names
                withCStrings(names) { g_key_file_set_string_list(file, group, "AllowedOrientations", $0, gsize(names.count)) }
            }
            g_key_file_set_boolean(file, group, "FollowSensor", policy.followSensor ? 1 : 0)
        }
        var length: gsize = 0
        let data = g_key_file_to_data(file, &length, nil)!
        defer { g_free(data) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_set_contents(path, data, gssize(length), &error) != 0 else {
            throw ReadError(description: "cannot write \(path): \(takeMessage(&error))")
        }
    }

    private func bool(_ file: OpaquePointer, _ group: String, _ key: String, default value: Bool) throws -> Bool {
        guard g_key_file_has_key(file, group, key, nil) != 0 else { return value }
        var error: UnsafeMutablePointer<GError>?
        let result = g_key_file_get_boolean(file, group, key, &error)
        if error != nil { throw ReadError(description: "[\(group)] \(key): \(takeMessage(&error))") }
        return result != 0
    }

    private func uint(_ file: OpaquePointer, _ group: String, _ key: String, default value: UInt32) throws -> UInt32 {
        guard g_key_file_has_key(file, group, key, nil) != 0 else { return value }
        var error: UnsafeMutablePointer<GError>?
        let result = g_key_file_get_uint64(file, group, key, &error)
        if error != nil { throw ReadError(description: "[\(group)] \(key): \(takeMessage(&error))") }
        guard result <= guint64(UInt32.max) else { throw ReadError(description: "[\(group)] \(key): \(result) is out of range") }
        return UInt32(result)
    }

    private func stringValue(_ file: OpaquePointer, _ group: String, _ key: String) throws -> String? {
        guard g_key_file_has_key(file, group, key, nil) != 0 else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_string(file, group, key, &error) else {
            throw ReadError(description: "[\(group)] \(key): \(takeMessage(&error))")
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    private func stringList(_ file: OpaquePointer, _ group: String, _ key: String) throws -> [String]? {
        guard g_key_file_has_key(file, group, key, nil) != 0 else { return nil }
        var error: UnsafeMutablePointer<GError>?
        var length: gsize = 0
        guard let list = g_key_file_get_string_list(file, group, key, &length, &error) else {
            throw ReadError(description: "[\(group)] \(key): \(takeMessage(&error))")
        }
        defer { g_strfreev(list) }
        return (0..<Int(length)).map { String(cString: list[$0]!) }
    }

    private func takeMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }

    private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<gchar>?>) -> R) -> R {
        let copies = strings.map { UnsafePointer<gchar>(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
