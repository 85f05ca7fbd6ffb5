import GLibBridge

/// A real headless mutter (`MutterLaunch`: `--wayland --headless --no-x11`, one virtual
/// monitor per size) on a session bus, in the `Compositor` shape: started, waited for until
/// its `DisplayConfig` lists the first monitor, read and turned through `DisplayConfig`.
public final class MutterSession: DisplayConfigCompositor {
    public let name = "mutter"
    /// The first virtual monitor (`Meta-0`).
    public let output = MutterLaunch.firstMonitor
    /// mutter's Wayland socket in the runtime folder it was given (its first, `wayland-0`).
    public let clientEnvironment = ["WAYLAND_DISPLAY": "wayland-0"]
    public let process: ChildProcess
    /// mutter's unique name on the bus (the owner of `DisplayConfig`).
    public let peer: String
    /// The session's own connection to the bus, closed by `stop()`.
    public let connection: BusConnection

    /// Starts mutter through `start` with `environment` (the bus, the runtime folder, no
    /// display) and waits, within `timeout`, until it owns `DisplayConfig` and lists `output`.
    /// - Throws: what `start` throws, or `ProcessSupportError` when mutter exits or the wait
    ///   times out (mutter is then stopped).
    public init(bus: PrivateBus, monitors: [String] = ["800x1280"], environment: [String: String] = [:],
                timeout: Duration = .seconds(30), start: StartProcess = startPlainly) throws {
        let process = try start("mutter", MutterLaunch.command(monitors: monitors), environment)
        let connection: BusConnection
        do {
            connection = try bus.connect()
        } catch {
            _ = process.stop()
            throw error
        }
        let output = MutterLaunch.firstMonitor
        do {
            try eventually("mutter owns \(MutterDisplayConfig.name) and lists \(output); its log:\n\(process.standardError)",
                           timeout: timeout) {
                if let status = process.exitStatus { throw ProcessSupportError("mutter exited (\(status)):\n\(process.standardError)") }
                guard try connection.nameOwner(MutterDisplayConfig.name) != nil else { return false }
                return (try? MutterDisplayConfig.panelTransform(connection, output)) != nil
            }
            peer = try connection.nameOwner(MutterDisplayConfig.name) ?? ""
        } catch {
            connection.close()
            _ = process.stop()
            throw error
        }
        (self.process, self.connection) = (process, connection)
    }

    public func stop() {
        connection.close()
        _ = process.stop()
    }
}
