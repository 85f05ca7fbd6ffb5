import GLibBridge

/// One SetDeviceOrientation with many scenes following the device: the time until the
/// client has every OrientationChanged, against as many pipelined Pings.
enum FanOutSection {
    /// Runs the section; returns the scenes' connections, which the idle run keeps open.
    static func run(_ target: BenchTarget, _ options: BenchOptions, _ report: Report) throws -> SceneFlood {
        let scenes = options.fanOutScenes
        print("Fan-out: \(scenes) scenes on the built-in display")
        let peer = target.owner
        let flood = try SceneFlood(target, scenes: scenes, perConnection: scenes, name: "bench-fanout")
        let connection = flood.connections[0]
        try connection.manager(peer, "SetSettleTime", [Variant(uint32: 0)])
        // Each round turns every scene: they start in portrait, the first round turns them.
        try connection.manager(peer, "SetDeviceOrientation", [Variant(string: "portrait")])
        _ = try flood.register(peer, count: scenes, window: options.window, appId: "bench.fanout")
        let counter = try SignalCounter(connection, loop: flood.loop, sender: peer, interface: Names.scene,
                                        member: "OrientationChanged")

        var rotations: [Double] = []
        var pings: [Double] = []
        let devices = ["landscape-left", "portrait"]
        for round in 0..<(options.fanOutRounds + 2) {
            let ping = try pipelinedPings(connection, on: flood.loop, to: peer, count: scenes, window: options.window)
            counter.expect(scenes)
            let start = ContinuousClock.now
            try connection.manager(peer, "SetDeviceOrientation", [Variant(string: devices[round % 2])])
            let end = try counter.wait(timeout: 120)
            guard round >= 2 else { continue }  // two rounds of warm-up
            pings.append(ping.milliseconds)
            rotations.append((end - start).milliseconds)
        }
        let rotation = median(rotations)
        let ping = median(pings)
        report.info("fanout.time", "SetDeviceOrientation until \(scenes) OrientationChanged received (median of \(options.fanOutRounds))",
                    rotation, "ms")
        report.info("fanout.pings", "\(scenes) pipelined Pings, \(options.window) in flight (median, same rounds)", ping, "ms")
        report.atMost("fanout.ratio", "fan-out / \(scenes) pipelined Pings", rotation / ping, "×", 1.0)
        return flood
    }
}
