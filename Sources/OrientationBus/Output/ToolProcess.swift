import CGio

/// How a command-line tool (wlr-randr, kscreen-doctor, xrandr) ended.
struct ToolResult: Sendable {
    /// The command line, for log lines.
    var command: String
    /// Exit code 0.
    var succeeded: Bool
    var stdout: String
    var stderr: String

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
/// `completion` runs on the loop's thread with its output. A tool that runs past `timeout`
/// is killed and reported as failed.
enum ToolProcess {
    static let timeoutMilliseconds: UInt32 = 15_000

    static func run(_ argv: [String], environment: [String: String] = [:], timeout: UInt32 = timeoutMilliseconds,
                    completion: @escaping (ToolResult) -> Void) {
        let command = argv.joined(separator: " ")
        let launcher = g_subprocess_launcher_new(GSubprocessFlags(rawValue: G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue
            | G_SUBPROCESS_FLAGS_STDERR_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDIN_INHERIT.rawValue))!
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
        // The watchdog: a tool stuck on a frozen compositor is killed; communicate then ends.
        let watchdog = g_timeout_add(timeout, { pointer in
            g_subprocess_force_exit(OpaquePointer(pointer))
            return 0
        }, UnsafeMutableRawPointer(process))
        typealias Done = (OpaquePointer?, ToolResult) -> Void
        let done: Done = { process, result in
            g_source_remove(watchdog)
            if let process { g_object_unref(UnsafeMutableRawPointer(process)) }
            completion(result)
        }
        g_subprocess_communicate_utf8_async(process, nil, nil, { source, result, userData in
            let done = ToolCallbackBox<(String, Done)>.take(userData)
            let process = OpaquePointer(source)
            var out: UnsafeMutablePointer<CChar>?
            var err: UnsafeMutablePointer<CChar>?
            var error: UnsafeMutablePointer<GError>?
            let ok = g_subprocess_communicate_utf8_finish(process, result, &out, &err, &error) != 0
            let stdout = out.map { String(cString: $0) } ?? ""
            var stderr = err.map { String(cString: $0) } ?? ""
            g_free(out)
            g_free(err)
            if let error {
                stderr += String(cString: error.pointee.message)
                var e: UnsafeMutablePointer<GError>? = error
                g_clear_error(&e)
            }
            let succeeded = ok && g_subprocess_get_successful(process) != 0
            if ok, g_subprocess_get_if_signaled(process) != 0 {
                stderr += (stderr.isEmpty ? "" : " ") + "(killed by signal \(g_subprocess_get_term_sig(process)))"
            }
            done.1(process, ToolResult(command: done.0, succeeded: succeeded, stdout: stdout, stderr: stderr))
        }, ToolCallbackBox<(String, Done)>((command, done)).retained())
    }

    /// Calls `body` with a NULL-terminated `char **` of `strings`.
    static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { UnsafePointer(strdup($0)) } + [nil]
        defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
