import Dispatch
import Foundation
import GLibBridge
import OrientationCore
import OrientationWire
import Synchronization
import ProcessSupport

/// The mutter output backend: how long after a scene's OrientationChanged the panel is
/// turned, on a real headless mutter (`--output-backend mutter`). The panel counts as turned
/// when mutter announces its new configuration (`MonitorsChanged`, sent once mutter has
/// applied it); the transform is then checked with GetCurrentState.
enum OutputSection {
    static let displayConfig = MutterDisplayConfig.name
    static let displayConfigPath = MutterDisplayConfig.path
    static let rounds = 20

    /// When each signal of a round arrived.
    final class Arrivals: Sendable {
        private let times = Mutex<(changed: ContinuousClock.Instant?, monitors: ContinuousClock.Instant?)>((nil, nil))
        private let turned = DispatchSemaphore(value: 0)

        func reset() { times.withLock { $0 = (nil, nil) } }

        func orientationChanged() { times.withLock { $0.changed = $0.changed ?? ContinuousClock.now } }

        func monitorsChanged() {
            let first = times.withLock { times -> Bool in
                guard times.changed != nil, times.monitors == nil else { return false }
                times.monitors = ContinuousClock.now
                return true
            }
            if first { turned.signal() }
        }

        /// The time from OrientationChanged to the MonitorsChanged after it.
        func wait(timeout seconds: Double) throws(BenchError) -> Duration {
            guard turned.wait(timeout: .now() + seconds) == .success else {
                throw BenchError("mutter did not turn the panel within \(seconds) s of OrientationChanged")
            }
            let (changed, monitors) = times.withLock { $0 }
            return monitors! - changed!
        }
    }

    /// A headless mutter on a private session bus, with the probe that watches it.
    struct Mutter {
        var scratch: String
        var bus: PrivateBus
        /// What orientd runs with: the session bus, the runtime folder, no display.
        var environment: [String: String]
        var probe: BusConnection
        var session: MutterSession
        /// mutter's unique name.
        var peer: String { session.peer }

        /// The transform mutter shows on Meta-0 now (read through its DisplayConfig).
        func shownTransform() throws -> UInt32 {
            guard let shown = try session.panelTransform() else { throw BenchError("\(session.output) is in no logical monitor") }
            return UInt32(shown.rawValue)
        }

        /// Once orientd drives Meta-0: a loop connection holding a pad scene that supports
        /// every orientation, with orientd's OrientationChanged on it and mutter's
        /// MonitorsChanged subscribed into `Arrivals`. Returns orientd's unique name too.
        func followingScene(_ appId: String) throws -> (LoopConnection, String, String, Arrivals) {
            let orientd = try probe.nameOwner(Names.bus)!
            try eventually("orientd drives Meta-0", timeout: .seconds(60)) {
                try property(probe, orientd, ManagerProperty.outputBackend.rawValue) == "mutter"
            }
            let client = try bus.connectWithLoop(name: "bench-output")
            let connection = client.connection
            let scene = try connection.manager(orientd, .registerScene, [Variant(vardict: [
                VardictKey.appId: Variant(string: appId), VardictKey.idiom: Variant(string: "pad"),
                VardictKey.supportedOrientations: Variant(strings: ["all"]),
            ])]).child(at: 0).string!
            let arrivals = Arrivals()
            let mutterPeer = peer
            client.loop.sync {
                connection.subscribe(sender: orientd, interface: Names.scene, member: SceneSignal.orientationChanged.rawValue, path: scene) { _ in
                    arrivals.orientationChanged()
                }
                connection.subscribe(sender: mutterPeer, interface: displayConfig, member: "MonitorsChanged", path: displayConfigPath) { _ in
                    arrivals.monitorsChanged()
                }
            }
            try connection.syncWithBus()
            return (client, orientd, scene, arrivals)
        }
    }

    static func run(_ options: BenchOptions, _ report: Report) throws {
        print("Output: the mutter backend, \(rounds) rotations of the front scene on a headless mutter")
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let bus = try PrivateBus()
        defer { bus.stop() }
        var env = bus.sessionEnvironment
        env["XDG_RUNTIME_DIR"] = scratch
        env["GSETTINGS_BACKEND"] = "memory"
        env["DISPLAY"] = ""
        env["WAYLAND_DISPLAY"] = ""
        let session = try MutterSession(bus: bus, environment: env, timeout: .seconds(60)) { _, argv, environment in
            do {
                return try ChildProcess(argv, environment: environment)
            } catch {
                throw BenchError("cannot start mutter (\(error)); scripts/install-deps.sh test installs it")
            }
        }
        defer { session.stop() }
        let probe = try bus.connect()
        defer { probe.close() }
        let mutter = Mutter(scratch: scratch, bus: bus, environment: env, probe: probe, session: session)
        let requests = try requestRounds(mutter)
        report.spread("output.mutter", "OrientationChanged until mutter turned the panel (MonitorsChanged)", requests, "ms", atMost: 50)
        try SensorPath.run(options, report, mutter: mutter, requestMedian: requests.median)
    }

    /// A scene's own RequestOrientation turning it, until mutter announces the turned panel.
    static func requestRounds(_ mutter: Mutter) throws -> Spread {
        let orientd = try OrientdInstance(busName: Names.bus, arguments: ["--sensor", "none", "--output-backend", "mutter", "--output", "Meta-0"],
                                          environment: mutter.environment, bus: mutter.bus, stateHome: mutter.scratch + "/state")
        defer { orientd.stop() }
        let (client, peer, scene, arrivals) = try mutter.followingScene("bench.output")
        defer { client.close() }
        let connection = client.connection
        try connection.manager(peer, .setSettleTime, [Variant(uint32: 0)])
        var latencies: [Double] = []
        let targets: [(String, UInt32)] = [("landscape-left", 1), ("portrait", 0)]
        for round in 0..<(rounds + 2) {
            let (orientation, transform) = targets[round % 2]
            arrivals.reset()
            _ = try connection.scene(peer, scene, .requestOrientation, [Variant(string: orientation)])
            let latency = try arrivals.wait(timeout: 30)
            let shown = try mutter.shownTransform()
            guard shown == transform else {
                throw BenchError("after \(orientation) mutter shows transform \(shown), not \(transform); orientd's log:\n\(orientd.log)")
            }
            if round >= 2 { latencies.append(latency.milliseconds) }  // two rounds of warm-up
        }
        try eventually("orientd has left the bus", timeout: .seconds(30)) {
            _ = orientd.stop()
            return try mutter.probe.nameOwner(Names.bus) == nil
        }
        return Spread(latencies)
    }

    /// A string property of `peer`'s (orientd's manager unless `path` and `interface` say otherwise).
    static func property(_ connection: BusConnection, _ peer: String, _ name: String,
                         path: String = Names.managerPath, interface: String = Names.manager) throws -> String? {
        try connection.call(destination: peer, path: path, interface: BusNames.propertiesInterface,
                            method: "Get", parameters: Variant(tuple: [Variant(string: interface), Variant(string: name)]),
                            replyType: "(v)").child(at: 0).unboxed?.string
    }
}
