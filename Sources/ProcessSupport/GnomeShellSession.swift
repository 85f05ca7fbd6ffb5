import Foundation
import GLibBridge

/// A real GNOME Shell made ready by a `GnomeShellLaunch` (headless, one virtual monitor,
/// orientd's extension installed), in the `Compositor` shape: python-dbusmock's logind on a
/// private system bus of its own (without it the Shell's JavaScript aborts at start), the
/// Shell on the given session bus, its panel read and turned through mutter's `DisplayConfig`.
public final class GnomeShellSession: DisplayConfigCompositor {
    public let name = "gnome-shell"
    /// The Shell's virtual monitor (`Meta-0`).
    public let output = GnomeShellLaunch.monitorName
    /// The Shell's Wayland socket in the runtime folder it was given.
    public let clientEnvironment = ["WAYLAND_DISPLAY": "wayland-0"]
    public let process: ChildProcess
    /// python-dbusmock's logind and the private system bus it serves.
    public let logind: ChildProcess, systemBus: PrivateBus
    /// The session's own connection to the session bus (closed by `stop()`), for a caller's
    /// calls to the Shell.
    public let connection: BusConnection

    /// Starts logind (waiting for it within `logindTimeout`), then the Shell `launch`
    /// prepares, through `start` with `environment` plus the system bus; waits, within
    /// `timeout`, until the Shell owns `org.gnome.Shell` and `DisplayConfig`, its Wayland
    /// socket is in `runtimeDirectory`, and `ready` (asked on `connection`) holds.
    /// - Throws: what `start` or `launch` throws, or `ProcessSupportError` when a process
    ///   exits or a wait times out (everything started is then stopped).
    public init(_ launch: GnomeShellLaunch, bus: PrivateBus, runtimeDirectory: String, environment: [String: String] = [:],
                logindTimeout: Duration = .seconds(30), timeout: Duration = .seconds(90), start: StartProcess = startPlainly,
                ready: (BusConnection) throws -> Bool = { _ in true }) throws {
        let systemBus = try PrivateBus()
        let systemEnvironment = environment.merging(systemBus.systemEnvironment) { $1 }
        var started: [ChildProcess] = []
        var opened: [BusConnection] = []
        do {
            let logind = try start("logind (python-dbusmock)", GnomeShellLaunch.logindCommand, systemEnvironment)
            started.append(logind)
            let system = try systemBus.connect()
            opened.append(system)
            try eventually("org.freedesktop.login1 on the private system bus", timeout: logindTimeout) {
                if let status = logind.exitStatus { throw ProcessSupportError("dbusmock's logind exited (\(status)): \(logind.standardError)") }
                return try system.nameOwner("org.freedesktop.login1") != nil
            }
            system.close()
            let (command, shellEnvironment) = try launch.prepare()
            var shellEnv = systemEnvironment.merging(shellEnvironment) { $1 }
            shellEnv.merge(["WAYLAND_DISPLAY": "", "DISPLAY": ""]) { $1 }
            let shell = try start("gnome-shell", command, shellEnv)
            started.append(shell)
            let connection = try bus.connect()
            opened.append(connection)
            try eventually("GNOME Shell owns org.gnome.Shell and DisplayConfig, serves Wayland and is ready", timeout: timeout) {
                if let status = shell.exitStatus { throw ProcessSupportError("gnome-shell exited (\(status)): \(shell.standardError.suffix(2_000))") }
                return try connection.nameOwner("org.gnome.Shell") != nil && connection.nameOwner(MutterDisplayConfig.name) != nil
                    && FileManager.default.fileExists(atPath: runtimeDirectory + "/wayland-0") && ready(connection)
            }
            (process, self.logind, self.systemBus, self.connection) = (shell, logind, systemBus, connection)
        } catch {
            opened.forEach { $0.close() }
            started.reversed().forEach { _ = $0.stop() }
            systemBus.stop()
            throw error
        }
    }

    public func stop() {
        connection.close()
        _ = process.stop()
        _ = logind.stop()
        systemBus.stop()
    }
}
