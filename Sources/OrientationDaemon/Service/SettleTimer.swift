import GLibBridge

/// The timer that tells the core time passed (`.tick`) when a pending device reading will have
/// held for the settle time (the core reads no clock: it says when, the shell keeps the time).
final class SettleTimer {
    let loop: MainLoop
    private var source: SourceHandle?
    /// The deadline the timer is armed for (monotonic microseconds).
    private var deadline: Int64?
    /// Called at the deadline (the service runs `.tick`).
    var fire: () -> Void = {}

    init(loop: MainLoop) { self.loop = loop }

    /// Arms the timer to call `fire` at `deadline` (the core's `tickDue`; nil: disarms it),
    /// unless it is armed for that deadline already.
    func schedule(_ deadline: Int64?) {
        guard deadline != self.deadline else { return }
        source?.cancel()
        source = nil
        self.deadline = deadline
        guard let deadline else { return }
        let delay = max(0, deadline - currentMoment().monotonic)
        source = loop.addTimeout(milliseconds: UInt32(min((delay + 999) / 1000, Int64(UInt32.max)))) { [weak self] in
            guard let self else { return }
            self.source = nil
            self.deadline = nil
            self.fire()
        }
    }
}
