import GLibBridge
import Glibc
import ProcessSupport

/// RegisterScene at scale; GetManagedObjects of every scene against the reference peer's
/// listing of as many; orientd's memory before, with the scenes, during and after listing
/// them, and after they are gone.
enum ScaleSection {
    static func run(_ target: BenchTarget, _ peer: ReferencePeer, _ options: BenchOptions, _ report: Report, floor: Floor) throws {
        let scenes = options.scaleScenes
        print("Scale: \(scenes) scenes, up to \(options.scenesPerConnection) per connection (the last tenth over connections of \(SceneFlood.smallPerConnection))")
        let probe = try target.connect()
        defer { probe.close() }
        let start = try target.usage.memory()
        report.info("rss.start", "orientd VmRSS before the scenes (VmHWM \(format(mebibytes(start.peak))) MiB)", mebibytes(start.rss), "MiB")

        let flood = try SceneFlood(target, scenes: scenes, perConnection: options.scenesPerConnection, reachingTheLimit: true,
                                   name: "bench-scale")
        let elapsed = try flood.register(target.owner, count: scenes, window: options.window, appId: "bench.scale")
        try target.checkAlive()
        let registered = try target.usage.memory()
        let perCall = elapsed.microseconds / Double(scenes * 3)
        report.info("scale.time", "\(scenes) scenes registered, each with a 2-controller tree (3 calls), \(options.window) in flight",
                    elapsed.milliseconds / 1000, "s")
        report.info("scale.call", "per call (throughput)", perCall, "µs")
        report.info("scale.ratio", "per call / pipelined Ping", perCall / floor.pipelined, "×")
        report.atMost("rss.scenes", "orientd VmRSS with \(scenes) scenes", mebibytes(registered.rss), "MiB", 64)

        // The peer lists as many scenes, each with a copy of the properties of orientd's first.
        let listing = try probe.managedObjects(target.owner, Names.managerPath)
        guard listing.child(at: 0).childCount == scenes else {
            throw BenchError("orientd lists \(listing.child(at: 0).childCount) scenes, not \(scenes)")
        }
        let properties = listing.child(at: 0).child(at: 0).child(at: 1).child(at: 0).child(at: 1)
        try probe.peer(peer, "SetScenes", [Variant(uint32: UInt32(scenes)), properties])
        let objects = try Comparison.measure(probe, ping: target.owner, rounds: options.rounds, perRound: options.listingsPerRound,
                                             orientd: { () throws(DBusError) in _ = try probe.managedObjects(target.owner, Names.managerPath) },
                                             reference: { () throws(DBusError) in _ = try probe.managedObjects(peer.owner, Names.managerPath) })
        CallSection.row(report, "objects", "GetManagedObjects of \(scenes) scenes", "listing of as many", objects)
        let listed = try target.usage.memory()
        report.atMost("rss.listed", "orientd VmRSS after \(options.rounds * options.listingsPerRound + 1) listings", mebibytes(listed.rss), "MiB", 64)
        report.atMost("hwm.listed", "orientd VmHWM (peak at any moment so far, during the listings too)", mebibytes(listed.peak), "MiB", 64)

        // Leaving the bus drops a connection's scenes; wait until orientd has let them all go.
        flood.close()
        try eventually("orientd drops the scale run's scenes", timeout: .seconds(60)) {
            try probe.sceneCount(target.owner) == 0
        }
        // orientd trims its heap once large work is over and again seconds later
        // (MemoryRelease): read until the figure is under the bound and has not dropped by
        // more than 1 % for 1.5 s (a reading between two trims is not the figure), at most 10 s.
        var gone = try target.usage.memory()
        var steadySince = ContinuousClock.now
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if Double(gone.rss) <= 1.5 * Double(start.rss), ContinuousClock.now - steadySince >= .milliseconds(1500) { break }
            usleep(100_000)
            let next = try target.usage.memory()
            if next.rss < gone.rss - gone.rss / 100 { steadySince = ContinuousClock.now }
            gone = next
        }
        print("  orientd after the scenes left, private dirty: \(ProcessUsage.describe(try target.usage.privateDirtyByMapping()))")
        report.atMost("rss.gone", "orientd VmRSS after the \(scenes) scenes left (start \(format(mebibytes(start.rss))) MiB)",
                      mebibytes(gone.rss) / mebibytes(start.rss), "×", 1.5, target: "≤ 1.50 × start")
        try target.checkAlive()
        try peer.checkAlive()
    }

    static func mebibytes(_ kibibytes: Int) -> Double { Double(kibibytes) / 1024 }
}
