import CGio

/// A long-running watcher tool (such as `xev -root -event randr`) started from the GLib main
/// loop: each line it prints (stdout and stderr merged) is handed to `line`, and `exited`
/// gets its last line when it ends. Nothing blocks the loop; `stop()` kills it.
final class ToolWatchProcess {
    private var process: OpaquePointer?
    private var stream: OpaquePointer?
    private var cancellable: UnsafeMutablePointer<GCancellable>?
    private var lastLine = ""
    private var onLine: ((String) -> Void)?
    private var onExit: ((String) -> Void)?

    /// Starts `argv` with `environment` added; throws the spawn error's text.
    init(_ argv: [String], environment: [String: String] = [:], line: @escaping (String) -> Void,
         exited: @escaping (String) -> Void) throws(WaylandWatchError) {
        let launcher = g_subprocess_launcher_new(GSubprocessFlags(rawValue: G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue
            | G_SUBPROCESS_FLAGS_STDERR_MERGE.rawValue))!
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        for (key, value) in environment { g_subprocess_launcher_setenv(launcher, key, value, 1) }
        var error: UnsafeMutablePointer<GError>?
        guard let process = ToolProcess.withCStrings(argv, { g_subprocess_launcher_spawnv(launcher, $0, &error) }) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot start \(argv[0])"
            g_clear_error(&error)
            throw WaylandWatchError(message)
        }
        self.process = process
        stream = OpaquePointer(g_data_input_stream_new(g_subprocess_get_stdout_pipe(process)))
        cancellable = g_cancellable_new()
        (onLine, onExit) = (line, exited)
        readLine()
    }

    deinit { stop() }

    /// Kills the tool; no callback runs after this.
    func stop() {
        (onLine, onExit) = (nil, nil)
        if let cancellable {
            g_cancellable_cancel(cancellable)
            g_object_unref(UnsafeMutableRawPointer(cancellable))
        }
        cancellable = nil
        if let process {
            g_subprocess_force_exit(process)
            // Reaped by GLib's child watch once it has gone.
            g_subprocess_wait_async(process, nil, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(process))
        }
        process = nil
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        stream = nil
    }

    private func readLine() {
        guard let stream, let cancellable else { return }
        typealias Next = (String?) -> Void
        let next: Next = { [weak self] line in
            guard let self, self.onExit != nil else { return }
            if let line {
                if !line.isEmpty { self.lastLine = line }
                self.onLine?(line)
                self.readLine()
            } else {
                let exited = self.onExit
                let last = self.lastLine
                self.stop()
                exited?(last)
            }
        }
        g_data_input_stream_read_line_async(UnsafeMutablePointer(stream), G_PRIORITY_DEFAULT, cancellable, { source, result, data in
            let next = ToolCallbackBox<Next>.take(data)
            var error: UnsafeMutablePointer<GError>?
            var length: gsize = 0
            let line = g_data_input_stream_read_line_finish_utf8(UnsafeMutablePointer(OpaquePointer(source)), result, &length, &error)
            if let error {
                let cancelled = error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_CANCELLED.rawValue)
                var e: UnsafeMutablePointer<GError>? = error
                g_clear_error(&e)
                if cancelled { return }
                next(nil)
                return
            }
            guard let line else { return next(nil) }
            defer { g_free(line) }
            next(String(cString: line))
        }, ToolCallbackBox<Next>(next).retained())
    }
}

/// Runs `body` once after `milliseconds` on the global default main context (the service's loop).
@discardableResult
func afterDelay(milliseconds: UInt32, _ body: @escaping () -> Void) -> guint {
    g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
        ToolCallbackBox<() -> Void>.borrow(data)()
        return 0
    }, ToolCallbackBox<() -> Void>(body).retained(), { data in _ = ToolCallbackBox<() -> Void>.take(data) })
}
