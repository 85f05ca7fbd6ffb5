import CGio

/// The pace at which a tracker's windows reach the core: each window becomes (or stops being)
/// an observed scene, with its signals, so a compositor listing thousands of new windows in a
/// loop would otherwise hold the main loop for seconds and flood the bus. What the tracker
/// reports is kept in a `WindowListDiff` (only each window's newest state waits; a window
/// that came and went meanwhile is never passed on) and passed on at most `batch` changes
/// per `intervalMilliseconds`; other calls are answered between two batches.
final class WindowReportPace {
    /// The most window changes passed on at once.
    static let batch = 64
    /// The time between two batches while changes wait.
    static let intervalMilliseconds: UInt32 = 50

    private var diff = WindowListDiff()
    private var timer: guint = 0
    /// Whether a full batch went out since the last trim: the burst's memory (its lists, the
    /// scenes that went) is given back once it is over.
    private var burst = false
    private let trim = HeapTrimSchedule()
    private let pass: (WindowTrackerEvent) -> Void

    /// `pass` gets the events at their pace, on the loop of the calling thread.
    init(pass: @escaping (WindowTrackerEvent) -> Void) { self.pass = pass }

    deinit { cancel() }

    /// A tracker's event: a window's change waits its turn; `.attached` passes at once;
    /// `.detached` drops what waits (the core forgets the tracker's windows) and passes.
    func take(_ event: WindowTrackerEvent) {
        switch event {
        case .window, .closed:
            diff.take(event)
            if timer == 0 && !diff.isSettled { timer = afterDelay(milliseconds: 0) { [weak self] in self?.release() } }
        case .attached:
            pass(event)
        case .detached:
            cancel()
            diff = WindowListDiff()
            pass(event)
        }
    }

    /// Stops passing anything on.
    func cancel() {
        if timer != 0 { cancelDelay(timer) }
        trim.cancel()
        timer = 0
    }

    /// Passes a batch on; after a full one the next waits `intervalMilliseconds` (changes
    /// made meanwhile wait with it).
    private func release() {
        timer = 0
        let events = diff.next(limit: Self.batch)
        for event in events { pass(event) }
        guard events.count == Self.batch else {
            if burst { trim.burst() }
            burst = false
            return
        }
        burst = true
        guard timer == 0 else { return }
        timer = afterDelay(milliseconds: Self.intervalMilliseconds) { [weak self] in self?.release() }
    }
}
