import CGio
import GLibBridge

/// orientd asks for its well-known name once its parts have their first answers, so that the
/// first call — the `orientctl status` that started it by D-Bus activation — reads a state that
/// is already true: the sensor there or known absent, the compositor's panel and window list
/// found or known absent. Bounded: whatever has not answered within `bound` milliseconds
/// (a compositor that never answers) is said as "starting" by its part, and the name is asked
/// for then.
///
/// Lives on the main loop thread.
final class StartupGate {
    /// What orientd waits for, in the words `status` and the log use.
    enum Part: String, CaseIterable {
        case sensor = "the sensor's first answer"
        case output = "the compositor's panel"
        case windows = "the compositor's window list"
    }

    /// The bound: the longest D-Bus activation waits for a part that does not answer.
    static let bound: UInt32 = 1_000

    private(set) var waiting: Set<Part> = Set(Part.allCases)
    private var open: (() -> Void)?
    private var timer: SourceHandle?
    private let log: Log
    private let started = g_get_monotonic_time()

    /// `open` runs once: when every part answered, or after `bound` milliseconds with the
    /// parts still waiting (`timedOut` hears them first).
    init(loop: MainLoop, log: Log, bound: UInt32 = StartupGate.bound,
         timedOut: @escaping (Set<Part>) -> Void, open: @escaping () -> Void) {
        self.log = log
        self.open = open
        timer = loop.addTimeout(milliseconds: bound) { [weak self] in
            guard let self, self.open != nil else { return }
            self.timer = nil
            let parts = Part.allCases.filter(self.waiting.contains).map(\.rawValue)
            self.log.info("starting: still waiting for \(parts.joined(separator: ", ")) after \(bound) ms; serving now, and the status says so until it comes")
            timedOut(self.waiting)
            self.finish()
        }
    }

    /// Whether the name has been asked for.
    var isOpen: Bool { open == nil }

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
    }
}
