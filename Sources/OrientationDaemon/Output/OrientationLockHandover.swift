import CGio
import Glibc

/// Holds GSettings `org.gnome.settings-daemon.peripherals.touchscreen orientation-lock` true
/// while orientd drives a panel that mutter or Phosh would otherwise turn from the sensor, and
/// puts the user's value back when it stops.
///
/// The user's value is also written to a file in the state directory while held, so a crash
/// loses nothing: the next start puts it back before anything else.
final class OrientationLockHandover {
    static let schema = "org.gnome.settings-daemon.peripherals.touchscreen"
    static let key = "orientation-lock"
    static let savedFileName = "orientation-lock.saved"

    let log: Log
    let savedPath: String
    /// The schema, or nil when it is not installed (then nothing is held).
    private let schema: OpaquePointer?
    /// The GSettings object, made the first time orientd reads or holds the key: making it
    /// loads GIO's settings backend (dconf: a module, a thread, a shared-memory file), which a
    /// device where orientd never drives mutter's or Phosh's panel does not need.
    private var settingsObject: UnsafeMutablePointer<GSettings>?
    private var settings: UnsafeMutablePointer<GSettings>? {
        if settingsObject == nil, let schema { settingsObject = g_settings_new_full(schema, nil, nil) }
        return settingsObject
    }
    /// The user's value while held; nil: not holding.
    private(set) var savedValue: Bool?
    private var saidUnavailable = false

    /// Uses GLib's default GSettings backend (dconf on a desktop; `GSETTINGS_BACKEND` chooses
    /// another, such as `keyfile` or `memory`).
    init(stateDirectory: String, log: Log) {
        self.log = log
        savedPath = stateDirectory + "/" + Self.savedFileName
        schema = g_settings_schema_source_get_default().flatMap { g_settings_schema_source_lookup($0, Self.schema, 1) }
        restoreAfterCrash()
    }

    deinit {
        if let settingsObject { g_object_unref(settingsObject) }
        if let schema { g_settings_schema_unref(schema) }
    }

    /// Whether the schema is installed (otherwise there is nothing to hand over).
    var isAvailable: Bool { schema != nil }

    /// The key's value now (nil without the schema).
    var current: Bool? { settings.map { g_settings_get_boolean($0, Self.key) != 0 } }

    /// Holds the key true, keeping the user's value.
    func hold() {
        guard let settings else {
            if !saidUnavailable {
                saidUnavailable = true
                log.warning("output: the GSettings schema \(Self.schema) is not installed, so \(Self.key) cannot be held: the compositor may also turn the panel from the sensor (install gnome-settings-daemon-common)")
            }
            return
        }
        guard savedValue == nil else { return }
        let user = g_settings_get_boolean(settings, Self.key) != 0
        savedValue = user
        writeSaved(user)
        if !user { set(true) }
        log.info("output: holding \(Self.schema) \(Self.key) true while orientd turns the panel (the user's value: \(user))")
    }

    /// Puts the user's value back. `flush`: wait until the settings backend has written it
    /// (orientd is about to exit); otherwise the write goes out without blocking the loop.
    func release(flush: Bool = false) {
        guard let saved = savedValue else { return }
        savedValue = nil
        set(saved)
        if flush { g_settings_sync() }
        unlink(savedPath)
        log.info("output: \(Self.schema) \(Self.key) back to the user's value \(saved)")
    }

    private func set(_ value: Bool) {
        guard let settings else { return }
        if g_settings_set_boolean(settings, Self.key, value ? 1 : 0) == 0 {
            log.warning("output: could not set \(Self.schema) \(Self.key) to \(value) (the key is not writable)")
        }
    }

    /// A file left by a crash: the user's value was never put back. Do it now.
    private func restoreAfterCrash() {
        guard case .contents(let bytes) = SafeFile.read(savedPath),
              let text = String(validating: bytes, as: UTF8.self) else { return }
        let value = text.trimmingWhitespaceAndNewlines() == "true"
        log.info("output: restoring \(Self.schema) \(Self.key) to \(value), kept in \(savedPath) by an orientd that did not stop cleanly")
        set(value)
        g_settings_sync()
        unlink(savedPath)
    }

    private func writeSaved(_ value: Bool) {
        var error: UnsafeMutablePointer<GError>?
        if g_mkdir_with_parents(SafeFile.folder(of: savedPath), 0o777) != 0 {
            log.warning("output: could not keep the user's \(Self.key) in \(savedPath): \(String(cString: strerror(errno)))")
        } else if g_file_set_contents(savedPath, value ? "true\n" : "false\n", -1, &error) == 0 {
            log.warning("output: could not keep the user's \(Self.key) in \(savedPath): \(KeyFile.takeMessage(&error))")
        }
    }
}
