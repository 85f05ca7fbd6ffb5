import GLibBridge
import TestSupport
import XCTest

/// Every method of the contract called with each kind of bad input. Every cell must
/// come back with the documented error name and a message naming the problem, leave the
/// state as it was (GetManagedObjects, the manager's properties, the app policies, every
/// scene's Explain and the history compared before and after), and leave the service
/// answering.
final class BadInputMatrixTests: ReliabilityTestCase {
    /// Everything a failed call must leave unchanged.
    struct Snapshot: Equatable {
        var scenes: [String: SceneProperties]
        var manager: [String: Variant]
        var policies: Variant
        var explains: [String: Variant]
        var history: Variant

        static func take(_ c: BusConnection) throws -> Snapshot {
            let scenes = try c.managedObjects()
            var explains: [String: Variant] = [:]
            for path in scenes.keys { explains[path] = try c.scene(path, "Explain") }
            return Snapshot(scenes: scenes, manager: try c.managerProperties(), policies: try c.manager("GetAppPolicies"),
                            explains: explains, history: try c.manager("GetHistory", [.u(0)]))
        }

        /// What differs, for a failure message.
        func difference(to other: Snapshot) -> String {
            var parts: [String] = []
            for path in Set(scenes.keys).union(other.scenes.keys).sorted() where scenes[path] != other.scenes[path] {
                parts.append("\(path): \(scenes[path].map(\.description) ?? "absent") → \(other.scenes[path].map(\.description) ?? "absent")")
            }
            for path in explains.keys.sorted() where explains[path] != other.explains[path] {
                parts.append("Explain \(path): \(explains[path]!) → \(other.explains[path].map(\.description) ?? "absent")")
            }
            if manager != other.manager { parts.append("manager: \(manager) → \(other.manager)") }
            if policies != other.policies { parts.append("policies: \(policies) → \(other.policies)") }
            if history != other.history { parts.append("history: \(history) → \(other.history)") }
            return parts.joined(separator: "\n")
        }
    }

    func testEveryMethodRefusesBadInputAndChangesNothing() throws {
        let start = ContinuousClock.now
        let intruder = try orientd.bus.connect()
        defer { intruder.close() }
        let fixture = try MatrixFixture.make(owner: clientConnection, intruder: intruder)
        let cases = managerCases(fixture) + sceneCases(fixture) + ownershipAndPathCases(fixture)

        var failures: [String] = []
        var errorCases = 0
        var acceptedCases = 0
        for badInput in cases {
            let before = try Snapshot.take(clientConnection)
            let caller = badInput.caller == .owner ? clientConnection : intruder
            let result = caller.orientd(badInput.path, badInput.interface, badInput.method, badInput.arguments)
            var problems: [String] = []
            switch (badInput.error, result) {
            case (let expected?, .failure(let error)):
                errorCases += 1
                if error.name != expected { problems.append("error \(error.name) instead of \(expected)") }
                if error.message.isEmpty { problems.append("an empty message") }
                if error.message.hasPrefix("GDBus.Error:") { problems.append("a message with GDBus's internal prefix") }
                for needle in badInput.mentions where !error.message.contains(needle) {
                    problems.append("the message does not mention \"\(needle.prefix(80))\"")
                }
                if !problems.isEmpty { problems.append("message: \(error.message.prefix(400))") }
            case (let expected?, .success(let reply)):
                problems.append("succeeded (\(reply)) instead of failing with \(expected)")
            case (nil, .success(let reply)):
                acceptedCases += 1
                do {
                    try badInput.accepted?(clientConnection, reply)
                } catch {
                    problems.append("accepted, but: \(error)")
                }
            case (nil, .failure(let error)):
                problems.append("refused (\(error)) input the contract accepts")
            }
            if !clientConnection.orientdAnswers() {
                problems.append("orientd no longer answers")
                failures.append("\(badInput.label): \(problems.joined(separator: "; "))")
                break
            }
            let after = try Snapshot.take(clientConnection)
            if after != before { problems.append("the state changed:\n\(before.difference(to: after))") }
            if !problems.isEmpty { failures.append("\(badInput.label): \(problems.joined(separator: "; "))") }
        }

        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(cases.count) cells failed:\n" + failures.joined(separator: "\n"))
        XCTAssertGreaterThan(errorCases, 200, "the matrix should hold a few hundred error cells")
        XCTAssertTrue(orientd.process.isRunning)
        report("bad-input matrix", "\(cases.count) cells (\(errorCases) errors, \(acceptedCases) accepted-and-folded), \(failures.count) failed, \(String(format: "%.1f", seconds(since: start))) s")
    }
}
