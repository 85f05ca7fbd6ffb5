import Foundation
import GLibBridge
import TestSupport
import XCTest

/// 32 clients, 1,000 mixed operations each (pipelined from each client's own loop),
/// while another client turns the device. No unexpected error; every client receives exactly
/// the OrientationChanged signals of its own scenes (a gapless chain from the orientation at
/// registration, agreeing with every UpdateOrientation and RequestOrientation reply, and
/// counted against an observer that sees every scene); the final state of every scene is the
/// one its client's model expects.
final class LoadTests: ReliabilityTestCase {
    static let clients = 32
    static let operations = 1_000
    static let window = 8
    static let scenesPerClient = 2
    static let turnInterval: UInt32 = 20_000

    func testThirtyTwoClientsUnderLoadWhileTheDeviceTurns() throws {
        let seed = testSeed(default: 0x10AD)
        let bus = orientd.bus

        // An observer of every scene's OrientationChanged, to count against.
        let observer = try bus.connectWithLoop(name: "load-observer")
        defer { observer.close() }
        let observed = LockedValue<[String: Int]>([:])
        observer.sync {
            _ = observer.connection.subscribe(interface: Contract.sceneInterface, member: "OrientationChanged") { signal in
                observed.withLock { $0[signal.path, default: 0] += 1 }
            }
        }
        try observer.connection.syncWithBus()

        try clientConnection.manager("SetDeviceOrientation", [.s("portrait")])
        let clients = try (0..<Self.clients).map { try LoadClient(index: $0, address: bus.address, seed: seed &+ UInt64($0)) }
        defer { clients.forEach { $0.connection.close() } }
        for loadClient in clients { try loadClient.setUp(scenes: Self.scenesPerClient) }

        // The device turns all along: portrait, landscape, upside down, landscape, flat.
        let turning = LockedValue(true)
        let turns = LockedValue(0)
        let turner = try bus.connect()
        defer { turner.close() }
        let turnerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { turnerDone.signal() }
            let cycle = ["landscape-left", "portrait-upside-down", "landscape-right", "face-up", "portrait"]
            while turning.value {
                let orientation = cycle[turns.value % cycle.count]
                if case .failure(let error) = turner.orientd(Contract.managerPath, Contract.managerInterface, "SetDeviceOrientation", [.s(orientation)]) {
                    turns.withLock { _ in print("SetDeviceOrientation failed: \(error)") }
                    return
                }
                turns.withLock { $0 += 1 }
                usleep(Self.turnInterval)
            }
        }

        let start = ContinuousClock.now
        clients.forEach { $0.start(operations: Self.operations, window: Self.window) }
        try eventually("every client finished its operations", timeout: .seconds(150)) {
            clients.allSatisfy { $0.finished.value }
        }
        let loadSeconds = seconds(since: start)
        turning.withLock { $0 = false }
        XCTAssertEqual(turnerDone.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(orientd.process.isRunning)

        // Each scene ends with a request its client knows the answer to.
        var targets: [String: String] = [:]
        for loadClient in clients {
            for model in loadClient.state.value.scenes {
                let target = model.mask.sorted().last!
                targets[model.path] = target
                let reply = try loadClient.connection.connection.scene(model.path, "RequestOrientation", [.s(target)])
                XCTAssertEqual(reply.child(at: 0).string, target)
            }
        }
        try eventually("every client saw its scenes reach their final orientation", timeout: .seconds(30)) {
            clients.allSatisfy { $0.state.value.scenes.allSatisfy { $0.current == targets[$0.path] } }
        }
        let signalTotal = clients.reduce(0) { $0 + $1.state.value.scenes.reduce(0) { $0 + $1.signals.count } }
        try eventually("the observer saw every signal", timeout: .seconds(30)) {
            observed.value.values.reduce(0, +) >= signalTotal
        }

        let objects = try clientConnection.managedObjects()
        XCTAssertEqual(objects.count, Self.clients * Self.scenesPerClient)
        var problems: [String] = []
        var errors: [String] = []
        var completed = 0
        let seen = observed.value
        for loadClient in clients {
            let state = loadClient.state.value
            completed += state.completed
            errors += state.errors
            for model in state.scenes {
                let label = "client \(loadClient.index) \(model.path)"
                problems += model.problems.map { "\(label): \($0)" }
                if seen[model.path, default: 0] != model.signals.count {
                    problems.append("\(label): received \(model.signals.count) OrientationChanged, the observer saw \(seen[model.path, default: 0])")
                }
                guard let scene = objects[model.path] else {
                    problems.append("\(label): missing")
                    continue
                }
                let expectedMask = Contract.interfaceOrientations.filter(model.mask.contains)
                if scene.orientation != targets[model.path] { problems.append("\(label): \(scene.orientation), expected \(targets[model.path]!)") }
                if scene.supported != expectedMask { problems.append("\(label): SupportedOrientations \(scene.supported), expected \(expectedMask)") }
                if scene.deciding != model.deciding { problems.append("\(label): DecidingController \(scene.deciding), expected \(model.deciding)") }
                if scene.activation != model.activation { problems.append("\(label): ActivationState \(scene.activation), expected \(model.activation)") }
                if Set([scene.width, scene.height]) != Set([model.size.0, model.size.1]) {
                    problems.append("\(label): size \(scene.width)×\(scene.height), expected \(model.size.0)×\(model.size.1) in some order")
                }
                if scene.owner != loadClient.uniqueName { problems.append("\(label): owner \(scene.owner)") }
                problems += scene.violations(checkShape: false).map { "\(label): \($0)" }
            }
        }
        let otherPaths = Set(seen.keys).subtracting(objects.keys)
        XCTAssertTrue(otherPaths.isEmpty, "signals for scenes that are not the clients': \(otherPaths)")
        XCTAssertEqual(errors, [], "unexpected errors (\(errors.count))")
        XCTAssertTrue(problems.isEmpty, "\(problems.count) problems:\n" + problems.prefix(40).joined(separator: "\n"))
        XCTAssertEqual(completed, Self.clients * Self.operations)
        XCTAssertGreaterThan(turns.value, 10, "the device should turn all along")
        XCTAssertGreaterThan(signalTotal, Self.clients * 100, "the load should turn scenes often")
        report("load", "\(Self.clients) clients × \(Self.operations) operations (window \(Self.window)) = \(completed) in \(String(format: "%.1f", loadSeconds)) s (\(Int(Double(completed) / loadSeconds)) ops/s), \(turns.value) device turns, \(signalTotal) OrientationChanged received and matched, \(errors.count) errors")
    }
}

extension LoadClient {
    var uniqueName: String { connection.uniqueName }
}
