import CGio
import GLibBridge

/// Finds the desktop id whose entry's `StartupWMClass` names a `WM_CLASS` class, off the main
/// loop: the first lookup scans the `applications` folders (bounded, see
/// DesktopEntryClasses.swift) and a later one after a folder changed scans again, which may
/// take a while on a slow disk; the loop keeps answering meanwhile. One lookup at a time, in
/// the order asked; each answer comes back on the asking thread's loop.
final class X11WindowClassLookup {
    private let resolve: @Sendable (String) -> String?
    private let worker = WorkerThread(name: "orientd-wm-class")

    /// `resolve` runs on another thread; nil there means no entry claims the class.
    init(resolve: @escaping @Sendable (String) -> String?) {
        self.resolve = resolve
    }

    /// Looks `windowClass` up; `completion` runs on the calling thread's loop.
    func lookUp(_ windowClass: String, completion: @escaping (String?) -> Void) {
        let handOver = LoopHandOver(context: g_main_context_ref_thread_default())
        let done = Unchecked(completion)
        let resolve = resolve
        worker.run {
            let id = resolve(windowClass)
            handOver.run { done.value(id) }
            handOver.release()
        }
    }
}
