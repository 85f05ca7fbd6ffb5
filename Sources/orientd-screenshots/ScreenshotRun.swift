import Foundation
import Glibc
import ProcessSupport

/// What a screenshot scenario failed at, in the sentence its script prints.
struct ScreenshotFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One run of a screenshot scenario: its scratch folder, the environment every process it
/// starts shares (exported, as the scripts' `export` did), and those processes, each with
/// its log, all ended by `stopAll` (on success, on failure and on SIGINT, SIGTERM, SIGHUP).
final class ScreenshotRun: Sendable {
    /// The script the run stands for (`screenshots.sh`, …): the prefix of what it prints.
    let script: String
    /// The run's scratch folder (removed by `finish`).
    let work: String
    /// Every wait's deadline (the scripts' `timeout_seconds`), times `TestDeadline.scale`.
    let timeout = Duration.seconds(60)
    private let shared: LockedValue<[String: String]>
    private let started = LockedValue<[(name: String, process: ChildProcess)]>([])
    private let buses = LockedValue<[PrivateBus]>([])

    init(script: String) throws {
        self.script = script
        var template = Array("\(ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")/orientd-shots-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ScreenshotFailure("cannot create a scratch folder: errno \(errno)") }
        work = String(cString: made)
        // No display of the user's: the apps go to the compositor the run starts.
        shared = LockedValue(["DISPLAY": "", "WAYLAND_DISPLAY": ""])
    }

    /// The environment the run's processes get besides this process's own.
    var environment: [String: String] { shared.value }

    /// Adds `values` to the shared environment (as `export` does).
    func export(_ values: [String: String]) { shared.withLock { $0.merge(values) { $1 } } }

    /// Starts `argv` with the shared environment plus `environment`, its output kept as the
    /// log `name`, ended with the run. A `StartProcess`.
    func start(_ name: String, _ argv: [String], _ environment: [String: String] = [:]) throws -> ChildProcess {
        let process = try ChildProcess(argv, environment: self.environment.merging(environment) { $1 })
        started.withLock { $0.append((name, process)) }
        return process
    }

    /// Keeps `bus` until `stopAll` (dropping a `PrivateBus` ends it), its daemon's output as the log `dbus`.
    func keep(_ bus: PrivateBus) {
        buses.withLock { $0.append(bus) }
        started.withLock { $0.append(("dbus", bus.process)) }
    }

    /// Runs `argv` to its end with the shared environment plus `environment`.
    func run(_ argv: [String], _ environment: [String: String] = [:]) throws -> ProcessOutput {
        try runCommand(argv, environment: self.environment.merging(environment) { $1 }, timeout: timeout)
    }

    /// Runs `argv` and returns its standard output; fails, naming it, when it fails.
    @discardableResult
    func output(_ argv: [String], _ environment: [String: String] = [:]) throws -> String {
        let result = try run(argv, environment)
        guard result.succeeded else { throw ScreenshotFailure("\(argv.joined(separator: " ")) failed: \(result)") }
        return result.stdout
    }

    /// Waits until `condition` holds (`eventually`, with the run's deadline), trying it again
    /// every 0.1 s (a condition here runs a tool: wlr-randr, orientctl, python); the failure
    /// says "timed out … waiting for `what`".
    func wait(for what: String, file: StaticString = #filePath, line: UInt = #line, _ condition: () throws -> Bool) throws {
        try eventually(what, timeout: timeout, file: file, line: line) {
            if try condition() { return true }
            usleep(100_000)
            return false
        }
    }

    /// Fails, naming the first of `tools` (a name in PATH or a path) that is not installed.
    func requireTools(_ tools: [String]) throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for tool in tools {
            let candidates = tool.contains("/") ? [tool] : path.map { "\($0)/\(tool)" }
            if !candidates.contains(where: { access($0, X_OK) == 0 }) {
                throw ScreenshotFailure("\(tool) is missing (scripts/install-deps.sh test installs it)")
            }
        }
    }

    /// Fails unless `path` is an executable file, with `hint` (what makes it).
    func requireExecutable(_ path: String, named name: String, hint: String) throws {
        if access(path, X_OK) != 0 { throw ScreenshotFailure("no \(name) at \(path): \(hint)") }
    }

    /// Every log so far (standard error, then standard output), each under `---- NAME.log`.
    var logs: String {
        started.value.map { name, process in
            "---- \(name).log\n" + process.standardError + process.standardOutput
        }.joined(separator: "\n")
    }

    /// Ends every process the run started (SIGTERM, then SIGKILL), in the order they started
    /// (the apps last started go with their compositor), and forgets them.
    func stopAll() {
        let processes = started.withLock { list in defer { list = [] }; return list }
        for (_, process) in processes { process.terminate() }
        for (_, process) in processes { process.stop(timeout: .seconds(5)) }
        buses.withLock { $0 = [] }
    }

    /// Ends everything and removes the scratch folder.
    func finish() {
        stopAll()
        try? FileManager.default.removeItem(atPath: work)
    }
}
