import Foundation
import GLibBridge

/// A built `orientd` running on a private session bus with its own state folder, for one test
/// or one benchmark run.
///
/// The binary is the one built beside the test bundle or the benchmark (`swift build
/// --build-tests` builds it), or `$ORIENTD_BINARY`. Tests print `log` when they fail.
public final class OrientdInstance: Sendable {
    public let bus: PrivateBus
    /// `XDG_STATE_HOME` of the instance; settings live in `<stateHome>/orientd/settings.ini`.
    public let stateHome: String
    public let process: ChildProcess

    /// The directory holding the test bundle and the package's executables.
    public static var productsDirectory: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The xctest binary may sit inside a `.xctest` bundle folder.
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("orientd").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.path
    }

    /// The path of a product built with the tests (`orientd`, `orientctl`, `orientd-bench`).
    public static func product(_ name: String) -> String {
        if name == "orientd", let path = ProcessInfo.processInfo.environment["ORIENTD_BINARY"] { return path }
        return productsDirectory + "/" + name
    }

    /// The environment a client program needs to reach this instance.
    public var environment: [String: String] { bus.sessionEnvironment }

    /// The configuration search folders orientd runs with (`XDG_CONFIG_DIRS`,
    /// `XDG_DATA_DIRS`), for a client of the same session such as `orientctl cat-config`.
    public let configurationEnvironment: [String: String]

    /// `arguments`, with `--screen-class phone` unless they choose a screen class. The suite's
    /// compositors (phoc, KWin, mutter, Xephyr) run headless at 1024×768 at scale 1, which is a
    /// large screen on a desk (no accelerometer), where no app turns the panel; the suite's tests
    /// are about a phone, as they were written before orientd told a phone from a laptop. A test
    /// about the screen's class or the posture passes `--screen-class` itself.
    public static func phoneUnlessSaid(_ arguments: [String]) -> [String] {
        arguments.contains { $0 == "--screen-class" || $0.hasPrefix("--screen-class=") } ? arguments : arguments + ["--screen-class", "phone"]
    }

    /// Starts orientd with `arguments` on `bus` (a new one by default) with `stateHome` (a new
    /// temporary folder by default), and waits until it owns `busName` (the caller says which
    /// name, so the tests can check it against their own copy of the contract).
    public init(busName: String, arguments: [String], environment: [String: String] = [:],
                bus: PrivateBus? = nil, stateHome: String? = nil, timeout: Duration = .seconds(10)) throws {
        self.bus = try bus ?? PrivateBus()
        if let stateHome {
            self.stateHome = stateHome
        } else {
            self.stateHome = try Self.temporaryDirectory()
        }
        var env = self.bus.sessionEnvironment
        env["XDG_STATE_HOME"] = self.stateHome
        // No configuration files or desktop entries of the machine's: only those a test puts there.
        env["XDG_CONFIG_DIRS"] = self.stateHome + "/xdg-config"
        env["XDG_DATA_DIRS"] = self.stateHome + "/xdg-data"
        env["XDG_DATA_HOME"] = self.stateHome + "/xdg-data-home"
        // Its runtime files (the last failure to start) in the test's folder, not the user's.
        env["XDG_RUNTIME_DIR"] = self.stateHome + "/runtime"
        mkdir(self.stateHome + "/runtime", 0o700)
        // No display of the machine's: a developer's X or Wayland session is never turned or
        // followed by a test's orientd (a test that wants a display passes its own).
        env["DISPLAY"] = ""
        env["WAYLAND_DISPLAY"] = ""
        // GSettings schemas (the output hand-over's key) are still the machine's.
        if env["GSETTINGS_SCHEMA_DIR"] == nil { env["GSETTINGS_SCHEMA_DIR"] = "/usr/share/glib-2.0/schemas" }
        env.merge(environment) { _, new in new }
        configurationEnvironment = env.filter { $0.key == "XDG_CONFIG_DIRS" || $0.key == "XDG_DATA_DIRS" }
        process = try ChildProcess([Self.product("orientd")] + Self.phoneUnlessSaid(arguments), environment: env)
        let connection = try self.bus.connect()
        defer { connection.close() }
        try eventually("orientd owns \(busName); its log:\n\(process.standardError)", timeout: timeout) {
            if let status = process.exitStatus {
                throw ProcessSupportError("orientd exited (\(status)) before owning its name; its log:\n\(process.standardError)")
            }
            return try connection.nameOwner(busName) != nil
        }
    }

    /// The service's log so far (stderr).
    public var log: String { process.standardError }

    /// SIGTERM, then SIGKILL after `timeout`; returns how it ended.
    @discardableResult
    public func stop(timeout: Duration = .seconds(15)) -> ExitStatus { process.stop(timeout: timeout) }

    /// A fresh private temporary folder.
    public static func temporaryDirectory() throws -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        var template = Array("\(base)/orientd-state-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ProcessSupportError("cannot create a temporary folder in \(base)") }
        return String(cString: made)
    }
}
