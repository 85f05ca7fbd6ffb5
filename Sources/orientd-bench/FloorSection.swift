import GLibBridge

/// What the bus itself costs: Peer.Ping to orientd (answered by GDBus in orientd's worker
/// thread, without its main loop), one at a time and pipelined.
struct Floor {
    /// One sequential round trip, µs (median).
    var sequential: Double
    /// One pipelined call, µs (total time / calls).
    var pipelined: Double
}

enum FloorSection {
    static func run(_ target: BenchTarget, _ options: BenchOptions, _ report: Report) throws -> Floor {
        print("Floor: Peer.Ping to orientd")
        let connection = try target.connect()
        defer { connection.close() }
        for _ in 0..<100 { try connection.ping(target.owner) }
        var samples: [Double] = []
        for _ in 0..<options.sequentialCalls {
            samples.append(try measure { () throws(DBusError) in try connection.ping(target.owner) }.microseconds)
        }
        let sequential = median(samples)
        report.info("ping.seq", "Peer.Ping round trip, sequential (median of \(options.sequentialCalls))",
                    sequential, "µs", note: "floor")
        report.info("ping.cpu", "orientd CPU per Ping", try CallSection.cpuPerCall(target.usage, options) { () throws(DBusError) in
            try connection.ping(target.owner)
        }, "µs")

        let client = try target.connectWithLoop("bench-ping")
        defer { client.close() }
        _ = try pipelinedPings(client.connection, on: client.loop, to: target.owner, count: options.window * 2, window: options.window)
        let elapsed = try pipelinedPings(client.connection, on: client.loop, to: target.owner, count: options.pipelinedCalls, window: options.window)
        let pipelined = elapsed.microseconds / Double(options.pipelinedCalls)
        report.info("ping.pipelined", "Peer.Ping pipelined, \(options.window) in flight (\(options.pipelinedCalls) calls), per call",
                    pipelined, "µs", note: "floor")
        return Floor(sequential: sequential, pipelined: pipelined)
    }
}
