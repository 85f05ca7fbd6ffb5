import CGio
import Synchronization

/// One GLib thread that runs blocking jobs off the main loop, one at a time in the order given.
/// The thread starts with the first job and then waits on a `GAsyncQueue` (no wake-ups while
/// there is nothing to do); it ends once the worker is released. A service that needs a
/// blocking read now and then pays for one thread, where a global dispatch queue starts
/// several, each with a stack and a malloc arena of its own.
public final class WorkerThread: Sendable {
    private typealias Job = CallbackBox<@Sendable () -> Void>
    /// The queue the thread pops; it holds its own reference. A `GAsyncQueue` is thread-safe.
    nonisolated(unsafe) private let queue: OpaquePointer
    private let name: String
    private let started = Mutex(false)

    /// `name` is the thread's (as `ps -L` shows it).
    public init(name: String) {
        self.name = name
        queue = g_async_queue_new()
    }

    deinit {
        // The thread runs the jobs queued before the stop marker, then ends; a thread never
        // started has nothing to end.
        if started.withLock({ $0 }) { g_async_queue_push(queue, WorkerThread.stopMarker) }
        g_async_queue_unref(queue)
    }

    /// Runs `job` on the worker's thread, after the jobs given before it.
    public func run(_ job: @escaping @Sendable () -> Void) {
        let queue = self.queue
        started.withLock { started in
            if !started {
                started = true
                let thread = g_thread_new(name, { data in
                    let queue = OpaquePointer(data!)
                    while let item = g_async_queue_pop(queue), item != WorkerThread.stopMarker {
                        let job = Unmanaged<Job>.fromOpaque(item).takeRetainedValue()
                        job.value()
                    }
                    g_async_queue_unref(queue)
                    return nil
                }, UnsafeMutableRawPointer(g_async_queue_ref(queue)))
                g_thread_unref(thread)
            }
        }
        g_async_queue_push(queue, Job(job).retainedPointer())
    }

    /// The item that ends the thread (a `GAsyncQueue` takes no null).
    nonisolated(unsafe) private static let stopMarker = UnsafeMutableRawPointer(bitPattern: 1)!
}
