import GLibBridge

/// Real Phosh on its phoc (`PhoshLaunch`), for the tests and the benchmark: phoc nested in an
/// X server starting Phosh, which then owns mutter's `org.gnome.Mutter.DisplayConfig` and
/// `org.gnome.ScreenSaver` on the session bus. The panel is read as Phosh reports it
/// (DisplayConfig's `GetCurrentState`) and turned through phoc's output management (`wlr-randr`),
/// which Phosh follows and reports.
public final class PhoshSession: Compositor {
    public let name = "phosh"
    /// The phoc Phosh runs on (its socket, its X server, wlr-randr).
    public let phoc: PhocSession
    public var output: String { phoc.output }
    public var process: ChildProcess { phoc.process }
    public var clientEnvironment: [String: String] { phoc.clientEnvironment }
    /// The session bus Phosh owns DisplayConfig on.
    private let bus: PrivateBus

    /// Phosh on `phoc`, a phoc started with `PhoshLaunch`'s session, on the session bus `bus`.
    public init(phoc: PhocSession, bus: PrivateBus) { (self.phoc, self.bus) = (phoc, bus) }

    /// Starts phoc as `launch` says (`PhoshLaunch.phoc(in:)`, Phosh its session) through
    /// `start` (`PhocSession.start`), Phosh on the session bus `bus`; does not wait.
    public static func start(_ launch: PhocLaunch, runtimeFolder: String, toolEnvironment: [String: String], bus: PrivateBus,
                             host: ChildProcess? = nil,
                             start: StartProcess = startPlainly) throws -> PhoshSession {
        let phoc = try PhocSession.start(launch, output: PhoshLaunch.panel, runtimeFolder: runtimeFolder,
                                         toolEnvironment: toolEnvironment, host: host, start: start)
        return PhoshSession(phoc: phoc, bus: bus)
    }

    /// Waits until Phosh is up (`PhoshLaunch.isUp`): it owns DisplayConfig with its panel and
    /// the screen saver. Throws when phoc exits or the wait times out.
    public func waitUntilUp(timeout: Duration) throws {
        let connection = try bus.connect()
        defer { connection.close() }
        try eventually("Phosh owns DisplayConfig with \(output) and the screen saver", timeout: timeout) {
            if let status = process.exitStatus { throw ProcessSupportError("phoc exited (\(status)):\n\(process.standardError.suffix(2_000))") }
            return try PhoshLaunch.isUp(on: connection)
        }
    }

    /// The panel's transform as Phosh's DisplayConfig reports it on `connection` (0 normal,
    /// 1 90°, 2 180°, 3 270°); nil when no logical monitor holds the panel.
    public static func displayConfigTransform(on connection: BusConnection) throws -> UInt32? {
        MutterDisplayConfig.transform(of: PhoshLaunch.panel, in: try MutterDisplayConfig.currentState(connection))
    }

    public func panelTransform() throws -> PanelTransform? {
        let connection = try bus.connect()
        defer { connection.close() }
        return try Self.displayConfigTransform(on: connection).flatMap { PanelTransform(rawValue: Int($0)) }
    }

    public func turnPanel(to transform: PanelTransform) throws { try phoc.turnPanel(to: transform) }

    public func stop() { phoc.stop() }
}
