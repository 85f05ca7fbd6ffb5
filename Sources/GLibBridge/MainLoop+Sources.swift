import CGio

/// A timeout, idle or Unix-signal source attached to a `MainLoop`.
///
/// Dropping the handle does not cancel the source; `cancel()` does (from any thread).
public final class SourceHandle: Sendable {
    let source: GHandle

    init(_ source: UnsafeMutablePointer<GSource>) { self.source = GHandle(source) }

    deinit { g_source_unref(source.typed(GSource.self)) }

    /// Stops the source; its closure will not run again. Safe to repeat, or after it finished.
    public func cancel() { g_source_destroy(source.typed(GSource.self)) }

    /// Whether the source was cancelled or has finished.
    public var isFinished: Bool { g_source_is_destroyed(source.typed(GSource.self)) != 0 }
}

extension MainLoop {
    /// Runs `body` once, `milliseconds` from now, on the loop's thread.
    ///
    /// Like every source here, the closure runs on the loop's thread, so add it from that
    /// thread (or before the loop runs); from another thread, capture only Sendable state.
    @discardableResult
    public func addTimeout(milliseconds: UInt32, _ body: @escaping () -> Void) -> SourceHandle {
        attach(g_timeout_source_new(milliseconds)) {
            body()
            return false
        }
    }

    /// Runs `body` every `milliseconds` on the loop's thread while it returns true.
    @discardableResult
    public func addRepeatingTimeout(milliseconds: UInt32, _ body: @escaping () -> Bool) -> SourceHandle {
        attach(g_timeout_source_new(milliseconds), body)
    }

    /// Runs `body` once on the loop's thread as soon as the loop is idle (a zero-delay
    /// source: never runs inside this call, even on the loop's thread).
    @discardableResult
    public func addIdle(_ body: @escaping () -> Void) -> SourceHandle {
        attach(g_idle_source_new()) {
            body()
            return false
        }
    }

    /// Runs `body` on the loop's thread each time the process receives `signal`
    /// (`SIGTERM`, `SIGINT`, `SIGHUP`, `SIGUSR1`, `SIGUSR2` or `SIGWINCH`;
    /// g_unix_signal_source_new). GLib installs its handler at once; cancelling the last
    /// source for a signal restores the default action.
    @discardableResult
    public func addSignalHandler(_ signal: Int32, _ body: @escaping () -> Void) -> SourceHandle {
        attach(g_unix_signal_source_new(signal)) {
            body()
            return true
        }
    }

    /// Attaches `source` with a callback returning whether to keep the source.
    private func attach(_ source: UnsafeMutablePointer<GSource>, _ body: @escaping () -> Bool) -> SourceHandle {
        typealias Box = CallbackBox<() -> Bool>
        g_source_set_callback(
            source,
            { userData in Box.borrow(userData).value() ? 1 : 0 },
            Box(body).retainedPointer(), { Box.release($0) })
        g_source_attach(source, context.raw)
        return SourceHandle(source)
    }
}
