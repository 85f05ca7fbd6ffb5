import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Issue 13, item 5: the service manager can always recover. Losing the name to anything but
/// `orientd --replace` exits non-zero (so `Restart=on-failure` brings orientd back); empty
/// option values are usage errors.
final class RecoveryTests: XCTestCase {
    func testLosingTheNameToAnotherProgramExitsNonZero() throws {
        let orientd = try OrientdInstance()
        defer { orientd.stop(); orientd.bus.stop() }
        let squatter = try orientd.bus.connect()
        defer { squatter.close() }
        // orientd allows replacement (for --replace), so any client asking REPLACE_EXISTING gets it.
        XCTAssertEqual(try squatter.requestName(OrientdInstance.busName, flags: [.replace]), .primaryOwner)
        let status = try orientd.process.wait(timeout: .seconds(20))
        XCTAssertEqual(status, .exited(1), "a name taken by another program must exit non-zero; its log:\n\(orientd.log)")
        XCTAssertTrue(orientd.log.contains("not an orientd started with --replace"), orientd.log)
        XCTAssertTrue(orientd.log.contains(squatter.uniqueName), "the log names the new owner: \(orientd.log)")
        report("name lost", "to a client's RequestName(REPLACE_EXISTING): exit status 1")
    }

    func testReplaceByAnotherOrientdExitsZero() throws {
        let first = try OrientdInstance()
        defer { first.stop(); first.bus.stop() }
        let second = try OrientdInstance(arguments: ["--sensor", "none", "--replace"], bus: first.bus)
        defer { second.stop() }
        XCTAssertEqual(try first.process.wait(timeout: .seconds(20)), .exited(0), first.log)
        XCTAssertTrue(first.log.contains("taken over by another instance (orientd --replace"), first.log)
        XCTAssertTrue(second.process.isRunning)
        let client = try first.bus.connect()
        defer { client.close() }
        XCTAssertTrue(client.orientdAnswers())
    }

    func testEmptyOptionValuesAreUsageErrors() throws {
        let stateHome = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        let cases: [([String], String)] = [
            (["--state-dir=", "--verbose"], "--state-dir needs a value; it was given an empty one"),
            (["--state-dir", "", "--verbose"], "--state-dir needs a value; it was given an empty one"),
            (["--state-dir", "--verbose"], "--state-dir needs a value, not the option '--verbose'"),
            (["--sensor="], "--sensor needs a value; it was given an empty one"),
            (["--natural-orientation", ""], "--natural-orientation needs a value; it was given an empty one"),
            (["--state-dir"], "--state-dir needs a value"),
        ]
        for (arguments, message) in cases {
            let process = try ChildProcess([OrientdInstance.product("orientd")] + arguments,
                                           environment: ["XDG_STATE_HOME": stateHome, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
            XCTAssertEqual(try process.wait(timeout: .seconds(20)), .exited(64), "\(arguments): \(process.standardError)")
            XCTAssertTrue(process.standardError.contains(message), "\(arguments): \(process.standardError)")
            XCTAssertTrue(process.standardError.contains("Try 'orientd --help'"), process.standardError)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stateHome), [], "nothing was created")
    }
}
