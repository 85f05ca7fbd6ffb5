import GLibBridge

/// One call shape timed three ways, interleaved sample by sample on one connection: a Ping to
/// orientd, orientd's call and the reference peer's same-shape call (the two calls in
/// alternating order), so that a busy machine moves all three alike. Each round gives its
/// medians; a figure is the median over rounds, with the rounds' min and max beside it.
struct Comparison {
    struct Round {
        var ping: Double
        var call: Double
        var peer: Double
    }

    var rounds: [Round]

    var call: Spread { Spread(rounds.map(\.call)) }
    var peer: Spread { Spread(rounds.map(\.peer)) }
    var ping: Spread { Spread(rounds.map(\.ping)) }
    /// orientd's call / the peer's same-shape call, per round.
    var peerRatio: Spread { Spread(rounds.map { $0.call / $0.peer }) }
    /// orientd's call / Ping, per round.
    var pingRatio: Spread { Spread(rounds.map { $0.call / $0.ping }) }
    /// The peer's call / Ping, per round: what GDBus alone costs for this shape.
    var peerPingRatio: Spread { Spread(rounds.map { $0.peer / $0.ping }) }

    /// Times `rounds` rounds of `perRound` samples, after a warm-up of a tenth as many.
    static func measure(_ connection: BusConnection, ping peer: String, rounds: Int, perRound: Int,
                        orientd: () throws(DBusError) -> Void,
                        reference: () throws(DBusError) -> Void) throws(DBusError) -> Comparison {
        for _ in 0..<max(5, perRound * rounds / 10) {
            try connection.ping(peer)
            try orientd()
            try reference()
        }
        var result: [Round] = []
        var pings: [Double] = []
        var calls: [Double] = []
        var peers: [Double] = []
        for _ in 0..<rounds {
            pings.removeAll(keepingCapacity: true)
            calls.removeAll(keepingCapacity: true)
            peers.removeAll(keepingCapacity: true)
            for sample in 0..<perRound {
                pings.append(try timed { () throws(DBusError) in try connection.ping(peer) }.microseconds)
                if sample % 2 == 0 {
                    calls.append(try timed(orientd).microseconds)
                    peers.append(try timed(reference).microseconds)
                } else {
                    peers.append(try timed(reference).microseconds)
                    calls.append(try timed(orientd).microseconds)
                }
            }
            result.append(Round(ping: median(pings), call: median(calls), peer: median(peers)))
        }
        return Comparison(rounds: result)
    }
}

/// A figure over several rounds: its median, min and max.
struct Spread {
    var values: [Double]
    init(_ values: [Double]) { self.values = values }

    var median: Double { TimingMedian.of(values) }
    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }

    /// "median of 5 rounds, min 1.01, max 1.07" (with `unit` after each number when given).
    func describe(_ unit: String = "") -> String {
        let suffix = unit.isEmpty ? "" : " \(unit)"
        return "median of \(values.count) rounds; min \(format(min, decimals: decimals))\(suffix), max \(format(max, decimals: decimals))\(suffix)"
    }

    private var decimals: Int? { max < 10 ? 3 : nil }
}

/// `median` under a name a `Spread` property does not shadow.
enum TimingMedian {
    static func of(_ values: [Double]) -> Double { median(values) }
}

/// How long `body` takes (`measure` under a name `Comparison.measure` does not shadow).
func timed<E: Error>(_ body: () throws(E) -> Void) throws(E) -> Duration { try measure(body) }

extension Report {
    /// A figure measured over rounds that must be at most `limit` on its median; the rounds'
    /// spread goes in the figure's text.
    func spread(_ key: String, _ figure: String, _ spread: Spread, _ unit: String, atMost limit: Double) {
        atMost(key, Self.withSpread(figure, spread, unit), spread.median, unit, limit)
    }

    /// The figure's text with the rounds' spread after it (min and max in `unit`, a ratio bare).
    private static func withSpread(_ figure: String, _ spread: Spread, _ unit: String) -> String {
        "\(figure) (\(spread.describe(unit == "×" ? "" : unit)))"
    }

    /// A figure measured over rounds, with no target.
    func spread(_ key: String, _ figure: String, _ spread: Spread, _ unit: String) {
        info(key, Self.withSpread(figure, spread, unit), spread.median, unit)
    }
}
