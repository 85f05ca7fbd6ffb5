import CGio

/// A signal one thread gives and another waits for, counted (a signal given before the wait
/// is not lost): a `GAsyncQueue` of markers. In place of `DispatchSemaphore`, whose use links
/// libdispatch and its thread machinery into every program built on this module.
final class ThreadSignal: Sendable {
    /// Thread-safe; the signal holds the one reference.
    nonisolated(unsafe) private let queue: OpaquePointer

    init() { queue = g_async_queue_new() }

    deinit { g_async_queue_unref(queue) }

    /// Lets one `wait()` return (now, or when it comes).
    func signal() { g_async_queue_push(queue, ThreadSignal.marker) }

    /// Returns once a `signal()` was given that no earlier wait took.
    func wait() { _ = g_async_queue_pop(queue) }

    /// What the queue carries: any pointer but NULL, which GAsyncQueue refuses.
    nonisolated(unsafe) private static let marker = UnsafeMutableRawPointer(bitPattern: 1)!
}
