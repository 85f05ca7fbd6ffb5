import CGio
import GLibBridge

/// A long-running watcher tool (such as `xev -root -event randr`) started from the GLib main
/// loop: each line it prints (stdout and stderr merged) is handed to `line`, and `exited`
/// gets its last line when it ends. Nothing blocks the loop; `stop()` kills it. Its output
/// is read in chunks: a line longer than `maxLineBytes` stops it, with that as its last line.
final class ToolWatchProcess {
    static let maxLineBytes = 64 << 10

    private let program: String
    private var process: OpaquePointer?
    private var cancellable: UnsafeMutablePointer<GCancellable>?
    /// What was read after the last newline.
    private var partial: [UInt8] = []
    private var lastLine = ""
    private var onLine: ((String) -> Void)?
    private var onExit: ((String) -> Void)?

    /// Starts `argv` with `environment` added; throws the spawn error's text.
    init(_ argv: [String], environment: [String: String] = [:], line: @escaping (String) -> Void,
         exited: @escaping (String) -> Void) throws(WaylandWatchError) {
        program = argv.first ?? ""
        let launcher = g_subprocess_launcher_new(GSubprocessFlags(rawValue: GLibFlags.subprocessStdoutPipe
            | GLibFlags.subprocessStderrMerge))!
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        for (key, value) in environment { g_subprocess_launcher_setenv(launcher, key, value, 1) }
        var error: UnsafeMutablePointer<GError>?
        guard let process = ToolProcess.withCStrings(argv, { g_subprocess_launcher_spawnv(launcher, $0, &error) }) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot start \(argv[0])"
            g_clear_error(&error)
            throw WaylandWatchError(message)
        }
        self.process = process
        cancellable = g_cancellable_new()
        (onLine, onExit) = (line, exited)
        readChunk()
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
    }

    private func readChunk() {
        guard let process, let cancellable else { return }
        typealias Next = ([UInt8]) -> Void
        let next: Next = { [weak self] chunk in
            guard let self, self.onExit != nil else { return }
            if chunk.isEmpty { return self.ended() }
            self.take(chunk)
        }
        g_input_stream_read_bytes_async(g_subprocess_get_stdout_pipe(process), 65_536, G_PRIORITY_DEFAULT, cancellable, { source, result, data in
            let next = ToolCallbackBox<Next>.take(data)
            var error: UnsafeMutablePointer<GError>?
            let bytes = g_input_stream_read_bytes_finish(UnsafeMutablePointer<GInputStream>(OpaquePointer(source)), result, &error)
            var chunk: [UInt8] = []
            if let bytes {
                var size: gsize = 0
                if let data = g_bytes_get_data(bytes, &size) { chunk = Array(UnsafeRawBufferPointer(start: data, count: Int(size))) }
                g_bytes_unref(bytes)
            }
            if let error {
                let cancelled = error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_CANCELLED.rawValue)
                var e: UnsafeMutablePointer<GError>? = error
                g_clear_error(&e)
                if cancelled { return }
            }
            next(chunk)  // empty: the end, or a read error
        }, ToolCallbackBox<Next>(next).retained())
    }

    /// Hands each complete line of `chunk` on; keeps the rest for the next chunk.
    private func take(_ chunk: [UInt8]) {
        partial += chunk
        var start = 0
        while let newline = partial[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: partial[start..<newline], as: UTF8.self)
            start = newline + 1
            if !line.isEmpty { lastLine = line }
            onLine?(line)
            if onExit == nil { return }  // stopped by the handler
        }
        partial.removeSubrange(0..<start)
        if partial.count > Self.maxLineBytes {
            lastLine = "\(program) printed a line longer than \(Self.maxLineBytes) bytes; orientd stopped it"
            return ended()
        }
        readChunk()
    }

    private func ended() {
        let exited = onExit
        let last = lastLine
        stop()
        exited?(last)
    }
}

/// Runs `body` once after `milliseconds` on the calling thread's thread-default main context
/// (the service's loop; a test's own loop when the adapter runs on one: a timeout on the
/// global default context would never fire there). Cancel it with `cancelDelay` on the same thread.
@discardableResult
func afterDelay(milliseconds: UInt32, _ body: @escaping () -> Void) -> guint {
    let source = g_timeout_source_new(milliseconds)!
    defer { g_source_unref(source) }
    g_source_set_callback(source, { data in
        ToolCallbackBox<() -> Void>.borrow(data)()
        return 0
    }, ToolCallbackBox<() -> Void>(body).retained(), { data in _ = ToolCallbackBox<() -> Void>.take(data) })
    return g_source_attach(source, g_main_context_get_thread_default())
}

/// Cancels a call `afterDelay` scheduled from this thread (nothing if it already ran).
func cancelDelay(_ id: guint) {
    let context = g_main_context_get_thread_default() ?? g_main_context_default()
    if let source = g_main_context_find_source_by_id(context, id) { g_source_destroy(source) }
}
