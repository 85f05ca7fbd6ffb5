import GLibBridge
import OrientationWire

/// One SetDeviceOrientation with many scenes following the device: the time until the
/// client has every OrientationChanged, against as many pipelined Pings and against the
/// reference peer sending the same signals (`TurnScenes`), in the same rounds.
enum FanOutSection {
    /// Runs the section; returns the scenes' connections, which the idle run keeps open.
    static func run(_ target: BenchTarget, _ peer: ReferencePeer, _ options: BenchOptions, _ report: Report) throws -> SceneFlood {
        let scenes = options.fanOutScenes
        print("Fan-out: \(scenes) scenes on the built-in display")
        let owner = target.owner
        let flood = try SceneFlood(target, scenes: scenes, perConnection: scenes, name: "bench-fanout")
        let connection = flood.connections[0]
        try connection.manager(owner, .setSettleTime, [Variant(uint32: 0)])
        // Each round turns every scene: they start in portrait, the first round turns them.
        try connection.manager(owner, .setDeviceOrientation, [Variant(string: "portrait")])
        _ = try flood.register(owner, count: scenes, window: options.window, appId: "bench.fanout")
        let counter = try SignalCounter(connection, loop: flood.loop, sender: owner, interface: Names.scene,
                                        member: SceneSignal.orientationChanged.rawValue)
        let peerCounter = try SignalCounter(connection, loop: flood.loop, sender: peer.owner, interface: Names.scene,
                                            member: SceneSignal.orientationChanged.rawValue)

        var rotations: [Double] = []
        var peerRotations: [Double] = []
        var pings: [Double] = []
        // CPU time of orientd during its fan-outs and of the peer during its own, summed.
        var orientdCPU = 0, peerCPU = 0
        let peerUsage = ProcessUsage(pid: peer.process.pid)
        let devices = ["landscape-left", "portrait"]
        let interfaces = ["landscape-right", "portrait"]
        for round in 0..<(options.fanOutRounds + 2) {
            let ping = try pipelinedPings(connection, on: flood.loop, to: owner, count: scenes, window: options.window)
            // orientd and the peer in alternating order, as in the call comparisons.
            var orientdTime = Duration.zero, peerTime = Duration.zero
            for turn in round % 2 == 0 ? [true, false] : [false, true] {
                if turn {
                    counter.expect(scenes)
                    let cpu = try target.usage.cpuNanoseconds()
                    let start = ContinuousClock.now
                    try connection.manager(owner, .setDeviceOrientation, [Variant(string: devices[round % 2])])
                    orientdTime = try counter.wait(timeout: 120) - start
                    if round >= 2 { orientdCPU += try target.usage.cpuNanoseconds() - cpu }
                } else {
                    peerCounter.expect(scenes)
                    let cpu = try peerUsage.cpuNanoseconds()
                    let start = ContinuousClock.now
                    try connection.peer(peer, "TurnScenes", [Variant(uint32: UInt32(scenes)), Variant(string: interfaces[round % 2])])
                    peerTime = try peerCounter.wait(timeout: 120) - start
                    if round >= 2 { peerCPU += try peerUsage.cpuNanoseconds() - cpu }
                }
            }
            guard round >= 2 else { continue }  // two rounds of warm-up
            pings.append(ping.milliseconds)
            rotations.append(orientdTime.milliseconds)
            peerRotations.append(peerTime.milliseconds)
        }
        report.spread("fanout.time", "SetDeviceOrientation until \(scenes) OrientationChanged received", Spread(rotations), "ms")
        report.spread("fanout.pings", "\(scenes) pipelined Pings, \(options.window) in flight, timed before each round's turns",
                      Spread(pings), "ms")
        report.spread("fanout.ratio", "fan-out / \(scenes) pipelined Pings, per round", Spread(zip(rotations, pings).map { $0 / $1 }), "×")
        report.spread("fanout.peer", "the reference peer sending the same \(2 * scenes) signals (TurnScenes) until its "
                          + "\(scenes) OrientationChanged received", Spread(peerRotations), "ms")
        report.spread("fanout.peer.ratio", "fan-out / the peer's same signals, per round",
                      Spread(zip(rotations, peerRotations).map { $0 / $1 }), "×", atMost: 1.1)
        let rounds = Double(options.fanOutRounds)
        report.info("fanout.cpu", String(format: "CPU per fan-out (all threads): orientd %.1f ms, the peer %.1f ms for the same signals",
                                         Double(orientdCPU) / 1e6 / rounds, Double(peerCPU) / 1e6 / rounds),
                    Double(orientdCPU) / Double(max(peerCPU, 1)), "× the peer")
        report.spread("fanout.peer.ping", "the peer's signals / \(scenes) pipelined Pings: what GDBus alone gives, per round",
                      Spread(zip(peerRotations, pings).map { $0 / $1 }), "×")
        return flood
    }
}
