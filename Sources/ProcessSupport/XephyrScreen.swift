/// An X screen that turns, in the `Compositor` shape: Xephyr (its one output `default`)
/// inside an Xvfb of its own (which cannot rotate), openbox managing its windows when asked,
/// read and turned through xrandr. Xephyr can be stopped and started again on its display
/// (the peer going away and coming back) while the Xvfb stays.
public final class XephyrScreen: Compositor {
    /// RandR's rotations by wl_output transform (quarter turns counter-clockwise).
    public static let rotations = ["normal", "left", "inverted", "right"]

    public let name = "x11"
    /// Xephyr's one output.
    public let output = "default"
    /// Xephyr's display.
    public let display: String
    public var clientEnvironment: [String: String] { ["DISPLAY": display] }
    /// Xephyr (a new one after `startAgain`).
    public private(set) var process: ChildProcess
    /// The Xvfb Xephyr shows its window in, and its display.
    public let host: (server: ChildProcess, display: String)
    /// openbox, when asked for.
    public let windowManager: ChildProcess?
    private let environment: [String: String], arguments: [String], timeout: Duration

    /// Starts an Xvfb of `hostScreen` on a free display number after `after`, Xephyr showing a
    /// panel of `panel` (`WxHxD`) inside it on the next free one, and openbox on Xephyr when
    /// `managed`; each through `start` with `environment`, each waited for within `timeout`.
    /// - Throws: what `start` throws, or `ProcessSupportError` (what was started is then stopped).
    public init(panel: String = "800x1280x24", hostScreen: String = "1400x1400x24", managed: Bool = false,
                after: Int, environment: [String: String] = [:], timeout: Duration = .seconds(30),
                start: StartProcess = startPlainly) throws {
        host = try XServerLaunch.startServer("Xvfb", XServerLaunch.xvfbArguments(screen: hostScreen), after: after,
                                             environment: environment, timeout: timeout, start: start)
        (self.environment, arguments, self.timeout) = (environment.merging(["DISPLAY": host.display]) { $1 },
                                                       XServerLaunch.xephyrArguments(screen: panel), timeout)
        var started: [ChildProcess] = [host.server]
        do {
            let xephyr = try XServerLaunch.startServer("Xephyr", arguments, after: Int(host.display.dropFirst()) ?? after,
                                                       environment: self.environment, timeout: timeout, start: start)
            started.insert(xephyr.server, at: 0)
            (process, display) = xephyr
            windowManager = managed ? try XServerLaunch.startOpenbox(on: display, environment: environment,
                                                                            timeout: timeout, start: start) : nil
        } catch {
            started.forEach { _ = $0.stop() }
            throw error
        }
    }

    /// Starts Xephyr again on `display` after it was stopped (`process.kill()`), through `start`.
    public func startAgain(start: StartProcess = startPlainly) throws {
        process = try XServerLaunch.startServerAgain("Xephyr", arguments, on: display, environment: environment,
                                                     timeout: timeout, start: start)
    }

    public func panelTransform() throws -> PanelTransform? {
        try XServerLaunch.rotation(of: output, display: display, environment: environment)
            .flatMap { Self.rotations.firstIndex(of: $0) }.flatMap { PanelTransform(rawValue: $0) }
    }

    /// `xrandr --output default --rotate …`, as a desktop's display settings do.
    public func turnPanel(to transform: PanelTransform) throws {
        let result = try runCommand(["xrandr", "--output", output, "--rotate", Self.rotations[transform.rawValue]],
                                    environment: environment.merging(["DISPLAY": display]) { $1 })
        guard result.succeeded else { throw ProcessSupportError("xrandr could not turn \(output) on \(display) to \(transform): \(result)") }
    }

    public func stop() {
        _ = windowManager?.stop()
        _ = process.stop()
        _ = host.server.stop()
    }
}
