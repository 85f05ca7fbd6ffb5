import CGio

/// Gives the heap back once a burst of large, short-lived allocations is over (an X11 event
/// flood, a compositor's huge window lists, many scenes made and dropped): glibc keeps freed
/// memory otherwise. `burst()` during the burst; the trims run `MemoryRelease.delayMilliseconds`
/// after its last call, and again a second later (GDBus frees its copies on its own thread).
final class HeapTrimSchedule {
    private var timer: guint = 0

    init() {}

    deinit { cancel() }

    /// Large memory was (or is about to be) freed: trim once it is quiet.
    func burst() {
        cancel()
        timer = afterDelay(milliseconds: MemoryRelease.delayMilliseconds) { [weak self] in
            MemoryRelease.trim()
            self?.timer = afterDelay(milliseconds: 1_000) { [weak self] in
                self?.timer = 0
                MemoryRelease.trim()
            }
        }
    }

    /// No trim to come.
    func cancel() {
        if timer != 0 { cancelDelay(timer) }
        timer = 0
    }
}
