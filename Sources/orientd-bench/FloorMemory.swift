import Glibc
import ProcessSupport

/// orientd, the Swift floor (`orientd-swift-floor`: the least a Swift GLib D-Bus service
/// does) and the C reference peer side by side on one bus: RSS, PSS and private dirty from
/// smaps_rollup after `sync`, at idle and with orientd holding 100 scenes. The targets are
/// on what orientd holds beyond the floor: private dirty (what a phone cannot reclaim) at most
/// 512 KiB more, RSS at most 3 MiB more.
enum FloorMemory {
    typealias Rollup = (rss: Int, pss: Int, privateDirty: Int)

    /// A fresh orientd, peer and floor: VmRSS at idle (orientd against the peer), the three
    /// side by side, then orientd with 100 scenes.
    static func run(_ report: Report) throws {
        // Each binary out of the page cache, as at login: otherwise what the last build or copy
        // left cached decides how much of it a fault maps (`PageCache`).
        PageCache.drop([BenchBinaries.orientd, BenchBinaries.floor, BenchBinaries.peer])
        let target = try BenchTarget()
        defer { target.stop() }
        let peer = try ReferencePeer(target)
        defer { peer.stop() }
        var environment = target.instance.environment
        environment["G_SLICE"] = "always-malloc"
        let floor = try ChildProcess([BenchBinaries.floor], environment: environment)
        defer { _ = floor.stop() }
        let probe = try target.connect()
        defer { probe.close() }
        try eventually("\(BenchBinaries.floorName) owned", timeout: .seconds(30)) {
            if let status = floor.exitStatus { throw BenchError("orientd-swift-floor exited (\(status)): \(floor.standardError)") }
            return try probe.nameOwner(BenchBinaries.floorName) != nil
        }
        // Each has answered once and then idles for a second.
        try probe.call(destination: BenchBinaries.floorName, path: "/io/github/orientd/SwiftFloor",
                       interface: BenchBinaries.floorName, method: "Noop")
        try probe.call(destination: target.owner, path: "/", interface: "org.freedesktop.DBus.Peer", method: "Ping")
        try probe.call(destination: peer.owner, path: "/", interface: "org.freedesktop.DBus.Peer", method: "Ping")
        usleep(1_000_000)
        let orientdIdle = try target.usage.memory().rss
        let peerIdle = try ProcessUsage(pid: peer.process.pid).memory().rss
        report.info("rss.idle.orientd", "orientd VmRSS at idle, no scenes", mebibytes(orientdIdle), "MiB")
        report.info("rss.idle.peer", "the peer's VmRSS at idle", mebibytes(peerIdle), "MiB")
        report.atMost("rss.idle.ratio", "orientd VmRSS at idle / the peer's", Double(orientdIdle) / Double(peerIdle), "×", 1.5)
        // Page-cache pages of a binary written seconds earlier count as private dirty until written back.
        sync()
        let orientd = try target.usage.rollup()
        let swift = try ProcessUsage(pid: floor.pid).rollup()
        let c = try ProcessUsage(pid: peer.process.pid).rollup()
        print("  idle after sync (KiB)   RSS     PSS     private dirty")
        for (name, figures, pid) in [("orientd", orientd, target.pid), ("Swift floor", swift, floor.pid), ("C service", c, peer.process.pid)] {
            print("  \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(figures.rss)  \(figures.pss)  \(figures.privateDirty)"
                  + " (private dirty: \(ProcessUsage.describe(try ProcessUsage(pid: pid).privateDirtyByMapping())))")
        }
        for (name, key, figures) in [("orientd", "orientd", orientd), ("the Swift floor", "floor", swift), ("the C service (peer)", "peer", c)] {
            report.info("pss.idle.\(key)", "\(name) at idle: PSS (RSS \(format(mebibytes(figures.rss))) MiB)", mebibytes(figures.pss), "MiB")
            report.info("dirty.idle.\(key)", "\(name) at idle: private dirty", Double(figures.privateDirty), "KiB")
        }
        margins(report, "idle", "at idle", orientd, swift)

        let flood = try SceneFlood(target, scenes: 100, perConnection: 100, name: "bench-floor-memory")
        defer { flood.close() }
        _ = try flood.register(target.owner, count: 100, window: 20, appId: "bench.floor")
        usleep(1_000_000)
        let orientd100 = try target.usage.memory().rss
        report.atMost("rss.100.ratio", "orientd VmRSS with 100 scenes / the idle peer's", Double(orientd100) / Double(peerIdle), "×", 1.5)
        sync()
        let scenes = try target.usage.rollup()
        print("  orientd with 100 scenes, private dirty: \(ProcessUsage.describe(try target.usage.privateDirtyByMapping()))")
        report.info("pss.100.orientd", "orientd with 100 scenes: PSS (RSS \(format(mebibytes(scenes.rss))) MiB)", mebibytes(scenes.pss), "MiB")
        report.info("dirty.100.orientd", "orientd with 100 scenes: private dirty", Double(scenes.privateDirty), "KiB")
        margins(report, "100", "with 100 scenes", scenes, swift)
    }

    /// orientd's private dirty and RSS beyond the idle floor's.
    static func margins(_ report: Report, _ key: String, _ when: String, _ orientd: Rollup, _ floor: Rollup) {
        report.atMost("dirty.\(key).margin", "orientd's private dirty \(when) − the Swift floor's (\(floor.privateDirty) KiB)",
                      Double(orientd.privateDirty - floor.privateDirty), "KiB", 512)
        report.atMost("rss.\(key).margin", "orientd's RSS \(when) − the Swift floor's (\(format(mebibytes(floor.rss))) MiB)",
                      mebibytes(orientd.rss - floor.rss), "MiB", 3)
    }

    static func mebibytes(_ kibibytes: Int) -> Double { ScaleSection.mebibytes(kibibytes) }
}
