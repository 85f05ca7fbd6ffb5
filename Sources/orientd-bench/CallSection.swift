import GLibBridge
import OrientationWire

/// Sequential calls on one scene, each timed against the reference peer's same-shape call
/// and a Ping, interleaved (see `Comparison`): ratios to the peer (what GDBus itself costs
/// for that shape) and to Ping.
enum CallSection {
    static func run(_ target: BenchTarget, _ peer: ReferencePeer, _ options: BenchOptions, _ report: Report) throws {
        print("Calls: sequential, each against the reference peer's same-shape call and a Ping")
        let connection = try target.connect()
        defer { connection.close() }
        let owner = target.owner
        let scene = try connection.registerSceneWithTree(owner, appId: "bench.calls")
        // The peer answers the scene's calls at the same path, with the same interface and
        // member names (messages of the same size), and Explain and GetControllers with
        // copies of orientd's own replies.
        try connection.peer(peer, "ExportScene", [Variant(objectPath: scene)])
        try connection.peer(peer, "SetExplain", [try connection.scene(owner, scene, .explain).child(at: 0)])
        try connection.peer(peer, "SetControllers", [try connection.scene(owner, scene, .getControllers).child(at: 0)])
        func compare(_ orientd: () throws(DBusError) -> Void, _ reference: () throws(DBusError) -> Void) throws(DBusError) -> Comparison {
            try Comparison.measure(connection, ping: owner, rounds: options.rounds,
                                   perRound: max(1, options.sequentialCalls / options.rounds),
                                   orientd: orientd, reference: reference)
        }

        let floor = try compare({ () throws(DBusError) in try connection.peer(peer, "Noop") },
                                { () throws(DBusError) in try connection.peer(peer, "String") })
        report.spread("peer.noop", "reference peer: a C GDBus method with no work / Ping", floor.pingRatio, "×")
        report.spread("peer.string", "reference peer: a C GDBus method returning a string / Ping", floor.peerPingRatio, "×")

        let update = try compare({ () throws(DBusError) in try connection.scene(owner, scene, .updateOrientation) },
                                 { () throws(DBusError) in try connection.scene(peer.owner, scene, .updateOrientation) })
        row(report, "update", "UpdateOrientation (nothing to do)", "string reply", update)
        report.spread("update.ping", "UpdateOrientation / Ping", update.pingRatio, "×")
        report.info("update.cpu", "orientd CPU per UpdateOrientation", try cpuPerCall(target.usage, options) { () throws(DBusError) in
            try connection.scene(owner, scene, .updateOrientation)
        }, "µs")

        let turns = RequestTurns(connection, scene: scene, owner: owner, peerOwner: peer.owner)
        let request = try compare(turns.orientd, turns.peer)
        row(report, "request", "RequestOrientation rotating (OrientationChanged + PropertiesChanged)",
            "rotation emitting the same two signals", request)
        report.spread("request.ping", "RequestOrientation / Ping", request.pingRatio, "×")
        let requestCPU = try CPUComparison.measure(
            rounds: CPUComparison.rounds, perRound: max(1, options.sequentialCalls / CPUComparison.rounds),
            orientdUsage: target.usage, peerUsage: ProcessUsage(pid: peer.process.pid),
            orientd: turns.orientd, reference: turns.peer)
        report.spread("request.cpu", "orientd CPU per RequestOrientation", requestCPU.orientd, "µs")
        report.spread("request.cpu.peer", "the reference peer's CPU per RequestOrientation", requestCPU.peer, "µs")
        report.spread("request.cpu.ratio", "CPU per RequestOrientation, orientd / the reference peer (every thread of each)",
                      requestCPU.ratio, "×", atMost: 1.05)
        report.spread("request.cpu.calls.ratio", "the same on the threads that run the calls (all but GDBus's worker)",
                      requestCPU.callThreadsRatio, "×")
        report.spread("request.cpu.worker.ratio", "the same on GDBus's worker thread alone (the same GLib code in both)",
                      requestCPU.workerRatio, "×")

        let explain = try compare({ () throws(DBusError) in try connection.scene(owner, scene, .explain) },
                                  { () throws(DBusError) in try connection.scene(peer.owner, scene, .explain) })
        row(report, "explain", "Explain", "Explain-sized reply", explain)
        report.spread("explain.ping", "Explain / Ping", explain.pingRatio, "×")
        report.info("explain.cpu", "orientd CPU per Explain", try cpuPerCall(target.usage, options) { () throws(DBusError) in
            try connection.scene(owner, scene, .explain)
        }, "µs")

        let controllers = try compare({ () throws(DBusError) in try connection.scene(owner, scene, .getControllers) },
                                      { () throws(DBusError) in try connection.scene(peer.owner, scene, .getControllers) })
        row(report, "controllers", "GetControllers (a navigation controller and a view)", "GetControllers-sized reply", controllers)

        let get = try compare({ () throws(DBusError) in
            try connection.getProperty(owner, Names.managerPath, Names.manager, "Version")
        }, { () throws(DBusError) in
            try connection.getProperty(peer.owner, Names.managerPath, Names.manager, "Version")
        })
        row(report, "get", "Properties.Get Version", "Properties.Get of a u", get)

        try LoadedCalls.run(connection, scene: scene, target: target, peer: peer, options: options, report: report)

        try connection.manager(owner, .unregisterScene, [Variant(objectPath: scene)])
        try target.checkAlive()
        try peer.checkAlive()
    }

    /// The rows of one comparison: orientd's time, the peer's, and their ratio (≤ 1.0: no call
    /// costs more than the least a C service does for the same shape).
    static func row(_ report: Report, _ key: String, _ call: String, _ peerShape: String, _ comparison: Comparison) {
        report.spread("\(key).call", "\(call), orientd", comparison.call, "µs")
        report.spread("\(key).peer", "\(call): the reference peer's \(peerShape)", comparison.peer, "µs")
        report.spread("\(key).ratio", "\(call) / the peer's same-shape call", comparison.peerRatio, "×", atMost: 1.0)
    }

    /// A process's CPU time (every thread) per call, µs, over as many calls as the timed run.
    static func cpuPerCall(_ usage: ProcessUsage, _ options: BenchOptions,
                           _ call: () throws(DBusError) -> Void) throws -> Double {
        let before = try usage.cpuNanoseconds()
        for _ in 0..<options.sequentialCalls { try call() }
        let after = try usage.cpuNanoseconds()
        return Double(after - before) / Double(options.sequentialCalls) / 1000
    }
}
