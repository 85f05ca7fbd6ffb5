import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Issue 13, item 3: no client can squat. Detached scenes left behind have a cap of their
/// own, so apps can always register; a full app-policy table never locks new apps out.
final class SquattingTests: OrientdTestCase {
    func testDetachedScenesLeftBehindNeverKeepAppsFromRegistering() throws {
        // Two squatters fill the detached cap (1,000) and leave.
        let squatters = try (0..<2).map { try orientd.bus.connectWithLoop(name: "squatter\($0)") }
        let first = try squatters[0].registerMany(600, app: "squat.detached") { _ in true }
        let second = try squatters[1].registerMany(401, app: "squat.detached") { _ in true }
        XCTAssertEqual((first + second.prefix(400)).compactMap(\.errorName), [])
        XCTAssertEqual(second.last?.errorName, E.limit)
        XCTAssertTrue(second.last?.errorMessage.contains("1000 detached scenes; the limit is 1000 detached scenes in all") == true,
                      second.last?.errorMessage ?? "")
        squatters.forEach { $0.close() }

        // Apps still register (pipelined, a full connection's worth), and the detached scenes stay.
        let app = try orientd.bus.connectWithLoop(name: "squat-app")
        defer { app.close() }
        XCTAssertEqual(try app.registerMany(1_000, app: "squat.app").compactMap(\.errorName), [])
        XCTAssertEqual(try client.managedObjects().count, 2_000)
        // Only another detached scene is refused, until one goes.
        XCTAssertEqual(client.orientd(Contract.managerPath, Contract.manager, "RegisterScene",
                                      [.dict(["app-id": .s("squat.app"), "detached": .b(true)])]).errorName, E.limit)
        try client.manager("UnregisterScene", [.o(try first[0].get().child(at: 0).string!)])
        XCTAssertNoThrow(try client.register(app: "squat.app", detached: true))
        report("detached squatting", "1,000 detached scenes left behind by 2 clients: the 1,001st detached refused, 1,000 live registrations of an app accepted")
    }

    func testAFullPolicyTableNeverLocksANewAppOut() throws {
        let junk = (0..<1_000).map { String(format: "junk.app%04d", $0) }
        let flooder = try orientd.bus.connectWithLoop(name: "policy-flooder")
        let set = try flooder.pipeline(junk.count) { index in
            (Contract.managerPath, Contract.manager, "SetAppPolicy", [.s(junk[index]), .dict(["follow-sensor": .b(false)])])
        }
        flooder.close()
        XCTAssertEqual(set.compactMap(\.errorName), [])

        // Restart: the 1,000 junk policies persist.
        let stateHome = orientd.stateHome
        let bus = orientd.bus
        client.close()
        orientd.stop()
        orientd = try OrientdInstance(bus: bus, stateHome: stateHome)
        client = try bus.connect()
        XCTAssertEqual(try client.manager("GetAppPolicies").child(at: 0).childCount, 1_000)

        // junk.app0000 is running now; its policy is never the one to go.
        _ = try client.register(app: "junk.app0000")
        try client.manager("SetAppPolicy", [.s("new.app"), .dict(["allowed-orientations": .strings(["portrait"])])])
        var policies = try XCTUnwrap(client.manager("GetAppPolicies").child(at: 0).stringDictionary)
        XCTAssertEqual(policies.count, 1_000)
        XCTAssertNotNil(policies["new.app"])
        XCTAssertNotNil(policies["junk.app0000"], "the policy of a running app stays")
        XCTAssertNil(policies["junk.app0001"], "the oldest policy of an app without scenes made room")
        // And the next new app after it.
        try client.manager("SetAppPolicy", [.s("newer.app"), .dict(["follow-sensor": .b(false)])])
        policies = try XCTUnwrap(client.manager("GetAppPolicies").child(at: 0).stringDictionary)
        XCTAssertNil(policies["junk.app0002"])
        XCTAssertNotNil(policies["new.app"])
        report("policy squatting", "1,000 junk policies persisted over a restart; new apps' policies accepted, each replacing the oldest of an app without scenes")
    }
}
