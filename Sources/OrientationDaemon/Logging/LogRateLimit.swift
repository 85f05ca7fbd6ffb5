import Synchronization

/// Folds repeated log lines: at most `burst` lines from one place in the code (file and
/// line) per `window`; the rest are counted, and the next line written after the window says
/// how many lines of that place were left out. A flood of calls (9,106 `Reload`s in 5 s) or
/// a file of 50,000 bad lines then costs a few dozen log lines, not one per event. The clock
/// is given (monotonic microseconds), so the rule is tested without waiting.
final class LogRateLimit: Sendable {
    static let burst = 20
    static let windowMicroseconds: Int64 = 10_000_000

    private struct Place {
        var windowStart: Int64
        var written = 0
        var suppressed = 0
    }

    private struct State {
        var places: [String: Place] = [:]
        /// Places with lines left out, not yet reported.
        var pending: Set<String> = []
    }

    private let state = Mutex(State())

    /// Whether a line from `place` is written now; `notes` are the lines to write first,
    /// about places whose window ended with lines left out.
    func admit(_ place: String, now: Int64) -> (write: Bool, notes: [String]) {
        state.withLock { state in admit(place, now: now, &state.places, &state.pending) }
    }

    private func admit(_ place: String, now: Int64, _ places: inout [String: Place], _ pending: inout Set<String>) -> (write: Bool, notes: [String]) {
        var notes: [String] = []
        for other in pending {
            guard var entry = places[other], now - entry.windowStart >= Self.windowMicroseconds else { continue }
            notes.append(note(other, entry.suppressed))
            entry.suppressed = 0
            places[other] = entry
            pending.remove(other)
        }
        var entry = places[place] ?? Place(windowStart: now)
        if now - entry.windowStart >= Self.windowMicroseconds {
            entry = Place(windowStart: now)
        }
        entry.written += 1
        let write = entry.written <= Self.burst
        if !write {
            entry.suppressed += 1
            pending.insert(place)
        }
        places[place] = entry
        return (write, notes)
    }

    /// The notes of every place with lines left out (at exit: nothing goes unsaid).
    func flush() -> [String] {
        state.withLock { state in
            let notes = state.pending.sorted().compactMap { place in state.places[place].map { note(place, $0.suppressed) } }
            for place in state.pending { state.places[place]?.suppressed = 0 }
            state.pending.removeAll()
            return notes
        }
    }

    private func note(_ place: String, _ count: Int) -> String {
        "… \(count) similar message\(count == 1 ? "" : "s") from \(place) left out (at most \(Self.burst) every \(Self.windowMicroseconds / 1_000_000) s)"
    }
}
