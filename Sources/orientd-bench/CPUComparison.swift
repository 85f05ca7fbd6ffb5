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

    static func measure(rounds: Int, perRound: Int, orientdUsage: ProcessUsage, peerUsage: ProcessUsage,
                        orientd orientdCall: () throws(DBusError) -> Void,
                        reference peerCall: () throws(DBusError) -> Void) throws -> CPUComparison {
        func perCall(_ usage: ProcessUsage, _ call: () throws(DBusError) -> Void) throws -> Double {
            let before = try usage.cpuNanoseconds()
            for _ in 0..<perRound { try call() }
            return Double(try usage.cpuNanoseconds() - before) / Double(perRound) / 1000
        }
        var orientd: [Double] = [], peer: [Double] = []
        for round in 0..<rounds {
            if round % 2 == 0 {
                orientd.append(try perCall(orientdUsage, orientdCall))
                peer.append(try perCall(peerUsage, peerCall))
            } else {
                peer.append(try perCall(peerUsage, peerCall))
                orientd.append(try perCall(orientdUsage, orientdCall))
            }
        }
        let ratios = zip(orientd, peer).map { $0 / max($1, 0.001) }
        return CPUComparison(orientd: Spread(orientd), peer: Spread(peer), ratio: Spread(ratios))
    }
}
