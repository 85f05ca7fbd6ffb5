import CGio
import GLibBridge
import Glibc

/// Gives memory back to the system after large, short-lived allocations: a
/// `GetManagedObjects` reply of thousands of scenes (a few MB serialized, a GVariant node
/// per value while it is built) and the scenes of a client that left.
///
/// Without this, glibc keeps freed heap memory for reuse and GSlice (GLib before 2.76)
/// keeps freed GVariant nodes in its own magazines: one listing of 10,000 scenes left
/// orientd at ~117 MiB for good, where it needs ~32 MiB.
public final class MemoryRelease {
    /// How much large work (scenes listed or dropped) may pile up before a trim is scheduled.
    public static let threshold = 1_000
    /// How long after the large work the trim runs.
    public static let delayMilliseconds: UInt32 = 250

    private let loop: MainLoop
    private var pending = 0
    private var scheduled: SourceHandle?
    /// When the burst's first work was noted (GLib's monotonic clock, µs).
    private var firstPending: Int64 = 0
    /// When the trim after a burst runs again: part of the burst's memory is freed only after
    /// it (10,000 scenes dropped: the first trim gave back ~2 MiB of ~11, the one a second
    /// later the rest), by GDBus's worker thread once the burst's signals and replies are
    /// written, and by GDBus's own sources; on a loaded machine later still. Three more
    /// wake-ups after a large burst, none otherwise.
    public static let followUpMilliseconds: ArraySlice<UInt32> = [1_000, 4_000, 12_000]
    private let followUps: ArraySlice<UInt32>
    private var followUp: SourceHandle?
    /// The longest a trim waits for a burst of work to end (2 s). GLib's clock, not Swift's
    /// `ContinuousClock`: that one is in Swift's concurrency module, whose use links its
    /// runtime and libdispatch into orientd (~730 KB, ~90 KiB of its pages dirty in every orientd).
    static let longestPostponementMicroseconds: Int64 = 2_000_000
    /// How many trims have run (for the logs and tests).
    public private(set) var trims = 0

    private let trimHeap: () -> Void
    /// Whether a trim is still to come.
    public var isWaiting: Bool { scheduled != nil || followUp != nil }

    /// `trim` gives the memory back (`MemoryRelease.trim`; tests count the calls), and runs
    /// again after each of `followUps` once a burst is over.
    public init(
        loop: MainLoop, followUps: ArraySlice<UInt32> = MemoryRelease.followUpMilliseconds,
        trim: @escaping () -> Void = MemoryRelease.trim
    ) {
        self.loop = loop
        self.followUps = followUps
        trimHeap = trim
    }

    /// Notes `weight` scenes' worth of memory freed (or about to be, once the current call's
    /// reply is sent); past `threshold`, trims `delayMilliseconds` later, once the call's
    /// values and GDBus's own copies have been released (one trim for a burst of work, then
    /// the follow-ups).
    public func released(_ weight: Int) {
        pending += weight
        guard pending >= Self.threshold else { return }
        // A burst (clients leaving one after another, each dropping its scenes) trims
        // `delayMilliseconds` after its last step: each step re-arms the timer, up to
        // `longestPostponementMicroseconds` after the first, and cancels an earlier burst's follow-ups.
        let now = Int64(g_get_monotonic_time())
        if let scheduled {
            guard now < firstPending + Self.longestPostponementMicroseconds else { return }
            scheduled.cancel()
        } else {
            firstPending = now
        }
        // Shortly after, not at once: GDBus frees an unregistered object's data, and a sent
        // reply's message, from sources of its own that run after the current call.
        followUp?.cancel()
        followUp = nil
        scheduled = loop.addTimeout(milliseconds: Self.delayMilliseconds) { [self] in
            scheduled = nil
            pending = 0
            trimNow(thenAfter: followUps)
        }
    }

    /// Trims, then again after each delay in `later` (unless a new burst starts first).
    private func trimNow(thenAfter later: ArraySlice<UInt32>) {
        trims += 1
        trimHeap()
        guard let next = later.first else { return }
        followUp = loop.addTimeout(milliseconds: next) { [self] in
            followUp = nil
            trimNow(thenAfter: later.dropFirst())
        }
    }

    /// Returns free heap memory of every arena to the system (`malloc_trim`).
    public static func trim() { _ = malloc_trim(0) }

    /// Call first in `main`, before GLib allocates anything that matters.
    ///
    /// - GLib before 2.76 allocates GVariant nodes and much of GDBus from GSlice, which
    ///   reads `G_SLICE` once, in GLib's constructor, before `main` runs; so when it is not
    ///   set, orientd sets `G_SLICE=always-malloc` and executes itself again (same process
    ///   id, same arguments). A `G_SLICE` already set (such as `debug-blocks`) is kept.
    ///   It executes the file `/proc/self/exe` points to, not the link: the kernel names a
    ///   process after the file it executes, and "exe" would hide orientd from `pgrep`,
    ///   `ps -C`, `top` and the journal's `_COMM`.
    /// - A fixed mmap threshold: a block of 256 KiB or more (a large reply's serialized
    ///   message) is mapped on its own and unmapped when freed; glibc's default would raise
    ///   the threshold after the first such free and keep later ones in the heap.
    /// - One malloc arena for every thread: GDBus's worker thread reads each call into
    ///   memory the main thread frees, and with an arena of its own kept ~100 KiB of pages
    ///   dirty after 100 scenes were registered (the arena lock is held for a malloc's
    ///   length; two threads that mostly take turns rarely wait on it).
    public static func configureProcess() {
        if glib_check_version(2, 76, 0) != nil, getenv("G_SLICE") == nil {
            setenv("G_SLICE", "always-malloc", 1)
            // A binary replaced on disk since it started reads "… (deleted)": the link still runs it.
            if let file = ExecutableFile.current?.link { execv(file, CommandLine.unsafeArgv) }
            execv("/proc/self/exe", CommandLine.unsafeArgv)
            // Still here: the re-execution failed; run with GSlice rather than not at all.
        }
        _ = mallopt(M_MMAP_THRESHOLD, 256 * 1024)
        _ = mallopt(M_ARENA_MAX, 1)
    }
}
