import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Random method calls with random arguments (seeded, bounded in count and time) from
/// several clients at once. Every reply must be a success of the right type or a named error
/// (the contract's, or the standard InvalidArgs / AccessDenied / UnknownMethod); afterwards
/// orientd is alive and the core's invariants hold for every scene.
final class FuzzTests: ReliabilityTestCase {
    static let clients = 4
    static let callsPerClient = 1_200
    static let timeLimit: Duration = .seconds(6)

    struct Tally: Sendable {
        var calls = 0
        var successes = 0
        var errors: [String: Int] = [:]
        var unexpected: [String] = []
        /// Scenes whose size was set with SetGeometry (taken as given: its shape need not fit).
        var geometrySet: Set<String> = []
        var scenes: [String] = []
    }

    func testRandomCallsFromSeveralClients() throws {
        let seed = testSeed(default: 0x0D1E_7E57)
        let start = ContinuousClock.now
        let deadline = start + Self.timeLimit
        let tally = LockedValue(Tally())
        let connections = try (0..<Self.clients).map { _ in try orientd.bus.connect() }
        defer { connections.forEach { $0.close() } }

        let group = DispatchGroup()
        for (index, connection) in connections.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var maker = FuzzCallMaker(random: SeededGenerator(seed: seed &+ UInt64(index) &* 7919),
                                          knownScenes: { tally.withLock { $0.scenes } })
                for _ in 0..<Self.callsPerClient where ContinuousClock.now < deadline {
                    let call = maker.next()
                    let result = connection.orientd(call.path, call.interface, call.method, call.arguments)
                    if call.method == "RegisterScene", case .success(let reply) = result, let path = reply.child(at: 0).string {
                        maker.own.append(path)
                    }
                    tally.withLock { t in
                        t.calls += 1
                        switch result {
                        case .success(let reply):
                            t.successes += 1
                            if reply.typeString != call.replyType {
                                t.unexpected.append("\(call.method) replied \(reply.typeString), not \(call.replyType)")
                            }
                            if call.method == "RegisterScene", let path = reply.child(at: 0).string { t.scenes.append(path) }
                            if call.method == "SetGeometry" { t.geometrySet.insert(call.path) }
                        case .failure(let error):
                            t.errors[error.name, default: 0] += 1
                            if !Contract.allowedErrors.contains(error.name) || error.message.isEmpty
                                || error.message.hasPrefix("GDBus.Error:") {
                                t.unexpected.append("\(call.method)\(call.arguments.map { "\($0)".prefix(60) }) on \(call.path): \(error)")
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "the fuzz clients did not finish")
        let result = tally.value
        let elapsed = seconds(since: start)

        XCTAssertTrue(orientd.process.isRunning, "orientd died: \(String(describing: orientd.process.exitStatus))")
        XCTAssertTrue(clientConnection.orientdAnswers(), "orientd no longer answers")
        XCTAssertTrue(result.unexpected.isEmpty, "\(result.unexpected.count) unexpected replies:\n" + result.unexpected.prefix(30).joined(separator: "\n"))
        XCTAssertGreaterThan(result.calls, 1_000, "the fuzz run made too few calls to mean much")
        XCTAssertGreaterThan(result.successes, result.calls / 10, "too few calls succeeded: the fuzz would only test argument checks")

        // The invariants, for every scene left.
        let scenes = try clientConnection.managedObjects()
        var violations: [String] = []
        for (path, properties) in scenes {
            for problem in properties.violations(checkShape: !result.geometrySet.contains(path)) {
                violations.append("\(path): \(problem) [\(properties)]")
            }
            if case .failure(let error) = clientConnection.orientd(path, Contract.sceneInterface, "Explain") {
                violations.append("\(path): Explain failed: \(error)")
            }
            // Scenes of the fuzz clients (all still connected) or detached ones.
            let owners = Set(connections.map(\.uniqueName) + [clientConnection.uniqueName, ""])
            if !owners.contains(properties.owner) { violations.append("\(path): owner \(properties.owner) is not a client") }
        }
        XCTAssertTrue(violations.isEmpty, violations.prefix(30).joined(separator: "\n"))
        XCTAssertFalse(scenes.isEmpty, "no scene survived the fuzz run: the invariants were checked on nothing")
        XCTAssertNoThrow(try clientConnection.manager("GetHistory", [.u(0)]))

        let errorList = result.errors.sorted { $0.value > $1.value }.map { "\($0.key.split(separator: ".").last!) \($0.value)" }
        report("fuzz", "seed \(seed), \(Self.clients) clients, \(result.calls) calls in \(String(format: "%.1f", elapsed)) s, \(result.successes) successes, errors: \(errorList.joined(separator: ", ")); \(scenes.count) scenes checked")
    }
}
