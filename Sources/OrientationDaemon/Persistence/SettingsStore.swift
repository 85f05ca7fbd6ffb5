import CGio
import GLibBridge
import Glibc
import OrientationCore

/// The user's own settings: a GLib key file in the state folder that keeps only what the user
/// set (`Set*` calls, orientctl), so that a configured default reaches every user who did not
/// choose otherwise. Written atomically (a synced temporary file renamed over it), so a crash at
/// any moment leaves the old file or the new one. A file that does not parse, or holds a value
/// no client could have set, is moved aside; a file that cannot be read (permission denied, a
/// FIFO, a folder) is left alone, and nothing is saved over it.
public struct SettingsStore: Sendable {
    public static let fileName = "settings.ini"
    /// The one temporary file orientd writes before renaming it over the settings file. Only
    /// the holder of the state folder's lock writes it, so a copy found at start-up was left by
    /// an interrupted write of an earlier orientd, and only that name is ever removed.
    public static let temporaryName = ".settings.ini.orientd-write"
    static let group = "orientd"
    static let policyPrefix = "policy "
    /// `Format=2`: the file holds only what the user set. Files without it (written before
    /// configuration files existed) held every value; see `read`.
    static let formatKey = "Format"
    static let format: UInt32 = 2

    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    var temporaryPath: String { directory + "/" + Self.temporaryName }

    public init(directory: String) { self.directory = directory }

    /// `$XDG_STATE_HOME/orientd`, or `~/.local/state/orientd`.
    public static func defaultDirectory(environment: [String: String] = ProcessEnvironment.current()) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/orientd" }
        let home = environment["HOME"] ?? String(cString: g_get_home_dir())
        return home + "/.local/state/orientd"
    }

    /// What start-up found.
    public struct Loaded: Sendable, Equatable {
        /// The user's choices (none when there was no usable file).
        public var user: SettingLayer
        /// Why nothing may be saved over the file (it could not be read, so saving would
        /// destroy it), or nil.
        public var refusal: String?
    }

    /// The saved settings; nothing when there is no file. A file that does not parse, or holds
    /// a bad value (one a client could not have set: out of the documented ranges, an invalid
    /// app-id, too many policies), is renamed to `settings.ini.corrupt-<time>` (plus `-<n>` when
    /// that name is taken), with a warning. A file that cannot be read is left where it is, with
    /// a warning, and saving is refused until a restart finds it readable.
    public func load(log: Log, limits: Limits = .default) -> Loaded {
        switch SafeFile.read(path) {
        case .missing:
            return Loaded(user: SettingLayer(), refusal: nil)
        case .unusable(let why):
            let refusal = "\(path) \(why), so orientd did not read it and will not save over it"
            log.warning("\(refusal): serving the configured and built-in settings; fix the file and restart orientd")
            return Loaded(user: SettingLayer(), refusal: refusal)
        case .contents(let bytes):
            do {
                return Loaded(user: try read(bytes, limits: limits), refusal: nil)
            } catch {
                setAside(because: error, log: log)
                return Loaded(user: SettingLayer(), refusal: nil)
            }
        }
    }

    private func setAside(because error: ReadError, log: Log) {
        let stamp = path + ".corrupt-\(time(nil))"
        var aside = stamp
        var n = 0
        var info = stat()
        while lstat(aside, &info) == 0 {
            n += 1
            aside = stamp + "-\(n)"
        }
        if rename(path, aside) == 0 {
            log.warning("\(path) could not be read (\(error)); moved it to \(aside) and started with defaults")
        } else {
            let why = "cannot move \(path) to \(aside): \(String(cString: strerror(errno)))"
            log.warning("\(path) could not be read and could not be moved aside (\(why)); starting with defaults")
        }
    }

    /// Removes the temporary file of an interrupted write (only orientd's own name; the caller
    /// holds the state folder's lock, so no other orientd is writing it).
    func removeInterruptedWrite(log: Log) {
        guard unlink(temporaryPath) == 0 else { return }
        log.info("removed \(temporaryPath), left by an interrupted write (the settings file itself is whole)")
    }

    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses a state file. A file of the old format (no `Format` key) held every value whether
    /// the user chose it or not: there a value equal to the built-in default is taken as never
    /// set, so that it does not shadow a configured default; a value that differs is kept.
    func read(_ bytes: [UInt8], limits: Limits = .default) throws(ReadError) -> SettingLayer {
        let file: KeyFile
        do { file = try KeyFile(parsing: bytes) } catch { throw ReadError(description: error.description) }
        func wrap<T>(_ body: () throws -> T) throws(ReadError) -> T {
            do { return try body() } catch let error as OrientationError {
                throw ReadError(description: error.message)
            } catch {
                throw ReadError(description: "\(error)")
            }
        }
        let g = Self.group
        var user = SettingLayer()
        let upgrading = !file.has(g, Self.formatKey)
        if !upgrading {
            let format = try wrap { try file.uint(g, Self.formatKey, maximum: UInt32.max) }
            guard format == Self.format else { throw ReadError(description: "[\(g)] Format=\(format) is not a format this orientd knows (\(Self.format))") }
        }
        if file.has(g, "RotationLocked") { user.rotationLocked = try wrap { try file.bool(g, "RotationLocked") } }
        if file.has(g, "KioskMode") { user.kioskMode = try wrap { try file.bool(g, "KioskMode") } }
        if file.has(g, "AppLocksAllowed") { user.appLocksAllowed = try wrap { try file.bool(g, "AppLocksAllowed") } }
        if file.has(g, "KioskOrientation") {
            user.kioskOrientation = try wrap { try InterfaceOrientation(parsing: try file.string(g, "KioskOrientation")) }
        }
        if file.has(g, "SplitViewThreshold") {
            user.splitViewThreshold = try wrap { try file.uint(g, "SplitViewThreshold", maximum: limits.maxSplitViewThreshold) }
        }
        if file.has(g, "SettleTime") { user.settleTime = try wrap { try file.uint(g, "SettleTime", maximum: limits.maxSettleTime) } }
        for group in file.groups where group.hasPrefix(Self.policyPrefix) {
            let appId = String(group.dropFirst(Self.policyPrefix.count))
            try wrap { try limits.checkAppId(appId) }
            guard user.appPolicies.count < limits.appPolicies else {
                throw ReadError(description: "more than \(limits.appPolicies) app policies")
            }
            var policy = AppPolicy()
            if file.has(group, "AllowedOrientations") {
                policy.allowed = try wrap { try OrientationMask(parsing: try file.strings(group, "AllowedOrientations")) }
            }
            if file.has(group, "FollowSensor") { policy.followSensor = try wrap { try file.bool(group, "FollowSensor") } }
            user.appPolicies[appId] = policy
        }
        if upgrading {
            let defaults = Settings()
            if user.rotationLocked == defaults.rotationLocked { user.rotationLocked = nil }
            if user.kioskMode == defaults.kioskMode { user.kioskMode = nil }
            if user.kioskOrientation == defaults.kioskOrientation { user.kioskOrientation = nil }
            if user.splitViewThreshold == defaults.splitViewThreshold { user.splitViewThreshold = nil }
            if user.settleTime == defaults.settleTimeMilliseconds { user.settleTime = nil }
        }
        return user
    }

    /// The file's text for `user`.
    func encode(_ user: SettingLayer) -> [UInt8] {
        let file = KeyFile()
        let g = Self.group
        file.set(g, Self.formatKey, uint: Self.format)
        if let value = user.rotationLocked { file.set(g, "RotationLocked", bool: value) }
        if let value = user.kioskMode { file.set(g, "KioskMode", bool: value) }
        if let value = user.appLocksAllowed { file.set(g, "AppLocksAllowed", bool: value) }
        if let value = user.kioskOrientation { file.set(g, "KioskOrientation", string: value.rawValue) }
        if let value = user.splitViewThreshold { file.set(g, "SplitViewThreshold", uint: value) }
        if let value = user.settleTime { file.set(g, "SettleTime", uint: value) }
        for appId in user.appPolicies.keys.sorted() {
            let policy = user.appPolicies[appId]!
            let group = Self.policyPrefix + appId
            if let allowed = policy.allowed { file.set(group, "AllowedOrientations", strings: allowed.names) }
            file.set(group, "FollowSensor", bool: policy.followSensor)
        }
        return file.data
    }

    public struct SaveError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the user's settings atomically and durably; creates the folder when needed.
    public func save(_ user: SettingLayer) throws(SaveError) {
        guard g_mkdir_with_parents(directory, 0o777) == 0 else {
            throw SaveError(description: "cannot create the state folder \(directory): \(String(cString: strerror(errno)))")
        }
        do {
            try SafeFile.writeAtomically(encode(user), to: path, temporary: temporaryPath)
        } catch {
            throw SaveError(description: error.description)
        }
    }
}
