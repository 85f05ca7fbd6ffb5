import Foundation
import GLibBridge
import Glibc
import TestSupport
import XCTest

/// An OK reply is a promise: a setting orientd acknowledged is on disk before the reply, so
/// killing orientd (SIGKILL, nothing flushed on the way out) right after it loses nothing.
/// Checked for the user's switches, the newest first.
final class KilledAfterTheReplyTests: OrientdTestCase {
    override var startsOrientdInSetUp: Bool { false }

    func testEachSwitchSurvivesAKillRightAfterItsReply() throws {
        let home = try temporaryDirectory()
        let switches: [(method: String, value: Variant, property: String)] = [
            ("SetAppLocksAllowed", .b(false), "AppLocksAllowed"),
            ("SetRotationLocked", .b(true), "RotationLocked"),
            ("SetSettleTime", .u(1_234), "SettleTime"),
        ]
        for entry in switches {
            let first = try launch(stateHome: home, timeout: .seconds(30))
            let client = try first.bus.connect()
            _ = try client.orientd(Contract.managerPath, Contract.managerInterface, entry.method, [entry.value]).get()
            client.close()
            XCTAssertEqual(kill(first.process.pid, SIGKILL), 0)
            _ = try first.process.wait(timeout: .seconds(10))

            let again = try launch(stateHome: home, timeout: .seconds(30))
            let reader = try again.bus.connect()
            defer { reader.close() }
            let served = try reader.orientd(Contract.managerPath, Contract.properties, "Get",
                                            [.s(Contract.managerInterface), .s(entry.property)]).get().child(at: 0).unboxed
            XCTAssertEqual(served, entry.value, "\(entry.property) after \(entry.method) and a SIGKILL")
            XCTAssertEqual(again.stop(), .exited(0), again.log)
        }
    }
}
