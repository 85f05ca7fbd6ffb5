import Glibc

extension PhocSession {
    /// Starts an Xvfb of `screen` (`WxHxD`) on a free display number and phoc nested in it
    /// (`PhocLaunch.nested`; its one output `PhocLaunch.nestedOutput`), so that phoc has a
    /// seat and a keyboard and activates the windows it maps; the session ends the Xvfb with
    /// phoc. `config`: a phoc.ini's text written to `configPath` (its outputs' modes and
    /// scales), or nil for phoc's own; `session`: what phoc starts as its session (Phosh), run
    /// from `root` when given (`PhocLaunch`); `runtimeFolder`: the `XDG_RUNTIME_DIR` phoc binds
    /// `wayland-0` in; `toolEnvironment`: the session's, for xrandr and wlr-randr; `start`
    /// starts both processes (`StartProcess`). Waits until wlr-randr lists the output.
    public static func startNested(screen: String, config: String? = nil, configPath: String? = nil,
                                   session: String? = nil, root: String? = nil,
                                   runtimeFolder: String, toolEnvironment: [String: String],
                                   timeout: Duration = .seconds(30), start: StartProcess = startPlainly) throws -> PhocSession {
        let (xvfb, display) = try XServerLaunch.startServer("Xvfb", XServerLaunch.xvfbArguments(screen: screen),
                                                            after: 300 + Int(getpid() % 300), environment: toolEnvironment,
                                                            timeout: timeout, start: start)
        var launch = PhocLaunch.nested(in: display)
        (launch.config, launch.configPath) = (config, configPath)
        (launch.session, launch.root) = (session, root)
        let phoc = try PhocSession.start(launch, output: PhocLaunch.nestedOutput, runtimeFolder: runtimeFolder,
                                         toolEnvironment: toolEnvironment, host: xvfb, start: start)
        do {
            try phoc.waitUntilListed(timeout: timeout)
        } catch {
            phoc.stop()
            throw error
        }
        return phoc
    }
}

extension PhocLaunch {
    /// A phoc.ini giving `output` the mode `width`×`height` at `scale` (phoc's output scale).
    public static func outputConfig(_ output: String, width: Int, height: Int, scale: Int) -> String {
        outputConfig(output, width: width, height: height) + "scale = \(scale)\n"
    }
}
