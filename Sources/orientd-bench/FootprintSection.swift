import Foundation
import GLibBridge
import Glibc
import ProcessSupport

/// What a phone pays for orientd beside the reference peer (a plain C GDBus service) and the
/// Swift floor (`FloorMemory`): start-up from exec to the well-known name owned, resident
/// memory at idle and with 100 scenes (`FloorMemory`), and
/// (full runs, after `make install-binaries`) the installed binaries' sizes.
enum FootprintSection {
    static let peerName = "io.github.orientd.ReferencePeer1"

    static func run(_ options: BenchOptions, _ report: Report) throws {
        let rounds = options.quick ? 5 : 20
        print("Footprint: start-up (\(rounds) starts each), resident memory, sizes")
        fflushAll()
        try startUp(rounds: rounds, report)
        try ActivationTiming.run(rounds: rounds, report)
        try FloorMemory.run(report)
        if !options.quick { try sizes(report) }
    }

    /// Exec to the well-known name owned, orientd against the peer, alternating.
    static func startUp(rounds: Int, _ report: Report) throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let probe = try bus.connect()
        defer { probe.close() }
        var env = bus.sessionEnvironment
        env["XDG_RUNTIME_DIR"] = scratch
        env["XDG_STATE_HOME"] = scratch + "/state"
        env["XDG_CONFIG_HOME"] = scratch + "/config"
        // As orientd's systemd unit starts it (data/orientd.service.in): no second exec for GSlice.
        env["G_SLICE"] = "always-malloc"
        var orientdTimes: [Double] = [], peerTimes: [Double] = [], floorTimes: [Double] = []
        for _ in 0..<rounds {
            orientdTimes.append(try timeToName([BenchBinaries.orientd, "--sensor", "none"], Names.bus, env, probe))
            floorTimes.append(try timeToName([BenchBinaries.floor], BenchBinaries.floorName, env, probe))
            peerTimes.append(try timeToName([BenchBinaries.peer], peerName, env, probe))
        }
        report.spread("start.orientd", "orientd start-up, exec to its name owned", Spread(orientdTimes), "ms")
        report.spread("start.peer", "the peer's start-up, exec to its name owned", Spread(peerTimes), "ms")
        report.atMost("start.ratio", "orientd start-up / the peer's (medians)", median(orientdTimes) / median(peerTimes), "×", 1.5)
        report.spread("start.floor", "the Swift floor's start-up, exec to its name owned", Spread(floorTimes), "ms")
        report.atMost("start.floor.ratio", "orientd start-up / the Swift floor's (medians)", median(orientdTimes) / median(floorTimes), "×", 1.2)
    }

    /// Milliseconds from spawning `argv` to `name` having an owner; the process is stopped after.
    ///
    /// The moment is the bus's `NameOwnerChanged` as it reaches the probe (waited for in the
    /// main loop, tens of microseconds late), not a poll: polling every 2 ms, as this did, put
    /// each start in 2 ms steps of a 5–10 ms figure, and its calls loaded the two cores the
    /// starting process runs on.
    static func timeToName(_ argv: [String], _ name: String, _ env: [String: String], _ probe: BusConnection) throws -> Double {
        final class Moment { var owned: ContinuousClock.Instant? }
        let moment = Moment()
        let loop = MainLoop()
        let subscription = probe.subscribe(sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
                                           member: "NameOwnerChanged", path: "/org/freedesktop/DBus", arg0: name) { signal in
            if moment.owned == nil, signal.argument(2).string?.isEmpty == false { moment.owned = ContinuousClock.now }
        }
        defer { probe.unsubscribe(subscription) }
        // The match rule is on the bus before the process starts.
        try probe.syncWithBus()
        // Wakes the wait now and then to see whether the process ended or the deadline passed.
        let check = loop.addRepeatingTimeout(milliseconds: 50) { true }
        defer { check.cancel() }
        let start = ContinuousClock.now
        let process = try ChildProcess(argv, environment: env)
        defer { _ = process.stop() }
        while moment.owned == nil {
            if let status = process.exitStatus { throw BenchError("\(argv[0]) exited (\(status)): \(process.standardError)") }
            if ContinuousClock.now - start > .seconds(30) { throw BenchError("\(name) not owned 30 s after \(argv[0]) started") }
            _ = loop.iterate(mayBlock: true)
        }
        let elapsed = (moment.owned! - start).milliseconds
        _ = process.stop()
        try eventually("\(name) released", timeout: .seconds(30)) { try probe.nameOwner(name) == nil }
        return elapsed
    }

    /// The stripped, statically linked binaries `make install` installs.
    static func sizes(_ report: Report) throws {
        guard let tree = BenchBinaries.sourceTree else { throw BenchError("no Package.swift above this program: run it from the source tree") }
        let folder = tree + "/.build/install/stripped"
        for (name, limit) in [("orientd", 10.0), ("orientctl", 8.0)] {
            let path = folder + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let bytes = attributes[.size] as? NSNumber else {
                throw BenchError("no \(path): `make bench` builds it (make install-binaries)")
            }
            report.atMost("size.\(name)", "installed \(name), static Swift runtime, stripped", bytes.doubleValue / 1_000_000, "MB", limit)
        }
    }
}
