import TestSupport

/// RegisterScene at scale, with orientd's resident memory before and after.
enum ScaleSection {
    static func run(_ target: BenchTarget, _ options: BenchOptions, _ report: Report, floor: Floor) throws {
        let scenes = options.scaleScenes
        let connectionCount = (scenes + options.scenesPerConnection - 1) / options.scenesPerConnection
        print("Scale: \(scenes) scenes over \(connectionCount) connections")
        let probe = try target.connect()
        defer { probe.close() }
        let before = try target.usage.memory()

        let flood = try SceneFlood(target, scenes: scenes, perConnection: options.scenesPerConnection, name: "bench-scale")
        let elapsed = try flood.register(target.owner, count: scenes, window: options.window, appId: "bench.scale")
        try target.checkAlive()
        let after = try target.usage.memory()
        let listed = try probe.sceneCount(target.owner)
        guard listed == scenes else { throw BenchError("orientd lists \(listed) scenes, not \(scenes)") }

        let perCall = elapsed.microseconds / Double(scenes * 3)
        report.info("scale.time", "\(scenes) scenes registered, each with a 2-controller tree (3 calls), \(options.window) in flight",
                    elapsed.milliseconds / 1000, "s")
        report.info("scale.call", "per call (throughput)", perCall, "µs")
        report.info("scale.ratio", "per call / pipelined Ping", perCall / floor.pipelined, "×")
        report.info("rss.before", "orientd VmRSS before (VmHWM \(format(mebibytes(before.peak))) MiB)", mebibytes(before.rss), "MiB")
        report.atMost("rss.after", "orientd VmRSS with \(scenes) scenes", mebibytes(after.rss), "MiB", 64)
        report.atMost("hwm.after", "orientd VmHWM (peak) with \(scenes) scenes", mebibytes(after.peak), "MiB", 64)

        // Leaving the bus drops a connection's scenes; wait until orientd has let them all go.
        flood.close()
        try eventually("orientd drops the scale run's scenes", timeout: .seconds(60)) {
            try probe.sceneCount(target.owner) == 0
        }
    }

    static func mebibytes(_ kibibytes: Int) -> Double { Double(kibibytes) / 1024 }
}
