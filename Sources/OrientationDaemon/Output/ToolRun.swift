import CGio

/// One run of a tool: reads its stdout and stderr in chunks, waits for it to exit, and calls
/// `completion` exactly once — when both pipes are closed after it exited, `graceMilliseconds`
/// after it exited with a pipe still open, or at once when it prints too much or runs too long
/// (then it is killed). Every GLib source it adds is removed once at most: a timeout that has
/// fired is never removed again.
final class ToolRun {
    let command: String
    private let process: OpaquePointer
    private let timeout: UInt32
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private var completion: ((ToolResult) -> Void)?
    /// stdout and stderr as read so far, and whether each is still open.
    private var output: [[UInt8]] = [[], []]
    private var open = [true, true]
    private var exited = false
    private var watchdog: guint = 0
    private var grace: guint = 0
    /// Why orientd stopped the tool (nil: it ended by itself).
    private var problem: String?

    /// Takes over the reference to `process`.
    init(command: String, process: OpaquePointer, timeout: UInt32, completion: @escaping (ToolResult) -> Void) {
        self.command = command
        self.process = process
        self.timeout = timeout
        self.completion = completion
        cancellable = g_cancellable_new()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(process))
    }

    func start() {
        watchdog = timeoutSource(timeout) { run in
            run.watchdog = 0  // it ends with this call, so it is never removed again
            run.stop(because: "it ran longer than \(run.timeout) ms")
        }
        g_subprocess_wait_async(process, nil, { _, _, data in
            // Reaped: g_subprocess_get_* may be asked now.
            Unmanaged<ToolRun>.fromOpaque(data!).takeRetainedValue().exitedNow()
        }, Unmanaged.passRetained(self).toOpaque())
        read(0)
        read(1)
    }

    /// A timeout that holds the run until it fires or is removed (`cancelDelay`); `body` runs
    /// when it fires. On the thread-default context, as the run's reads are.
    private func timeoutSource(_ milliseconds: UInt32, _ body: @escaping (ToolRun) -> Void) -> guint {
        let source = g_timeout_source_new(milliseconds)!
        defer { g_source_unref(source) }
        let box = ToolCallbackBox<(ToolRun, (ToolRun) -> Void)>((self, body))
        g_source_set_callback(source, { data in
            let (run, body) = ToolCallbackBox<(ToolRun, (ToolRun) -> Void)>.borrow(data)
            body(run)
            return 0
        }, box.retained(), { data in _ = ToolCallbackBox<(ToolRun, (ToolRun) -> Void)>.take(data) })
        return g_source_attach(source, g_main_context_get_thread_default())
    }

    private func read(_ index: Int) {
        let stream = index == 0 ? g_subprocess_get_stdout_pipe(process) : g_subprocess_get_stderr_pipe(process)
        g_input_stream_read_bytes_async(stream, 65_536, G_PRIORITY_DEFAULT, cancellable, { source, result, data in
            let (run, index) = ToolCallbackBox<(ToolRun, Int)>.take(data)
            var error: UnsafeMutablePointer<GError>?
            let bytes = g_input_stream_read_bytes_finish(UnsafeMutablePointer<GInputStream>(OpaquePointer(source)), result, &error)
            if error != nil { g_clear_error(&error) }
            defer { if let bytes { g_bytes_unref(bytes) } }
            var size: gsize = 0
            let data = bytes.flatMap { g_bytes_get_data($0, &size) }
            run.received(index, data.map { UnsafeRawBufferPointer(start: $0, count: Int(size)) })
        }, ToolCallbackBox<(ToolRun, Int)>((self, index)).retained())
    }

    /// A chunk of stdout (0) or stderr (1); nil or empty: the pipe closed (or failed, or the
    /// read was cancelled).
    private func received(_ index: Int, _ chunk: UnsafeRawBufferPointer?) {
        guard completion != nil else { return }
        guard let chunk, !chunk.isEmpty else {
            open[index] = false
            if exited && !open.contains(true) { finish() }
            return
        }
        let limit = index == 0 ? ToolProcess.maxOutputBytes : ToolProcess.maxErrorBytes
        guard output[index].count + chunk.count <= limit else {
            output[index] += chunk.prefix(limit - output[index].count)
            stop(because: "it printed more than \(limit) bytes on \(index == 0 ? "stdout" : "stderr")")
            return
        }
        output[index] += chunk
        read(index)
    }

    private func exitedNow() {
        exited = true
        guard completion != nil else { return }
        if !open.contains(true) { return finish() }
        // A process the tool started may hold the pipe for ever: read what comes soon, then stop.
        grace = timeoutSource(ToolProcess.graceMilliseconds) { run in
            run.grace = 0
            run.finish()
        }
    }

    private func stop(because reason: String) {
        problem = reason
        if !exited { g_subprocess_force_exit(process) }
        finish()
    }

    private func finish() {
        guard let completion else { return }
        self.completion = nil
        if watchdog != 0 { cancelDelay(watchdog) }
        if grace != 0 { cancelDelay(grace) }
        (watchdog, grace) = (0, 0)
        g_cancellable_cancel(cancellable)
        var stderr = String(decoding: output[1], as: UTF8.self)
        var succeeded = false
        if let problem {
            stderr += (stderr.isEmpty ? "" : " ") + "(\(problem); orientd killed it)"
        } else {
            succeeded = g_subprocess_get_successful(process) != 0
            if g_subprocess_get_if_signaled(process) != 0 {
                stderr += (stderr.isEmpty ? "" : " ") + "(killed by signal \(g_subprocess_get_term_sig(process)))"
            }
        }
        var result = ToolResult(command: command, succeeded: succeeded, stdout: String(decoding: output[0], as: UTF8.self), stderr: stderr)
        result.leftOutputOpen = problem == nil && open.contains(true)
        completion(result)
    }
}
