import Foundation

/// A real phoc (wlroots' phone compositor) made ready to start, as the tests and the benchmark
/// both run it: wlroots' headless backend, or its X11 backend nested in an X server (a seat,
/// so GTK 4 maps windows); pixman rendering (no GPU in a container); the phoc.ini the caller
/// writes (its outputs' modes and scales) or one already on disk (Phosh's); a session command
/// phoc starts once it listens (`-E`, Phosh); the host's phoc or a cached root's.
public struct PhocLaunch: Sendable {
    /// wlroots' backends (`WLR_BACKENDS`): `headless`, or `x11` in `display`.
    public var backends = "headless"
    /// The X server phoc nests in (`DISPLAY`), with the `x11` backend.
    public var display: String?
    /// A phoc.ini's text, written to `configPath` before phoc starts.
    public var config: String?
    /// Where the phoc.ini is (written when `config` is given; used as it is otherwise).
    public var configPath: String?
    /// What phoc runs once its socket listens (`-E`).
    public var session: String?
    /// A cached Debian root whose phoc to run (`Debian13Root.command`).
    public var root: String?

    public init() {}

    /// The one output of a phoc nested in an X server (its window there).
    public static let nestedOutput = "X11-1"

    /// phoc nested in the X server `display` (its one output is `nestedOutput`).
    public static func nested(in display: String) -> PhocLaunch {
        var launch = PhocLaunch()
        (launch.backends, launch.display) = ("x11", display)
        return launch
    }

    /// A phoc.ini giving `output` the mode `width`×`height`.
    public static func outputConfig(_ output: String, width: Int, height: Int) -> String {
        "[output:\(output)]\nmode = \(width)x\(height)\n"
    }

    /// Writes the phoc.ini (when `config` is given); returns phoc's command (run in `root`
    /// when one is given) and what its environment needs besides the session's.
    public func prepare() throws -> (command: [String], environment: [String: String]) {
        var command = ["phoc"]
        if config != nil, configPath == nil { throw ProcessSupportError("phoc's config text is given without a configPath to write it to") }
        if let configPath {
            if let config { try config.write(toFile: configPath, atomically: true, encoding: .utf8) }
            command += ["-C", configPath]
        }
        command += session.map { ["-E", $0] } ?? []
        var environment = ["WLR_BACKENDS": backends, "WLR_RENDERER": "pixman"]
        environment["DISPLAY"] = display
        return (root.map { Debian13Root.command($0, command) } ?? command, environment)
    }
}
