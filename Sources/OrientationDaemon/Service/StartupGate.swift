import CGio
import GLibBridge
import OrientationCore

/// orientd asks for its well-known name at once, and holds the calls it gets until its parts
/// have their first answers, so that the first call — the `orientctl status` that started it
/// by D-Bus activation — reads a state that is already true: the sensor there or known absent,
/// the compositor's panel and window list found or known absent. Bounded: whatever has not
/// answered within `bound` milliseconds (a compositor that never answers) is said as
/// "starting" by its part, and the calls run then.
///
/// Holding the calls rather than the name keeps that promise while the bus's round trip for the
/// name overlaps the parts' first walks (BENCHMARKS.md: the start-up row).
///
/// Lives on the main loop thread.
final class StartupGate {
    /// What orientd waits for, in the words `status` and the log use.
    enum Part: String, CaseIterable {
        case sensor = "the sensor's first answer"
        case output = "the compositor's panel"
        case windows = "the compositor's window list"
    }

    /// The bound: the longest a call waits for a part that does not answer.
    static let bound: UInt32 = 1_000
    /// The most calls held (all callers together); more are refused with `LimitExceeded`.
    static let heldLimit = 1_024

    private(set) var waiting: Set<Part> = Set(Part.allCases)
    private var open: (() -> Void)?
    /// What runs once the gate opens, in order: the held calls, and the service's own work
    /// (no call: never refused).
    private var held: [(call: MethodInvocation?, run: () -> Void)] = []
    private let heldLimit: Int
    private var timer: SourceHandle?
    private let log: Log
    private let started = g_get_monotonic_time()

    /// `open` runs once: when every part answered, or after `bound` milliseconds with the
    /// parts still waiting (`timedOut` hears them first); the held calls run after it.
    init(loop: MainLoop, log: Log, bound: UInt32 = StartupGate.bound, heldLimit: Int = StartupGate.heldLimit,
         timedOut: @escaping (Set<Part>) -> Void, open: @escaping () -> Void) {
        self.log = log
        self.open = open
        self.heldLimit = heldLimit
        timer = loop.addTimeout(milliseconds: bound) { [weak self] in
            guard let self, self.open != nil else { return }
            self.timer = nil
            let parts = Part.allCases.filter(self.waiting.contains).map(\.rawValue)
            self.log.info("starting: still waiting for \(parts.joined(separator: ", ")) after \(bound) ms; serving now, and the status says so until it comes")
            timedOut(self.waiting)
            self.finish()
        }
    }

    /// Whether calls run (the parts answered, or the bound passed).
    var isOpen: Bool { open == nil }

    /// How many calls wait.
    var heldCount: Int { held.count(where: { $0.call != nil }) }

    /// Runs `run` for `call` once the gate is open, in the order held (at once when it is).
    func hold(_ call: MethodInvocation, _ run: @escaping () -> Void) {
        guard !isOpen else { return run() }
        guard heldCount < heldLimit else {
            let error = OrientationError.limitExceeded("orientd is starting and holds \(heldCount) calls until its first answers; the limit is \(heldLimit) (wait for replies before sending more)")
            return call.returnError(name: error.name, message: error.message)
        }
        held.append((call, run))
    }

    /// Runs `work` once the gate is open (at once when it is).
    func afterOpening(_ work: @escaping () -> Void) {
        if isOpen { work() } else { held.append((nil, work)) }
    }

    /// Answers the held calls with an error (orientd ends before it served them).
    func refuseHeld(because reason: String) {
        let calls = held
        held = []
        for case (let call?, _) in calls { call.returnError(name: DBusError.failed, message: reason) }
    }

    /// `part` has its first answer (said again later: nothing), or, `false`, waits again for
    /// one (the sensor, claimed after it said it was there: its first reading).
    func answered(_ part: Part, _ answered: Bool = true) {
        guard open != nil else { return }
        guard answered else {
            waiting.insert(part)
            return
        }
        guard waiting.remove(part) != nil, waiting.isEmpty else { return }
        log.debug("starting: first answers in after \((g_get_monotonic_time() - started) / 1_000) ms")
        finish()
    }

    private func finish() {
        timer?.cancel()
        timer = nil
        let open = self.open
        self.open = nil
        open?()
        let calls = held
        held = []
        for (_, run) in calls { run() }
    }
}
