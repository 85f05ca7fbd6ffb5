import GLibBridge
import OrientationWire
import ProcessSupport

/// The calls again with two busy loops beside them, as on CI's loaded 2-core machine: a
/// call of orientd's may not suffer more from a busy CPU than the reference peer's (more
/// thread hand-offs or wake-ups per call would show here first). Each comparison is
/// interleaved as the quiet ones are, so both services meet the same load.
enum LoadedCalls {
    /// Busy loops started beside the comparisons (one per core of the 2-core machines the
    /// targets are set on).
    static let busyLoops = 2

    static func run(_ connection: BusConnection, scene: String, target: BenchTarget, peer: ReferencePeer,
                    options: BenchOptions, report: Report) throws {
        print("Calls under load: the same comparisons with \(busyLoops) busy loops running")
        let owner = target.owner
        let loops = try (0..<busyLoops).map { _ in try ChildProcess(["/bin/sh", "-c", "while :; do :; done"]) }
        defer { for loop in loops { _ = loop.stop(timeout: .seconds(5)) } }
        func compare(_ orientd: () throws(DBusError) -> Void, _ reference: () throws(DBusError) -> Void) throws(DBusError) -> Comparison {
            try Comparison.measure(connection, ping: owner, rounds: options.rounds,
                                   perRound: max(1, options.sequentialCalls / options.rounds),
                                   orientd: orientd, reference: reference)
        }
        let update = try compare({ () throws(DBusError) in try connection.scene(owner, scene, .updateOrientation) },
                                 { () throws(DBusError) in try connection.scene(peer.owner, scene, .updateOrientation) })
        row(report, "update", "UpdateOrientation (nothing to do)", update)

        let turns = RequestTurns(connection, scene: scene, owner: owner, peerOwner: peer.owner)
        let request = try compare(turns.orientd, turns.peer)
        row(report, "request", "RequestOrientation rotating", request)

        let get = try compare({ () throws(DBusError) in
            try connection.getProperty(owner, Names.managerPath, Names.manager, "Version")
        }, { () throws(DBusError) in
            try connection.getProperty(peer.owner, Names.managerPath, Names.manager, "Version")
        })
        row(report, "get", "Properties.Get Version", get)
    }

    /// The rows of one loaded comparison, `KEY.loaded.*`.
    static func row(_ report: Report, _ key: String, _ call: String, _ comparison: Comparison) {
        let words = "\(call), \(busyLoops) busy loops beside"
        report.spread("\(key).loaded.call", "\(words): orientd", comparison.call, "µs")
        report.spread("\(key).loaded.peer", "\(words): the reference peer", comparison.peer, "µs")
        report.spread("\(key).loaded.ratio", "\(words): orientd / the peer's same-shape call", comparison.peerRatio, "×", atMost: 1.0)
    }
}
