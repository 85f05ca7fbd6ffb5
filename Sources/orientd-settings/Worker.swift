import CGtk
import GLibBridge

/// Work off GTK's thread: a GLib loop of its own runs each job in turn, and its result comes
/// back to GTK's thread. What may block (a call to an orientd that does not answer, a file
/// read) never holds the window.
final class Worker {
    let loop: MainLoop

    init(name: String) { loop = MainLoop.startThread(name: name) }

    /// Runs `work` on the worker's thread, then `done` with its result on GTK's thread.
    func run<Result>(_ work: @escaping () -> Result, done: @escaping (Result) -> Void) {
        loop.addIdle {
            let result = work()
            onGtkThread { done(result) }
        }
    }
}

/// A closure kept until GTK's thread runs it.
private final class GtkJob {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body` once on GTK's thread (the default main context), at `priority` (the default:
/// before redraws; `G_PRIORITY_DEFAULT_IDLE`: after them).
func onGtkThread(priority: Int32 = G_PRIORITY_DEFAULT, _ body: @escaping () -> Void) {
    let job = Unmanaged.passRetained(GtkJob(body)).toOpaque()
    _ = g_idle_add_full(priority, { data in
        Unmanaged<GtkJob>.fromOpaque(data!).takeRetainedValue().body()
        return 0
    }, job, nil)
}

/// Runs `body` once on GTK's thread after `milliseconds`, unless `cancel` was called.
final class GtkTimeout {
    private var id: guint = 0

    init(milliseconds: UInt32, _ body: @escaping () -> Void) {
        let job = Unmanaged.passRetained(GtkJob(body)).toOpaque()
        id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            Unmanaged<GtkJob>.fromOpaque(data!).takeUnretainedValue().body()
            return 0
        }, job, { data in Unmanaged<GtkJob>.fromOpaque(data!).release() })
    }

    /// Stops it from running (safe after it ran). On GTK's thread.
    func cancel() {
        if id != 0, g_main_context_find_source_by_id(nil, id) != nil { g_source_remove(id) }
        id = 0
    }
}

/// An object of GTK's thread named from another thread (a bus watch's callback) so that GTK's
/// thread can be asked to act on it: only `open`, in a callback GTK's main context runs, turns
/// it back into the object. It does not keep the object alive (the window lives as long as the
/// app).
struct GtkThreadReference<Object: AnyObject>: @unchecked Sendable {
    /// The object's address, for a GLib callback's data.
    let pointer: UnsafeMutableRawPointer

    /// On GTK's thread.
    init(_ object: Object) { pointer = Unmanaged.passUnretained(object).toOpaque() }

    /// The object, in a callback on GTK's thread whose data is `pointer`.
    static func open(_ data: UnsafeMutableRawPointer?) -> Object { Unmanaged<Object>.fromOpaque(data!).takeUnretainedValue() }
}
