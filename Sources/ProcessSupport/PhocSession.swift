import Foundation

/// A real phoc started from a `PhocLaunch`, for the tests and the benchmark: headless, or
/// nested in an X server (which it then may own and end with it); its outputs read back from
/// phoc itself through wlr-randr (`Transform:`), and a turn made as a user's `wlr-randr
/// --output X --transform T` makes one (wlr-output-management).
public final class PhocSession: FlippingCompositor {
    public let name = "phoc"
    public let output: String
    public let process: ChildProcess
    /// phoc's Wayland socket.
    public let socketPath: String
    public var clientEnvironment: [String: String] { ["WAYLAND_DISPLAY": socket, "DISPLAY": ""] }
    /// The X server phoc nests in, when it is this session's to end.
    public let host: ChildProcess?
    private let socket: String
    /// The environment wlr-randr runs in besides `clientEnvironment` (the session's).
    private let toolEnvironment: [String: String]

    private init(process: ChildProcess, output: String, socket: String, runtimeFolder: String,
                 toolEnvironment: [String: String], host: ChildProcess?) {
        (self.process, self.output, self.socket, self.toolEnvironment, self.host) = (process, output, socket, toolEnvironment, host)
        socketPath = runtimeFolder + "/" + socket
    }

    /// Starts phoc as `launch` says (`launch.prepare()`) through `start` (`StartProcess`), given its command and
    /// what its environment needs besides the session's; does not wait. `output`: the panel it
    /// is to show; `runtimeFolder`: the `XDG_RUNTIME_DIR` phoc binds `socket` in;
    /// `toolEnvironment`: the session's environment, for wlr-randr; `host`: the X server phoc
    /// nests in when the session is to end it too (it is ended when the start fails).
    public static func start(_ launch: PhocLaunch, output: String, runtimeFolder: String, socket: String = "wayland-0",
                             toolEnvironment: [String: String], host: ChildProcess? = nil,
                             start: StartProcess = startPlainly) throws -> PhocSession {
        do {
            let (command, environment) = try launch.prepare()
            return PhocSession(process: try start("phoc", command, environment), output: output, socket: socket,
                               runtimeFolder: runtimeFolder, toolEnvironment: toolEnvironment, host: host)
        } catch {
            _ = host?.stop()
            throw error
        }
    }

    /// Waits until wlr-randr lists `output`; throws when phoc exits or the wait times out, with its log.
    public func waitUntilListed(timeout: Duration) throws {
        try eventually("phoc lists \(output); its log:\n\(process.standardError)", timeout: timeout) {
            if let status = process.exitStatus { throw ProcessSupportError("phoc exited (\(status)):\n\(process.standardError)") }
            // A killed compositor's socket file stays until the next one binds it: until then
            // wlr-randr cannot connect.
            return (try? wlrRandr())?.contains(output) == true
        }
    }

    /// Runs wlr-randr with `arguments` on this phoc; its listing (throws when it fails).
    @discardableResult
    public func wlrRandr(_ arguments: [String] = []) throws -> String {
        try Self.wlrRandr(arguments, environment: toolEnvironment.merging(clientEnvironment) { $1 })
    }

    /// Runs wlr-randr with `arguments` on the compositor `environment` reaches (its
    /// `WAYLAND_DISPLAY`); its listing (throws when it fails).
    @discardableResult
    public static func wlrRandr(_ arguments: [String] = [], environment: [String: String]) throws -> String {
        let result = try runCommand(["wlr-randr"] + arguments, environment: environment)
        guard result.succeeded else { throw ProcessSupportError("wlr-randr \(arguments.joined(separator: " ")) failed: \(result)") }
        return result.stdout
    }

    /// The `Transform:` a wlr-randr `listing` gives `output` (wl_output's names: normal, 90,
    /// 180, 270); nil when it lists no such output.
    public static func transformName(of output: String, in listing: String) -> String? {
        var inOutput = false
        for line in listing.split(separator: "\n") {
            if !line.hasPrefix(" ") { inOutput = line.hasPrefix(output + " ") }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inOutput, trimmed.hasPrefix("Transform: ") { return String(trimmed.dropFirst("Transform: ".count)) }
        }
        return nil
    }

    public func panelTransform() throws -> PanelTransform? {
        try Self.transformName(of: output, in: wlrRandr()).flatMap(PanelTransform.init(name:))
    }

    public func turnPanel(to transform: PanelTransform) throws {
        try wlrRandr(["--output", output, "--transform", transform.description])
    }

    /// wlr-randr's `flipped`, `flipped-90`, `flipped-180`, `flipped-270`.
    public func turnPanel(flipped transform: PanelTransform) throws {
        try wlrRandr(["--output", output, "--transform", transform == .normal ? "flipped" : "flipped-\(transform)"])
    }

    public func stop() {
        _ = process.stop()
        _ = host?.stop()
    }
}
