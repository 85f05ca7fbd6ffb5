import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Real GNOME Shell (Debian's gnome-shell 43) for the GNOME tests: `gnome-shell --wayland
/// --headless --no-x11` with a portrait virtual monitor on the test's session bus, and
/// python-dbusmock's `logind` on a private system bus of the test's (without logind the
/// Shell's JavaScript aborts at start). orientd's extension is installed from the source tree
/// (its folder and the interface XML, as `make install` lays them out) into the Shell's own
/// `XDG_DATA_HOME`, enabled or not through the Shell's GSettings keyfile.
extension OutputTestCase {
    static let shellExtension = GnomeShellLaunch.extensionUUIDs.shell43
    /// The extension's folder for GNOME Shell 45 and later (Debian 13's 48).
    static let shellExtension45 = GnomeShellLaunch.extensionUUIDs.shell45
    static let shellWindowsPath = "/io/github/orientd/ShellWindows1"
    static let shellWindowsInterface = "io.github.orientd.ShellWindows1"
    /// The Shell's virtual monitor.
    static let shellPanel = GnomeShellLaunch.monitorName

    /// Starts GNOME Shell with orientd's extension installed (and enabled when `enabled`), and
    /// waits until it owns org.gnome.Shell and DisplayConfig and serves Wayland (again in the
    /// same test: a Shell killed and started anew, on the same socket). With `root`,
    /// the Shell of that root (`debian13Root()`) with the extension for 45 and later; its
    /// virtual monitor is `monitor` (a phone's portrait 800×1280 unless given). The session is
    /// stopped after the test, and is the test's `compositor` from then on.
    @discardableResult
    func startGnomeShell(extensionEnabled enabled: Bool, root: String? = nil, monitor: String = "800x1280") throws -> GnomeShellSession {
        var launch = GnomeShellLaunch(sourceTree: Self.sourceTree, home: scratch + "/home", dataHome: scratch + "/shell-data",
                                      configHome: scratch + "/config")
        (launch.extensionEnabled, launch.monitor, launch.root) = (enabled, monitor, root)
        let shell = try GnomeShellSession(launch, bus: bus, runtimeDirectory: scratch, environment: childEnvironment,
                                          logindTimeout: deadline, timeout: .seconds(90),
                                          start: startProcess)
        addTeardownBlock { shell.stop() }
        compositor = shell
        return shell
    }

    /// The repository's root (above `Tests/`).
    static var sourceTree: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Waits until `condition` holds, leaving the Shell's overview whenever it is shown (as a
    /// user does to use an app: GNOME 43 opens it at start, and a window launched from outside
    /// the overview does not close it; in the overview no window has the focus).
    func outsideTheOverview(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                            until condition: () throws -> Bool) throws {
        try eventually(what, timeout: deadline, file: file, line: line) {
            if try shellProperty("OverviewActive").bool == true {
                try client.connection.call(
                    destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: Contract.properties, method: "Set",
                    parameters: Variant(tuple: [.s("org.gnome.Shell"), .s("OverviewActive"), Variant(boxing: .b(false))]),
                    timeoutMilliseconds: 10_000)
            }
            return try condition()
        }
    }

    /// A property of org.gnome.Shell (unboxed).
    func shellProperty(_ name: String) throws -> Variant {
        let reply = try client.connection.call(
            destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: Contract.properties, method: "Get",
            parameters: Variant(tuple: [.s("org.gnome.Shell"), .s(name)]), replyType: "(v)", timeoutMilliseconds: 10_000)
        return try XCTUnwrap(reply.child(at: 0).unboxed)
    }

    /// The Shell panel's transform as mutter reports it (0 portrait; 1 and 3 landscape).
    func shellTransform() throws -> UInt32? {
        try mutterLayout().monitor(Self.shellPanel)?.transform
    }
}
