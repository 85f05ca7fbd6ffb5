import GLibBridge

/// Sequential calls on one scene, each timed back to back with a Ping so both see the same
/// load; the ratio is median(call) / median(Ping).
enum CallSection {
    struct Measured {
        var call: Double
        var ping: Double
        var ratio: Double { call / ping }
    }

    static func run(_ target: BenchTarget, _ options: BenchOptions, _ report: Report) throws {
        print("Calls: sequential, each as a ratio to one Ping")
        let connection = try target.connect()
        defer { connection.close() }
        let peer = target.owner
        let scene = try connection.registerSceneWithTree(peer, appId: "bench.calls")

        let update = try paired(connection, peer, options.sequentialCalls) { () throws(DBusError) in
            try connection.scene(peer, scene, "UpdateOrientation")
        }
        report.info("update.call", "UpdateOrientation (nothing to do), median", update.call, "µs")
        report.atMost("update.ratio", "UpdateOrientation / Ping", update.ratio, "×", 1.25)
        report.info("update.cpu", "orientd CPU per UpdateOrientation", try cpuPerCall(target, options) { () throws(DBusError) in
            try connection.scene(peer, scene, "UpdateOrientation")
        }, "µs")

        let explain = try paired(connection, peer, options.sequentialCalls) { () throws(DBusError) in
            try connection.scene(peer, scene, "Explain")
        }
        report.info("explain.call", "Explain, median", explain.call, "µs")
        report.atMost("explain.ratio", "Explain / Ping", explain.ratio, "×", 1.25)
        report.info("explain.cpu", "orientd CPU per Explain", try cpuPerCall(target, options) { () throws(DBusError) in
            try connection.scene(peer, scene, "Explain")
        }, "µs")

        var turn = 0
        let orientations = ["landscape-right", "portrait"]
        let request = try paired(connection, peer, options.sequentialCalls) { () throws(DBusError) in
            turn += 1
            let reply = try connection.scene(peer, scene, "RequestOrientation", [Variant(string: orientations[turn % 2])])
            precondition(reply.child(at: 0).string == orientations[turn % 2], "RequestOrientation did not rotate")
        }
        report.info("request.call", "RequestOrientation rotating (OrientationChanged + PropertiesChanged), median",
                    request.call, "µs")
        report.atMost("request.ratio", "RequestOrientation / Ping", request.ratio, "×", 2.0)
        report.info("request.cpu", "orientd CPU per RequestOrientation", try cpuPerCall(target, options) { () throws(DBusError) in
            turn += 1
            try connection.scene(peer, scene, "RequestOrientation", [Variant(string: orientations[turn % 2])])
        }, "µs")

        try connection.manager(peer, "UnregisterScene", [Variant(objectPath: scene)])
    }

    /// orientd's CPU time (every thread) per call, µs, over as many calls as the timed run.
    static func cpuPerCall(_ target: BenchTarget, _ options: BenchOptions,
                           _ call: () throws(DBusError) -> Void) throws -> Double {
        let before = try target.usage.cpuNanoseconds()
        for _ in 0..<options.sequentialCalls { try call() }
        let after = try target.usage.cpuNanoseconds()
        return Double(after - before) / Double(options.sequentialCalls) / 1000
    }

    /// Times `count` calls, each right after a Ping; after a warm-up of a tenth as many.
    static func paired(_ connection: BusConnection, _ peer: String, _ count: Int,
                       _ call: () throws(DBusError) -> Void) throws(DBusError) -> Measured {
        for _ in 0..<max(10, count / 10) {
            try connection.ping(peer)
            try call()
        }
        var pings: [Double] = []
        var calls: [Double] = []
        pings.reserveCapacity(count)
        calls.reserveCapacity(count)
        for _ in 0..<count {
            pings.append(try measure { () throws(DBusError) in try connection.ping(peer) }.microseconds)
            calls.append(try measure(call).microseconds)
        }
        return Measured(call: median(calls), ping: median(pings))
    }
}
