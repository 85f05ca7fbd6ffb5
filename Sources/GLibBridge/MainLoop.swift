import CGio
import Synchronization

/// A GLib main loop over one GMainContext.
///
/// `MainLoop()` runs the global default context: call `run()` on the main thread, and
/// register D-Bus objects and subscriptions from that thread too, so their callbacks run
/// there. `MainLoop.startThread()` runs a new context on a thread of its own and makes it
/// that thread's thread-default context: register from inside `sync`/`invoke` so callbacks
/// run on the loop's thread.
public final class MainLoop: Sendable {
    let context: GHandle
    let loop: GHandle
    /// The GThread running a loop made by `startThread()`, until `stopThread()` joins it.
    let threads = Mutex<[GHandle]>([])

    /// A loop over the global default GMainContext (the main thread's).
    public convenience init() {
        self.init(context: g_main_context_default())
    }

    init(context: OpaquePointer) {
        self.context = GHandle(g_main_context_ref(context))
        self.loop = GHandle(g_main_loop_new(context, 0))
    }

    deinit {
        g_main_loop_unref(loop.raw)
        g_main_context_unref(context.raw)
    }

    /// The GMainContext this loop runs.
    public var rawContext: OpaquePointer { context.raw }

    /// Runs the loop on the calling thread until `quit()`.
    public func run() { g_main_loop_run(loop.raw) }

    /// Makes `run()` return (from any thread). A quit before `run()` starts is lost.
    public func quit() { g_main_loop_quit(loop.raw) }

    /// Whether the loop is running.
    public var isRunning: Bool { g_main_loop_is_running(loop.raw) != 0 }

    /// Whether the calling thread is the one running (owning) this loop's context.
    public var isCurrentThread: Bool { g_main_context_is_owner(context.raw) != 0 }

    /// Dispatches whatever is ready on the context, from a thread that may own it (a loop
    /// that is not running). With `mayBlock`, waits for at least one event first.
    /// Returns whether anything was dispatched.
    @discardableResult
    public func iterate(mayBlock: Bool = false) -> Bool {
        g_main_context_iteration(context.raw, mayBlock ? 1 : 0) != 0
    }

    /// Runs `body` on the loop's thread: at once if called there, otherwise soon, from any
    /// thread (g_main_context_invoke_full).
    public func invoke(_ body: @escaping @Sendable () -> Void) {
        typealias Box = CallbackBox<@Sendable () -> Void>
        g_main_context_invoke_full(
            context.raw, G_PRIORITY_DEFAULT,
            { userData in
                Box.borrow(userData).value()
                return 0  // G_SOURCE_REMOVE
            },
            Box(body).retainedPointer(), { Box.release($0) })
    }

    /// Runs `body` on the loop's thread and waits for its result. Called on the loop's thread
    /// it runs at once. The loop must be running (or start running), or this waits forever.
    @discardableResult
    public func sync<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) throws(E) -> T {
        if isCurrentThread { return try body() }
        let done = ThreadSignal()
        let result = ResultSlot<T, E>()
        invoke {
            result.set(Result { () throws(E) -> T in try body() })
            done.signal()
        }
        done.wait()
        return try result.take().get()
    }
}
