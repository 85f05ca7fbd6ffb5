import Foundation
import GLibBridge
import ProcessSupport

/// GNOME Shell headless (`--wayland --headless --no-x11`, a 480×800 virtual monitor) on the
/// benchmark's bus, python-dbusmock's logind on a private system bus, orientd's extension
/// installed from the source tree and enabled; orientd's gnome tracker and mutter output
/// backend; the benchmark's own switcher extension (`Tests/Fixtures/gnome/`) activates a
/// window as the Shell's switcher does (`Main.activateWindow`), called over D-Bus. The end
/// of a round is read from mutter (`panelTurned`), not from the app. The host's Shell (43,
/// row `gnome`), or with a root (`Debian13Root`) Debian 13's Shell 48 run from it (row
/// `gnome48`) with the extensions' folders for GNOME Shell 45 and later.
final class GnomeShellCompositor: SwitchingCompositor {
    /// The switcher extension's folders, for GNOME Shell 43 and 44 and for 45 and later.
    static let switcherUUIDs = (shell43: "orientd-bench-switcher@orientd.github.io",
                                shell45: "orientd-bench-switcher-shell45@orientd.github.io")
    /// The Shell's release that a root's row is named by and must run.
    static let rootRelease = "48"
    let name: String
    let gdkBackend = "wayland"
    let orientdArguments = ["--output-backend", "mutter", "--output", GnomeShellLaunch.monitorName, "--window-tracking", "gnome"]
    let trackerName = "gnome"
    let backendName = "mutter"
    let environment = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ""]
    private let shell: GnomeShellSession
    private var connection: BusConnection { shell.connection }
    /// Hears mutter's MonitorsChanged on a loop of its own.
    private let watcher: LoopConnection
    private let monitorsChanged = LockedValue<UInt64?>(nil)

    /// Starts the host's Shell, or with `root` the Shell of that root, which must be
    /// `rootRelease` (`BenchSkip` otherwise).
    init(scratch: String, environment base: [String: String], bus: PrivateBus, sourceTree: String, root: String? = nil) throws {
        name = root == nil ? "gnome" : "gnome" + Self.rootRelease
        let switcherUUID = root == nil ? Self.switcherUUIDs.shell43 : Self.switcherUUIDs.shell45
        var launch = GnomeShellLaunch(sourceTree: sourceTree, home: scratch + "/shell-home", dataHome: scratch + "/shell-data",
                                      configHome: scratch + "/shell-config")
        let switcher = sourceTree + "/Tests/Fixtures/gnome/"
        launch.otherExtensions = [(switcher + switcherUUID, [switcher + "switcher.js"])]
        (launch.monitor, launch.root) = ("480x800", root)
        shell = try GnomeShellSession(launch, bus: bus, runtimeDirectory: scratch, environment: base,
                                      logindTimeout: .seconds(60), timeout: .seconds(180),
                                      ready: { (try? Self.call($0, "Ready").child(at: 0).bool) == true })
        do {
            let version = try OutputSection.property(shell.connection, "org.gnome.Shell", "ShellVersion",
                                                     path: "/org/gnome/Shell", interface: "org.gnome.Shell") ?? "none"
            if root != nil && !version.hasPrefix(Self.rootRelease + ".") {
                throw BenchSkip("the Debian 13 root's GNOME Shell is \(version), not \(Self.rootRelease)")
            }
            watcher = try bus.connectWithLoop(name: "bench-gnome")
        } catch {
            shell.stop()
            throw error
        }
        let (watcher, monitorsChanged) = (watcher, monitorsChanged)
        watcher.loop.sync {
            _ = watcher.connection.subscribe(sender: "org.gnome.Mutter.DisplayConfig", interface: "org.gnome.Mutter.DisplayConfig",
                                             member: "MonitorsChanged", path: "/org/gnome/Mutter/DisplayConfig") { _ in
                monitorsChanged.withLock { $0 = WindowSection.monotonicNanoseconds() }
            }
        }
        try watcher.connection.syncWithBus()
    }

    private static func call(_ connection: BusConnection, _ method: String, _ arguments: [Variant] = []) throws -> Variant {
        try connection.call(destination: "org.gnome.Shell", path: "/io/github/orientd/BenchSwitcher",
                            interface: "io.github.orientd.BenchSwitcher", method: method,
                            parameters: Variant(tuple: arguments), timeoutMilliseconds: 10_000)
    }

    func waitForWindows(of appIds: [String]) throws {
        try eventually("GNOME Shell has windows of \(appIds)", timeout: .seconds(60)) {
            try appIds.allSatisfy { try Self.call(connection, "Has", [Variant(string: $0)]).child(at: 0).bool == true }
        }
    }

    func activate(_ appId: String) throws {
        guard try Self.call(connection, "Activate", [Variant(string: appId)]).child(at: 0).bool == true else {
            throw BenchError("GNOME Shell has no window of \(appId)")
        }
    }

    func pump() throws { usleep(2_000) }

    /// Read from mutter: a GTK window hidden behind another is not laid out again on mutter,
    /// so one that comes back to the orientation it last had reports no new size. The time is
    /// the last MonitorsChanged's arrival; its shape is read then (GetCurrentState).
    let readsThePanel = true

    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? {
        guard let time = monitorsChanged.value, time >= after, let transform = try shell.panelTransform() else { return nil }
        return transform.isQuarterTurn == landscape ? time : nil
    }

    func stop() {
        watcher.close()
        shell.stop()
    }
}
