import Foundation
import Glibc
import Synchronization

/// A child process started with `posix_spawn`, its output captured in files.
///
/// The child starts with an empty signal mask and default signal actions (whatever the
/// spawning thread blocks or ignores), so `terminate()` works even from a test thread that
/// blocks SIGTERM. Standard input is `/dev/null`. Dropping the object kills (SIGKILL) and
/// reaps a child still running, and deletes its output files.
public final class ChildProcess: Sendable {
    /// The process id.
    public let pid: pid_t
    /// The arguments it was started with; `argv[0]` is looked up in `PATH`.
    public let argv: [String]
    /// The file holding its standard output.
    public let stdoutPath: String
    /// The file holding its standard error.
    public let stderrPath: String

    private let directory: String
    private let status = Mutex<ExitStatus?>(nil)

    /// Starts `argv` with this process's environment plus `environment` (which overrides).
    /// - Throws: `ProcessSupportError` if it cannot start (such as: no such program).
    public init(_ argv: [String], environment: [String: String] = [:]) throws(ProcessSupportError) {
        precondition(!argv.isEmpty, "ChildProcess needs a program")
        self.argv = argv
        directory = try makeTemporaryDirectory()
        stdoutPath = directory + "/stdout"
        stderrPath = directory + "/stderr"
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        do {
            pid = try spawn(argv, environment: merged, stdout: stdoutPath, stderr: stderrPath)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    deinit {
        if status.withLock({ $0 == nil }) {
            Glibc.kill(pid, SIGKILL)
            var raw: Int32 = 0
            _ = waitpid(pid, &raw, 0)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Sends SIGTERM (unless it has been reaped).
    public func terminate() { send(SIGTERM) }

    /// Sends SIGKILL (unless it has been reaped).
    public func kill() { send(SIGKILL) }

    /// Sends `signal` (unless it has been reaped, so never to a reused pid).
    public func send(_ signal: Int32) {
        status.withLock { status in
            if status == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// The exit status if it has ended (reaping it), nil while it runs.
    public var exitStatus: ExitStatus? {
        status.withLock { status in
            if status == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { status = ExitStatus(waitStatus: raw) }
            }
            return status
        }
    }

    /// Whether it is still running.
    public var isRunning: Bool { exitStatus == nil }

    /// Waits until it ends, polling every 2 ms.
    /// - Throws: `ProcessSupportError` if it still runs after `timeout` (it keeps running).
    @discardableResult
    public func wait(timeout: Duration = .seconds(10)) throws(ProcessSupportError) -> ExitStatus {
        let deadline = TestDeadline.from(now: timeout)
        while true {
            if let status = exitStatus { return status }
            if ContinuousClock.now >= deadline {
                throw ProcessSupportError("\(argv.joined(separator: " ")) (pid \(pid)) still runs after \(timeout)")
            }
            usleep(2_000)
        }
    }

    /// Sends SIGTERM and waits; if it has not ended after `timeout`, kills it with SIGKILL.
    /// Returns how it ended.
    @discardableResult
    public func stop(timeout: Duration = .seconds(15)) -> ExitStatus {
        terminate()
        if let status = try? wait(timeout: timeout) { return status }
        kill()
        return (try? wait(timeout: .seconds(5))) ?? .signaled(SIGKILL)
    }

    /// Its standard output so far.
    public var standardOutput: String { readText(stdoutPath) }

    /// Its standard error so far (the service's log: print it when a test fails).
    public var standardError: String { readText(stderrPath) }

    /// Waits until a complete line of standard output equals `line` (other lines may come
    /// before it, as an app's reports can come before its "shown").
    /// - Throws: `ProcessSupportError` on timeout or if the process ends first (with its stderr).
    public func waitForLine(_ line: String, timeout: Duration = .seconds(10)) throws(ProcessSupportError) {
        let deadline = TestDeadline.from(now: timeout)
        while true {
            if standardOutput.split(separator: "\n").contains(where: { $0 == line }) { return }
            if let status = exitStatus {
                throw ProcessSupportError("\(argv[0]) ended (\(status)) before writing '\(line)'; stderr:\n\(standardError)")
            }
            if ContinuousClock.now >= deadline {
                throw ProcessSupportError("\(argv[0]) wrote no '\(line)' in \(timeout); stdout:\n\(standardOutput)\nstderr:\n\(standardError)")
            }
            usleep(2_000)
        }
    }

    /// Waits for the first complete line of standard output and returns it, without the
    /// newline.
    /// - Throws: `ProcessSupportError` on timeout or if the process ends first (with its stderr).
    public func firstLineOfOutput(timeout: Duration = .seconds(10)) throws(ProcessSupportError) -> String {
        let deadline = TestDeadline.from(now: timeout)
        while true {
            let output = standardOutput
            if let newline = output.firstIndex(of: "\n") { return String(output[..<newline]) }
            if let status = exitStatus {
                throw ProcessSupportError("\(argv[0]) ended (\(status)) before writing a line; stderr:\n\(standardError)")
            }
            if ContinuousClock.now >= deadline {
                throw ProcessSupportError("\(argv[0]) wrote no line in \(timeout); stderr:\n\(standardError)")
            }
            usleep(2_000)
        }
    }
}

/// Reads a whole file as UTF-8 ("" if it is missing).
func readText(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "" }
    return String(decoding: data, as: UTF8.self)
}

/// Creates a fresh private directory under `$TMPDIR` (or /tmp).
func makeTemporaryDirectory() throws(ProcessSupportError) -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var template = Array("\(base)/orientd-test-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
        throw ProcessSupportError("cannot create a temporary directory in \(base): errno \(errno)")
    }
    return String(cString: made)
}
