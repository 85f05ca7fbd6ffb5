import Dispatch
import Glibc
import GLibBridge
import OrientationWire
import OrientationClient
import Synchronization
import ProcessSupport

/// The fan-out as apps see it: the same scenes spread over 1, 10 and 50 apps, each app an
/// `OrientationClient` (its own connection and loop thread) watching its own scenes with
/// `onOrientationChange`. One SetDeviceOrientation turns them all; the time until the last
/// app has its last change, against as many pipelined Pings timed just before in the same
/// round, and against the reference peer sending the same signals on the same scene paths
/// (`TurnPaths`) in the same round. Beside each app a counting connection asks for the same
/// signals with the same match rule as the app's (its scenes' namespace, any sender) and counts
/// the peer's: both turns are routed to the same connections by the same rules.
enum AppFanOutSection {
    static func run(_ target: BenchTarget, _ peer: ReferencePeer, _ options: BenchOptions, _ report: Report) throws {
        let scenes = options.fanOutScenes
        let owner = target.owner
        let control = try target.connectWithLoop("bench-apps")
        defer { control.close() }
        try control.connection.manager(owner, .setSettleTime, [Variant(uint32: 0)])
        for apps in options.fanOutApps {
            print("App fan-out: \(scenes) scenes over \(apps) apps (OrientationClient)")
            // Each round turns every scene: they start in portrait, the first round turns them.
            try control.connection.manager(owner, .setDeviceOrientation, [Variant(string: "portrait")])
            let counter = ChangeCounter(), peerCounter = ChangeCounter()
            var clients: [OrientationClient] = []
            var peerCounters: [LoopConnection] = []
            var paths: [String] = []
            defer {
                for client in clients { client.close() }
                for connection in peerCounters { connection.close() }
            }
            for app in 0..<apps {
                let client = try OrientationClient(address: target.address)
                clients.append(client)
                for _ in 0..<(scenes / apps + (app < scenes % apps ? 1 : 0)) {
                    let scene = try client.registerScene(SceneOptions(appID: "bench.app\(app)", supportedOrientations: .allButUpsideDown))
                    try scene.onOrientationChange { _ in counter.count() }
                    paths.append(scene.path)
                }
                if let path = paths.last {
                    peerCounters.append(try countingConnection(target, app: app, namespace: namespace(of: path), peer: peer.owner, peerCounter))
                }
            }
            var ratios: [Double] = [], pingRatios: [Double] = []
            var times: [Double] = [], peerTimes: [Double] = []
            // CPU time of each process, summed over the measured rounds: during the Pings and
            // during the fan-out (orientd, the bus daemon, the apps with this program).
            var pingCPU = CPUTimes(), fanOutCPU = CPUTimes()
            let devices = ["landscape-left", "portrait"]
            let interfaces = ["landscape-right", "portrait"]  // what each device orientation turns the scenes to
            for round in 0..<(options.fanOutRounds + 2) {
                let beforePings = try CPUTimes.now(target)
                let pings = try pipelinedPings(control.connection, on: control.loop, to: owner, count: scenes, window: options.window)
                let afterPings = try CPUTimes.now(target)
                counter.expect(scenes)
                let start = ContinuousClock.now
                try control.connection.manager(owner, .setDeviceOrientation, [Variant(string: devices[round % 2])])
                let end = try counter.wait(timeout: 120)
                let afterFanOut = try CPUTimes.now(target)
                peerCounter.expect(scenes)
                let peerStart = ContinuousClock.now
                try control.connection.peer(peer, "TurnPaths", [Variant(objectPaths: paths), Variant(string: interfaces[round % 2])])
                let peerEnd = try peerCounter.wait(timeout: 120)
                guard round >= 2 else { continue }  // two rounds of warm-up
                times.append((end - start).milliseconds)
                peerTimes.append((peerEnd - peerStart).milliseconds)
                ratios.append((end - start).milliseconds / (peerEnd - peerStart).milliseconds)
                pingRatios.append((end - start).milliseconds / pings.milliseconds)
                pingCPU.add(afterPings, minus: beforePings)
                fanOutCPU.add(afterFanOut, minus: afterPings)
            }
            report.spread("apps\(apps).time", "\(scenes) scenes over \(apps) apps: SetDeviceOrientation until the last app has its last change",
                          Spread(times), "ms")
            report.spread("apps\(apps).peer", "the reference peer sending the same signals on the same \(scenes) paths (TurnPaths) until the last app's counter has them",
                          Spread(peerTimes), "ms")
            report.spread("apps\(apps).ratio", "\(apps) apps: fan-out / the peer's same signals, per round", Spread(ratios), "×", atMost: 1.1)
            report.spread("apps\(apps).ping", "\(apps) apps: fan-out / \(scenes) pipelined Pings", Spread(pingRatios), "×")
            let rounds = Double(options.fanOutRounds)
            report.info("apps\(apps).cpu",
                        "CPU per fan-out, all processes; orientd / bus daemon / apps and this program: \(fanOutCPU.summary(per: rounds)) ms "
                            + "(\(scenes) pipelined Pings: \(pingCPU.total(per: rounds)) ms; \(pingCPU.summary(per: rounds)) ms)",
                        fanOutCPU.totalMilliseconds(per: rounds), "ms")
            for client in clients { client.close() }
            clients.removeAll()
            for connection in peerCounters { connection.close() }
            peerCounters.removeAll()
            try eventually("orientd drops the app fan-out's scenes", timeout: .seconds(60)) {
                try control.connection.sceneCount(owner) == 0
            }
            try target.checkAlive()
        }
    }
}

extension AppFanOutSection {
    /// The namespace an app's scene paths share (the path without its last element).
    static func namespace(of path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }

    /// A connection with the app's own OrientationChanged match rule (its namespace, any
    /// sender) that counts what `peer` sends.
    static func countingConnection(_ target: BenchTarget, app: Int, namespace: String, peer: String,
                                   _ counter: ChangeCounter) throws -> LoopConnection {
        let connection = try target.connectWithLoop("bench-app\(app)-peer")
        connection.loop.sync {
            connection.connection.addMatch("type='signal',interface='\(Names.scene)',member='OrientationChanged',path_namespace='\(namespace)'")
            _ = connection.connection.subscribeWithoutMatchRule(sender: peer, interface: Names.scene, member: SceneSignal.orientationChanged.rawValue) { _ in
                counter.count()
            }
        }
        try connection.connection.syncWithBus()
        return connection
    }
}

/// Counts changes delivered on any app's loop thread, and notes when the expected number
/// has arrived.
final class ChangeCounter: Sendable {
    private struct State {
        var received = 0
        var expected = Int.max
        var reached: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    private let reached = DispatchSemaphore(value: 0)

    /// Starts counting afresh, to `expected`.
    func expect(_ expected: Int) {
        state.withLock { $0 = State(received: 0, expected: expected, reached: nil) }
    }

    /// Waits until the expected number has arrived; returns when that was.
    func wait(timeout seconds: Double) throws(BenchError) -> ContinuousClock.Instant {
        if reached.wait(timeout: .now() + seconds) == .timedOut {
            let state = state.withLock { $0 }
            throw BenchError("received \(state.received) of \(state.expected) changes in \(seconds) s")
        }
        return state.withLock { $0.reached! }
    }

    func count() {
        let done = state.withLock { state in
            state.received += 1
            guard state.received == state.expected else { return false }
            state.reached = ContinuousClock.now
            return true
        }
        if done { reached.signal() }
    }
}

/// CPU time of orientd, the bus daemon and this program (the apps, the Pings' client), in
/// nanoseconds, from /proc (every thread).
struct CPUTimes {
    var orientd = 0, bus = 0, bench = 0

    static func now(_ target: BenchTarget) throws(BenchError) -> CPUTimes {
        CPUTimes(orientd: try target.usage.cpuNanoseconds(),
                 bus: try ProcessUsage(pid: target.busPID).cpuNanoseconds(),
                 bench: try ProcessUsage(pid: getpid()).cpuNanoseconds())
    }

    mutating func add(_ after: CPUTimes, minus before: CPUTimes) {
        orientd += after.orientd - before.orientd
        bus += after.bus - before.bus
        bench += after.bench - before.bench
    }

    func totalMilliseconds(per rounds: Double) -> Double { Double(orientd + bus + bench) / 1e6 / rounds }

    func total(per rounds: Double) -> String { String(format: "%.1f", totalMilliseconds(per: rounds)) }

    /// "a / b / c" in milliseconds per round.
    func summary(per rounds: Double) -> String {
        [orientd, bus, bench].map { String(format: "%.1f", Double($0) / 1e6 / rounds) }.joined(separator: " / ")
    }
}
