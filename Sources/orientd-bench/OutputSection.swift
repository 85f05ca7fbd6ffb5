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
    static let displayConfig = "org.gnome.Mutter.DisplayConfig"
    static let displayConfigPath = "/org/gnome/Mutter/DisplayConfig"
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
        let mutter: ChildProcess
        do {
            mutter = try ChildProcess(["mutter", "--wayland", "--headless", "--no-x11", "--virtual-monitor", "800x1280"],
                                      environment: env)
        } catch {
            throw BenchError("cannot start mutter (\(error)); scripts/install-deps.sh test installs it")
        }
        defer { mutter.stop() }
        let probe = try bus.connect()
        defer { probe.close() }
        try eventually("mutter on the bus", timeout: .seconds(60)) {
            if let status = mutter.exitStatus { throw BenchError("mutter exited (\(status)): \(mutter.standardError)") }
            return try probe.nameOwner(displayConfig) != nil
        }
        let orientd = try OrientdInstance(busName: Names.bus, arguments: ["--sensor", "none", "--output-backend", "mutter", "--output", "Meta-0"],
                                          environment: env, bus: bus, stateHome: scratch + "/state")
        defer { orientd.stop() }
        let peer = try probe.nameOwner(Names.bus)!
        let mutterPeer = try probe.nameOwner(displayConfig)!
        try eventually("orientd drives Meta-0", timeout: .seconds(60)) {
            try property(probe, peer, ManagerProperty.outputBackend.rawValue) == "mutter"
        }

        let client = try bus.connectWithLoop(name: "bench-output")
        defer { client.close() }
        let connection = client.connection
        try connection.manager(peer, .setSettleTime, [Variant(uint32: 0)])
        let scene = try connection.manager(peer, .registerScene, [Variant(vardict: [
            VardictKey.appId: Variant(string: "bench.output"), VardictKey.idiom: Variant(string: "pad"),
            VardictKey.supportedOrientations: Variant(strings: ["all"]),
        ])]).child(at: 0).string!
        let arrivals = Arrivals()
        client.loop.sync {
            connection.subscribe(sender: peer, interface: Names.scene, member: SceneSignal.orientationChanged.rawValue, path: scene) { _ in
                arrivals.orientationChanged()
            }
            connection.subscribe(sender: mutterPeer, interface: displayConfig, member: "MonitorsChanged", path: displayConfigPath) { _ in
                arrivals.monitorsChanged()
            }
        }
        try connection.syncWithBus()

        var latencies: [Double] = []
        let targets: [(String, UInt32)] = [("landscape-left", 1), ("portrait", 0)]
        for round in 0..<(rounds + 2) {
            let (orientation, transform) = targets[round % 2]
            arrivals.reset()
            _ = try connection.scene(peer, scene, .requestOrientation, [Variant(string: orientation)])
            let latency = try arrivals.wait(timeout: 30)
            let shown = try transformOfMeta0(probe, mutterPeer)
            guard shown == transform else {
                throw BenchError("after \(orientation) mutter shows transform \(shown), not \(transform); orientd's log:\n\(orientd.log)")
            }
            if round >= 2 { latencies.append(latency.milliseconds) }  // two rounds of warm-up
        }
        report.spread("output.mutter", "OrientationChanged until mutter turned the panel (MonitorsChanged)", Spread(latencies), "ms",
                      atMost: 50)
    }

    static func property(_ connection: BusConnection, _ peer: String, _ name: String) throws -> String? {
        try connection.call(destination: peer, path: Names.managerPath, interface: BusNames.propertiesInterface,
                            method: "Get", parameters: Variant(tuple: [Variant(string: Names.manager), Variant(string: name)]),
                            replyType: "(v)").child(at: 0).unboxed?.string
    }

    static func transformOfMeta0(_ connection: BusConnection, _ peer: String) throws -> UInt32 {
        let state = try connection.call(destination: peer, path: displayConfigPath, interface: displayConfig,
                                        method: "GetCurrentState")
        for logical in state.child(at: 2).children
        where logical.child(at: 5).children.contains(where: { $0.child(at: 0).string == "Meta-0" }) {
            return logical.child(at: 3).uint32 ?? 99
        }
        throw BenchError("Meta-0 is in no logical monitor: \(state)")
    }
}
