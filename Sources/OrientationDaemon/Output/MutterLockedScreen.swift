import GLibBridge
import OrientationCore

/// Phosh refuses every output change while its screen is locked ("Can't configure outputs
/// when locked", `AccessDenied`), and nobody turns the panel then: Phosh's own rotation stops
/// with the lock too. Such a refusal is no reason to let the panel go: the mutter backend stays
/// attached, keeps the newest orientation asked for, and applies it when the screen saver says
/// the screen is unlocked (`org.gnome.ScreenSaver` `ActiveChanged(false)`, sent by Phosh and
/// GNOME Shell).
enum MutterLockedScreen {
    static let screenSaver = "org.gnome.ScreenSaver"
    static let screenSaverPath = "/org/gnome/ScreenSaver"

    /// Whether the compositor refused because its screen is locked.
    static func isRefusal(_ error: DBusError) -> Bool {
        error.name == "org.freedesktop.DBus.Error.AccessDenied" && error.message.containsText("locked")
    }

    /// Calls `unlocked` each time the screen saver reports the screen unlocked.
    static func watchUnlock(on connection: BusConnection, unlocked: @escaping () -> Void) -> SignalSubscriptionID {
        connection.subscribe(sender: screenSaver, interface: screenSaver, member: "ActiveChanged", path: screenSaverPath) { signal in
            if signal.argument(0).bool == false { unlocked() }
        }
    }
}

extension MutterBackend {
    /// A refusal while locked: keep the newest orientation for the unlock; stay attached.
    func refusedWhileLocked(_ row: InterfaceOrientation, panel: String) {
        let newest = takeWaiting() ?? row
        if afterUnlock == nil {
            log.info("output: \(Self.busName) refuses output changes while the screen is locked; \(panel) turns to \(newest.rawValue) when it is unlocked")
        }
        afterUnlock = newest
    }

    /// The screen is unlocked: apply what waited for it.
    func screenUnlocked() {
        guard let row = afterUnlock else { return }
        afterUnlock = nil
        log.debug("output: the screen is unlocked; applying \(row.rawValue)")
        apply(row)
    }
}
