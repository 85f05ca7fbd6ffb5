import Foundation

/// A real GNOME Shell made ready to start, as the tests and the benchmark both run it:
/// `gnome-shell --wayland --headless --no-x11` with one virtual monitor (`Meta-0`); orientd's
/// extension installed from the source tree (its folder, the interface XML and
/// `shellWindows.js`, as `make install` lays them out) into the Shell's own `XDG_DATA_HOME`,
/// with any other extension folders given; the enabled ones listed in the Shell's GSettings
/// keyfile; the host's Shell (43) or a cached root's (48, the extension for 45 and later).
/// Without logind the Shell's JavaScript aborts at start: `logindCommand` is
/// python-dbusmock's, for a private system bus.
public struct GnomeShellLaunch: Sendable {
    /// orientd's extension folder for GNOME Shell 43 and 44 and for 45 and later.
    public static let extensionUUIDs = (shell43: "orientd@orientd.github.io", shell45: "orientd-shell45@orientd.github.io")
    /// The Shell's virtual monitor.
    public static let monitorName = MutterLaunch.firstMonitor
    /// python-dbusmock's logind, to run on the Shell's private system bus.
    public static let logindCommand = ["/usr/bin/python3", "-m", "dbusmock", "--system", "--template", "logind"]

    /// The folder holding `data/` and `dbus/` (a source tree).
    public var sourceTree: String
    /// The Shell's `HOME`, `XDG_DATA_HOME` (where the extensions go) and `XDG_CONFIG_HOME`
    /// (its GSettings keyfile).
    public var home: String, dataHome: String, configHome: String
    /// Whether orientd's extension is enabled (it is installed either way).
    public var extensionEnabled = true
    /// Other extensions to install and enable: their folders, whose name is their uuid,
    /// and files copied into them besides the folder's own.
    public var otherExtensions: [(folder: String, files: [String])] = []
    /// The virtual monitor's size.
    public var monitor = "800x1280"
    /// A cached Debian root whose Shell to run (`Debian13Root.command`).
    public var root: String?

    public init(sourceTree: String, home: String, dataHome: String, configHome: String) {
        (self.sourceTree, self.home, self.dataHome, self.configHome) = (sourceTree, home, dataHome, configHome)
    }

    /// orientd's extension folder for the Shell that runs (the root's is 45 or later).
    public var extensionUUID: String { root == nil ? Self.extensionUUIDs.shell43 : Self.extensionUUIDs.shell45 }

    /// Installs the extensions (afresh: a Shell started again finds them as the first did)
    /// and writes the keyfile; returns the Shell's command (run in `root` when one is given)
    /// and what its environment needs besides the session's.
    public func prepare() throws -> (command: [String], environment: [String: String]) {
        let extensions = dataHome + "/gnome-shell/extensions"
        let orientd = extensions + "/" + extensionUUID
        try Self.install(sourceTree + "/data/gnome-shell/" + extensionUUID, to: orientd)
        try FileManager.default.copyItem(atPath: sourceTree + "/dbus/io.github.orientd.ShellWindows1.xml",
                                         toPath: orientd + "/io.github.orientd.ShellWindows1.xml")
        try FileManager.default.copyItem(atPath: sourceTree + "/data/gnome-shell/shellWindows.js", toPath: orientd + "/shellWindows.js")
        var enabled = extensionEnabled ? [extensionUUID] : []
        for other in otherExtensions {
            let uuid = (other.folder as NSString).lastPathComponent
            try Self.install(other.folder, to: extensions + "/" + uuid)
            for file in other.files {
                try FileManager.default.copyItem(atPath: file, toPath: "\(extensions)/\(uuid)/\((file as NSString).lastPathComponent)")
            }
            enabled.append(uuid)
        }
        let settings = configHome + "/glib-2.0/settings"
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try "[org/gnome/shell]\nenabled-extensions=[\(enabled.map { "'\($0)'" }.joined(separator: ", "))]\n"
            .write(toFile: settings + "/keyfile", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let command = ["gnome-shell", "--wayland", "--headless", "--no-x11", "--virtual-monitor", monitor]
        let environment = ["HOME": home, "XDG_DATA_HOME": dataHome, "XDG_CONFIG_HOME": configHome, "GSETTINGS_BACKEND": "keyfile"]
        return (root.map { Debian13Root.command($0, command) } ?? command, environment)
    }

    /// Copies `folder`'s files into `destination`, emptied first.
    private static func install(_ folder: String, to destination: String) throws {
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.copyItem(atPath: folder + "/" + file, toPath: destination + "/" + file)
        }
    }
}
