import Foundation
import GLibBridge
import ProcessSupport

/// Debian 13's Phosh 0.46 on its phoc 0.46, both run from the Debian 13 root (`Debian13Root`):
/// phoc nested in Xvfb (`NestedPhoc`, a 480×800 output) starting `/usr/libexec/phosh
/// --unlocked`, which owns `org.gnome.Mutter.DisplayConfig` and `org.gnome.ScreenSaver` on
/// the benchmark's bus; its system bus is a private, empty one (no accelerometer there, so
/// Phosh does not turn the panel itself); GSettings in a keyfile that Phosh, orientd and the
/// apps share (the orientation-lock orientd holds is Phosh's key), with the idle lock off.
/// orientd follows phoc's window list (its wlroots tracker) and turns the panel through
/// Phosh's DisplayConfig (its mutter output backend), as on a phone. The switcher is the
/// benchmark's task switcher (wlr-foreign-toplevel) on phoc's socket. The end of a round is
/// as on phoc: the app's report of its new size (phoc lays out every maximized window again
/// when the panel turns, the one behind too), so the figure holds Phosh's apply and phoc's
/// re-layout, not only Phosh's announcement. Each round starts 300 ms after the previous
/// one's end: Phosh draws its own panels again (in software here) after every turn, and
/// rounds back to back measured that backlog (a `GetCurrentState` answered 20–40 ms late),
/// not the switch (median 56 ms back to back against 23 ms from an idle Phosh, same machine).
final class PhoshCompositor: OnNestedPhoc {
    /// The release of Phosh and phoc the row is named by and must run.
    static let release = "0.46"
    let name = "phosh46"
    let orientdArguments = ["--output-backend", "mutter", "--output", NestedPhoc.output, "--window-tracking", "wlroots"]
    let trackerName = "wlroots"
    let backendName = "mutter"
    let environment: [String: String]
    let idleBeforeRound = Duration.milliseconds(300)
    let phoc: NestedPhoc
    /// Phosh on the nested phoc (ProcessSupport's `PhoshSession`).
    let phosh: PhoshSession
    private let systemBus: PrivateBus

    /// Starts Phosh from `root`; `BenchSkip` when the root holds another release.
    init(scratch: String, environment base: [String: String], bus: PrivateBus, root: String) throws {
        let versions = try Debian13Root.versions(root, of: ["phosh", "phoc"])
        guard versions["phosh"]?.hasPrefix(Self.release) == true, versions["phoc"]?.hasPrefix(Self.release) == true else {
            throw BenchSkip("the Debian 13 root holds \(versions), not Phosh and phoc \(Self.release)")
        }
        let config = scratch + "/phosh-config"
        try FileManager.default.createDirectory(atPath: config + "/glib-2.0/settings", withIntermediateDirectories: true)
        try "[org/gnome/desktop/session]\nidle-delay=uint32 0\n\n[org/gnome/desktop/screensaver]\nlock-enabled=false\n"
            .write(toFile: config + "/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: scratch + "/phosh-home", withIntermediateDirectories: true)
        let settings = ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config]
        environment = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ""].merging(settings) { $1 }

        systemBus = try PrivateBus()
        var phoshEnv = base.merging(settings) { $1 }
        phoshEnv.merge(systemBus.systemEnvironment) { $1 }
        phoshEnv["HOME"] = scratch + "/phosh-home"
        do {
            phoc = try NestedPhoc(scratch: scratch, environment: phoshEnv, session: PhoshLaunch.session, root: root)
        } catch {
            systemBus.stop()
            throw error
        }
        phosh = PhoshSession(phoc: phoc.session, bus: bus)
        do {
            try phosh.waitUntilUp(timeout: .seconds(120))
        } catch {
            stop()
            throw error
        }
    }

    func stop() {
        phoc.stop()
        systemBus.stop()
    }
}
