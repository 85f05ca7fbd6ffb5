import CGio
import Glibc

/// GSettings `org.gnome.settings-daemon.peripherals.touchscreen orientation-lock` (GNOME's and
/// Phosh's "Auto Rotate" switch, off) and orientd's `RotationLocked` are one setting while
/// orientd drives a panel of mutter or Phosh (`link`):
///
/// - the user switching Auto Rotate is the user's rotation lock (`userChose`), and a
///   `RotationLocked` set another way (`orientctl lock`) is written to the key
///   (`rotationLockChanged`); when the link starts, the key is the user's latest choice;
/// - the key is held true only while the core says the compositor's own auto-rotation must
///   be held off (`holdCompositorRotation`) and mutter manages the panel's orientation; the
///   user's value comes back as soon as that ends. The user switching Auto Rotate during a hold
///   is the user's new choice: applied as the lock at once, shown once the hold ends.
///
/// While held, the user's value is also in a file of the state directory (written only when it
/// changes), so a crash loses nothing: the next start puts it back before anything else.
///
/// A fight has an end: another program writing the key false each time orientd holds it true
/// is answered later each time (`fightDelays`), and after the last orientd stops holding until
/// the hold ends, saying so once in the log and through `noted` (the status and Explain).
final class OrientationLockHandover {
    static let schema = "org.gnome.settings-daemon.peripherals.touchscreen"
    static let key = "orientation-lock"
    static let savedFileName = "orientation-lock.saved"

    let log: Log
    let savedPath: String
    /// The user switched Auto Rotate: the new `RotationLocked`.
    var userChose: ((Bool) -> Void)?
    /// A sentence for the status while orientd has stopped holding ("" when it holds again).
    var noted: ((String) -> Void)?
    /// How long after each undo of the hold orientd holds again; one more undo and it stops.
    static let fightDelays: [UInt32] = [0, 250, 500, 1_000, 2_000, 4_000]
    /// Undos further apart than this (milliseconds) are not one fight.
    static let fightWindow: Int64 = 30_000
    /// This handover's delays (`fightDelays`; a test shortens them).
    var fightDelays = OrientationLockHandover.fightDelays
    /// The schema, or nil when it is not installed (then nothing is linked or held).
    private let schema: OpaquePointer?
    /// The GSettings object, made the first time orientd links the key: making it loads GIO's
    /// settings backend (dconf: a module, a thread, a shared-memory file), which a device
    /// where orientd never drives mutter's or Phosh's panel does not need.
    private var settingsObject: UnsafeMutablePointer<GSettings>?
    private var changedHandler: gulong = 0
    private var saidUnavailable = false
    /// Whether orientd drives a panel of mutter or Phosh, and whether mutter manages its
    /// orientation (it would turn it from the sensor).
    private var linked = false, managed = false
    /// The core's `RotationLocked` (nil until the service said it) and its hold.
    private var locked: Bool?
    private var coreHold = false
    /// Whether the key is held true now; whether the link has taken the key's value yet.
    private(set) var holding = false
    private var synced = false
    /// The undos of the hold in the current fight, the last one's time (monotonic ms), the
    /// pending re-hold, and whether orientd stopped holding until the hold ends.
    private var undos = 0
    private var lastUndo: Int64 = 0
    private var rehold: guint = 0
    private(set) var gaveUp = false
    /// What the saved file holds (nil: no file written by this run).
    private var savedValue: Bool?

    /// Uses GLib's default GSettings backend (dconf on a desktop; `GSETTINGS_BACKEND` chooses
    /// another, such as `keyfile` or `memory`).
    init(stateDirectory: String, log: Log) {
        self.log = log
        savedPath = stateDirectory + "/" + Self.savedFileName
        schema = g_settings_schema_source_get_default().flatMap { g_settings_schema_source_lookup($0, Self.schema, 1) }
        restoreAfterCrash()
    }

    deinit {
        if rehold != 0 { cancelDelay(rehold) }
        if let settingsObject {
            if changedHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(settingsObject), changedHandler) }
            g_object_unref(settingsObject)
        }
        if let schema { g_settings_schema_unref(schema) }
    }

    /// Whether the schema is installed (otherwise there is nothing to link).
    var isAvailable: Bool { schema != nil }

    /// The key's value now (nil without the schema).
    var current: Bool? { settings.map { g_settings_get_boolean($0, Self.key) != 0 } }

    /// The mutter backend drives a panel (`linked`) that mutter turns from the sensor by
    /// itself (`managed`), or no longer.
    func link(_ linked: Bool, managed: Bool) {
        if !linked {
            synced = false
            endFight()
        }
        (self.linked, self.managed) = (linked, managed)
        update()
    }

    /// The core's `RotationLocked`, as it is now.
    func rotationLockChanged(_ locked: Bool) {
        guard locked != self.locked else { return }
        self.locked = locked
        if holding { writeSaved(locked) }
        update()
    }

    /// The core's `holdCompositorRotation`.
    func holdCompositorRotation(_ held: Bool) {
        coreHold = held
        if !held { endFight() }
        update()
    }

    /// Lets the key go: the user's value back (orientd stops). `flush`: wait until the settings
    /// backend has written it (orientd is about to exit).
    func release(flush: Bool = false) {
        linked = false
        synced = false
        endFight()
        update()
        if flush { g_settings_sync() }
    }

    private var settings: UnsafeMutablePointer<GSettings>? {
        guard let schema else { return nil }
        if settingsObject == nil {
            settingsObject = g_settings_new_full(schema, nil, nil)
            watchChanges()
        }
        return settingsObject
    }

    /// Brings the key, the hold and the saved file in line with the link, the lock and the hold.
    private func update() {
        guard linked, var locked else {
            if holding { endHold() }
            return
        }
        guard let key = current else {
            if !saidUnavailable {
                saidUnavailable = true
                log.warning("output: the GSettings schema \(Self.schema) is not installed, so Auto Rotate (\(Self.key)) is not orientd's rotation lock and cannot be held: the compositor may also turn the panel from the sensor (install gnome-settings-daemon-common)")
            }
            return
        }
        if !synced {
            synced = true
            // The switch the user sees is the latest choice (orientd may have been stopped meanwhile).
            if !holding, key != locked {
                log.info("output: \(Self.schema) \(Self.key) is \(key): RotationLocked follows the user's Auto Rotate switch")
                (self.locked, locked) = (key, key)
                userChose?(key)
            }
        }
        if managed && coreHold && !gaveUp {
            if !holding {
                holding = true
                writeSaved(locked)
                log.info("output: holding \(Self.schema) \(Self.key) true while orientd shows what the compositor's own rotation would not (the user's value: \(locked))")
            }
            if !key { set(true) }
        } else {
            if holding { endHold() } else if key != locked { set(locked) }
        }
    }

    private func endHold() {
        holding = false
        let value = locked ?? false
        set(value)
        unlink(savedPath)
        savedValue = nil
        log.info("output: \(Self.schema) \(Self.key) back to the user's value \(value)")
    }

    /// The key changed (anyone's write, orientd's own too): a value orientd did not write is the user's choice.
    private func keyChanged() {
        guard linked, synced, let locked, let key = current else { return }
        if holding {
            guard !key else { return }  // orientd's own hold
            // Switched on during a hold: the user's new choice, shown once the hold ends.
            if undos == 0 {
                log.info("output: Auto Rotate switched on while orientd holds \(Self.key): RotationLocked false, and the key shows it once the hold ends")
            }
            if locked { userChose?(false) }
            self.locked = false
            writeSaved(false)
            undone()
        } else if key != locked {
            log.info("output: Auto Rotate switched \(key ? "off" : "on") (\(Self.key) \(key)): RotationLocked \(key)")
            self.locked = key
            userChose?(key)
        }
    }

    /// The hold was undone: held again after the fight's next delay, or, past the last, given
    /// up until the hold ends (said once).
    private func undone() {
        let now = Int64(g_get_monotonic_time() / 1_000)
        if now - lastUndo > Self.fightWindow { undos = 0 }
        lastUndo = now
        undos += 1
        guard undos <= fightDelays.count else {
            gaveUp = true
            if rehold != 0 { cancelDelay(rehold) }
            rehold = 0
            let sentence = "orientd stopped holding Auto Rotate off (\(Self.schema) \(Self.key)): another program turned it back on \(undos - 1) times within \(Self.fightWindow / 1_000) s; the compositor may turn the panel from the sensor until the app in front changes"
            log.warning("output: " + sentence)
            noted?(sentence)
            update()
            return
        }
        let delay = fightDelays[undos - 1]
        guard delay > 0 else { return update() }
        guard rehold == 0 else { return }
        rehold = afterDelay(milliseconds: delay) { [weak self] in
            self?.rehold = 0
            self?.update()
        }
    }

    /// The hold ended (or the link): the next hold starts without a fight.
    private func endFight() {
        if rehold != 0 { cancelDelay(rehold) }
        rehold = 0
        undos = 0
        if gaveUp {
            gaveUp = false
            noted?("")
        }
    }

    private func watchChanges() {
        guard let settingsObject else { return }
        typealias Changed = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, gpointer?) -> Void
        let changed: Changed = { _, _, data in
            ToolCallbackBox<() -> Void>.borrow(data)()
        }
        let box = ToolCallbackBox<() -> Void>({ [weak self] in self?.keyChanged() })
        changedHandler = g_signal_connect_data(UnsafeMutableRawPointer(settingsObject), "changed::\(Self.key)",
                                               unsafeBitCast(changed, to: GCallback.self), box.retained(),
                                               { data, _ in _ = ToolCallbackBox<() -> Void>.take(data) }, GConnectFlags(rawValue: 0))
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
        guard savedValue != value else { return }
        savedValue = value
        var error: UnsafeMutablePointer<GError>?
        if g_mkdir_with_parents(SafeFile.folder(of: savedPath), 0o777) != 0 {
            log.warning("output: could not keep the user's \(Self.key) in \(savedPath): \(String(cString: strerror(errno)))")
        } else if g_file_set_contents(savedPath, value ? "true\n" : "false\n", -1, &error) == 0 {
            log.warning("output: could not keep the user's \(Self.key) in \(savedPath): \(KeyFile.takeMessage(&error))")
        }
    }
}
