import CGio
import Synchronization

extension MainLoop {
    /// Starts a loop over a new GMainContext on a new thread (named `name`) and returns once
    /// it is running. The context is that thread's thread-default context, so whatever is
    /// registered inside `sync`/`invoke` dispatches there. End it with `stopThread()`.
    public static func startThread(name: String = "glib-loop") -> MainLoop {
        let context = g_main_context_new()!
        let loop = MainLoop(context: context)
        g_main_context_unref(context)
        let running = ThreadSignal()
        typealias Box = CallbackBox<(loop: MainLoop, running: ThreadSignal)>
        let thread = g_thread_new(name, { userData in
            let start = Unmanaged<Box>.fromOpaque(userData!).takeRetainedValue().value
            g_main_context_push_thread_default(start.loop.context.raw)
            // An idle source, not invoke(): invoke would run at once, before the loop runs.
            start.loop.addIdle { start.running.signal() }
            start.loop.run()
            g_main_context_pop_thread_default(start.loop.context.raw)
            return nil
        }, Box((loop, running)).retainedPointer())!
        running.wait()
        loop.threads.withLock { $0.append(GHandle(thread)) }
        return loop
    }

    /// Quits a loop made by `startThread()` and waits for its thread to end. Called on the
    /// loop's own thread it only quits.
    public func stopThread() {
        quit()
        if isCurrentThread { return }
        let threads = self.threads.withLock { threads in
            defer { threads.removeAll() }
            return threads
        }
        for thread in threads { _ = g_thread_join(thread.typed(GThread.self)) }
    }
}
