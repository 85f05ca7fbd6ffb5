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
