import GLibBridge

/// CPU time per call of orientd and of the reference peer for the same-shape call, measured
/// in rounds that alternate which goes first (as `Comparison` does for time), so a machine
/// whose load moves between rounds moves both alike. CPU per call moves less with the
/// machine's load than the time does: work added to a call's path (a dearer snapshot, a log
/// line, a signal built per call) shows in the ratio even where the time hides it.
struct CPUComparison {
    /// µs per call, round by round.
    var orientd: Spread
    var peer: Spread
    /// How many rounds the calls are split into. Five rounds of 400 calls, as the time rows
    /// take, left the median at the mercy of a single slow stretch: on a 2-core VM the
    /// rounds' ratios spread 1.0-1.6 and the row read 1.06-1.37 from one run to the next for
    /// the same build. Twenty rounds of 100 put more rounds on each side of a slow stretch:
    /// three runs of the same build read 1.13-1.18.
    static let rounds = 20

    /// orientd / the peer, round by round.
    var ratio: Spread
    /// The same on the threads that run the calls (all but GDBus's worker), and on GDBus's
    /// worker thread alone (the same GLib code in both: a ratio above 1 there is not orientd's
    /// own code but what its process makes that code cost).
    var callThreadsRatio: Spread
    var workerRatio: Spread

    static func measure(rounds: Int, perRound: Int, orientdUsage: ProcessUsage, peerUsage: ProcessUsage,
                        orientd orientdCall: () throws(DBusError) -> Void,
                        reference peerCall: () throws(DBusError) -> Void) throws -> CPUComparison {
        func round(_ usage: ProcessUsage, _ call: () throws(DBusError) -> Void) throws -> ThreadCPU {
            let before = try usage.cpuNanosecondsByThread()
            for _ in 0..<perRound { try call() }
            return try usage.cpuNanosecondsByThread() - before
        }
        var orientd: [ThreadCPU] = [], peer: [ThreadCPU] = []
        for index in 0..<rounds {
            if index % 2 == 0 {
                orientd.append(try round(orientdUsage, orientdCall))
                peer.append(try round(peerUsage, peerCall))
            } else {
                peer.append(try round(peerUsage, peerCall))
                orientd.append(try round(orientdUsage, orientdCall))
            }
        }
        func microsecondsPerCall(_ rounds: [ThreadCPU]) -> [Double] { rounds.map { Double($0.total) / Double(perRound) / 1000 } }
        func ratios(_ part: (ThreadCPU) -> Int) -> Spread {
            Spread(zip(orientd, peer).map { Double(part($0)) / Double(max(part($1), 1)) })
        }
        return CPUComparison(orientd: Spread(microsecondsPerCall(orientd)), peer: Spread(microsecondsPerCall(peer)),
                             ratio: ratios(\.total), callThreadsRatio: ratios(\.rest), workerRatio: ratios(\.worker))
    }
}
