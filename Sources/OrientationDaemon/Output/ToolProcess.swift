import CGio
import GLibBridge

/// How a command-line tool (xrandr) ended.
struct ToolResult: Sendable {
    /// The command line, for log lines.
    var command: String
    /// Exit code 0.
    var succeeded: Bool
    var stdout: String
    var stderr: String
    /// It exited, but a process it started still held its output open: orientd stopped reading.
    var leftOutputOpen = false

    /// The tool's own error text (its stderr, else its stdout), trimmed, for a log line.
    var errorText: String {
        let text = (stderr.isEmpty ? stdout : stderr).split(whereSeparator: \.isNewline).joined(separator: " / ")
        return text.isEmpty ? "\(command) failed without a message" : "\(command): \(text)"
    }
}

/// Carries a Swift closure through a C `user_data` pointer (released by the one callback
/// that takes it back).
final class ToolCallbackBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
    func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
    static func take(_ pointer: UnsafeMutableRawPointer?) -> Value {
        Unmanaged<ToolCallbackBox<Value>>.fromOpaque(pointer!).takeRetainedValue().value
    }
    static func borrow(_ pointer: UnsafeMutableRawPointer?) -> Value {
        Unmanaged<ToolCallbackBox<Value>>.fromOpaque(pointer!).takeUnretainedValue().value
    }
}

/// Runs a tool to completion from the GLib main loop (GSubprocess): never blocks the loop;
/// `completion` runs once, on the loop's thread, with its output (`ToolRun`).
///
/// A tool is untrusted like its compositor: what it prints is bounded (`maxOutputBytes` on
/// stdout, `maxErrorBytes` on stderr), and so is its time (`timeout`): past either it is
/// killed and reported as failed with the reason. A process it leaves behind holding its
/// output open is not waited for: `graceMilliseconds` after the tool exits, orientd stops
/// reading and closes its end.
enum ToolProcess {
    static let timeoutMilliseconds: UInt32 = 15_000
    /// The most a tool may print on stdout (a listing of every output and mode is a few kB).
    static let maxOutputBytes = 1 << 20
    /// The most a tool may print on stderr.
    static let maxErrorBytes = 64 << 10
    /// How long after the tool exits its pipes are still read.
    static let graceMilliseconds: UInt32 = 500

    static func run(_ argv: [String], environment: [String: String] = [:], timeout: UInt32 = timeoutMilliseconds,
                    completion: @escaping (ToolResult) -> Void) {
        let command = argv.joined(separator: " ")
        let launcher = g_subprocess_launcher_new(GSubprocessFlags(rawValue: GLibFlags.subprocessStdoutPipe
            | GLibFlags.subprocessStderrPipe | GLibFlags.subprocessStdinInherit))!
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        for (key, value) in environment { g_subprocess_launcher_setenv(launcher, key, value, 1) }
        var error: UnsafeMutablePointer<GError>?
        let process: OpaquePointer? = withCStrings(argv) { g_subprocess_launcher_spawnv(launcher, $0, &error) }
        guard let process else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot start"
            g_clear_error(&error)
            completion(ToolResult(command: command, succeeded: false, stdout: "", stderr: message))
            return
        }
        ToolRun(command: command, process: process, timeout: timeout, completion: completion).start()
    }

    /// Calls `body` with a NULL-terminated `char **` of `strings`.
    static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { UnsafePointer(strdup($0)) } + [nil]
        defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
