import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The service manager can always recover.
/// A client taking the name does not end orientd (it waits in the bus's queue, says who holds
/// the name, and serves again once it is released: exiting would hand the squatter the
/// service for good, as every restart would find the name taken); `orientd --replace` takes
/// over (exit 0), also from a stopped instance without blocking; empty option values are
/// usage errors.
final class RecoveryTests: OrientdTestCase {
    /// Each test starts the orientds it needs.
    override var startsOrientdInSetUp: Bool { false }

    func testAClientTakingTheNameLeavesOrientdQueuedUntilItIsReleased() throws {
        let orientd = try launch()
        defer { orientd.stop(); orientd.bus.stop() }
        let squatter = try orientd.bus.connect()
        defer { squatter.close() }
        // orientd allows replacement (for --replace), so any client asking REPLACE_EXISTING gets it.
        XCTAssertEqual(try squatter.requestName(OrientdInstance.busName, flags: [.replace]), .primaryOwner)
        try eventually("orientd logs who took the name: \(orientd.log)", timeout: .seconds(20)) {
            orientd.log.contains("was taken by \(squatter.uniqueName) (process \(getpid())")
        }
        XCTAssertTrue(orientd.process.isRunning, orientd.log)
        XCTAssertTrue(orientd.log.contains("waits in the bus's queue"), orientd.log)
        // The squatter lets go: the bus hands the name back to orientd, which serves.
        try squatter.releaseName(OrientdInstance.busName)
        let client = try orientd.bus.connect()
        defer { client.close() }
        try eventually("orientd serves again", timeout: .seconds(20)) { client.orientdAnswers() }
        XCTAssertTrue(orientd.log.contains("is orientd's again: serving"), orientd.log)
        XCTAssertTrue(orientd.process.isRunning)
        report("name taken", "by a client's RequestName(REPLACE_EXISTING): orientd stays queued, names the holder (unique name, pid, command), serves again once it is released")
    }

    /// Started (three times, as a service manager would) while a client holds the name:
    /// orientd queues instead of exiting, and serves once the client goes.
    func testStartsWhileAClientHoldsTheNameQueueAndServeOnceItGoes() throws {
        let bus = try makeBus()
        defer { bus.stop() }
        let squatter = try bus.connect()
        XCTAssertEqual(try squatter.requestName(OrientdInstance.busName, flags: [.doNotQueue]), .primaryOwner)
        var instances: [OrientdInstance] = []
        defer { instances.forEach { $0.stop() } }
        for _ in 0..<3 {
            let orientd = try launch(bus: bus)
            instances.append(orientd)
            try eventually("orientd logs the holder: \(orientd.log)", timeout: .seconds(20)) {
                orientd.log.contains("is owned by \(squatter.uniqueName) (process \(getpid())")
            }
            XCTAssertTrue(orientd.process.isRunning, "a taken name is no reason to exit: \(orientd.log)")
        }
        instances.dropLast().forEach { $0.stop() }
        squatter.close()
        let client = try bus.connect()
        defer { client.close() }
        try eventually("the last start serves once the client left", timeout: .seconds(20)) { client.orientdAnswers() }
        XCTAssertTrue(instances.last!.log.contains("serving \(OrientdInstance.busName)"), instances.last!.log)
    }

    /// --replace while the old instance is stopped (SIGSTOP): the new one owns the name and
    /// answers at once with the settings on disk, refuses to save while the stopped one holds
    /// the state folder, and takes the folder over once it lets go.
    func testReplacingAStoppedInstanceAnswersAtOnceAndSavesOnceItLetsGo() throws {
        let first = try launch()
        defer { first.process.send(SIGCONT); first.stop(); first.bus.stop() }
        let client = try first.bus.connect()
        defer { client.close() }
        try client.manager("SetSettleTime", [.u(77)])
        let firstName = try XCTUnwrap(client.nameOwner(OrientdInstance.busName))
        first.process.send(SIGSTOP)
        let second = try launch(arguments: ["--sensor", "none", "--replace"], bus: first.bus, stateHome: first.stateHome)
        defer { second.stop() }
        try eventually("the new instance owns the name", timeout: .seconds(20)) {
            try client.nameOwner(OrientdInstance.busName) != firstName
        }
        let asked = ContinuousClock.now
        let served = client.orientd(Contract.managerPath, Contract.properties, "Get", [.s(Contract.managerInterface), .s("SettleTime")], timeout: 20_000)
        XCTAssertEqual(try served.get().child(at: 0).unboxed?.uint32, 77, "the settings on disk, at once: \(second.log)")
        let scene = client.orientd(Contract.managerPath, Contract.managerInterface, "RegisterScene", [.vardict(["app-id": .s("replace.app")])], timeout: 20_000)
        XCTAssertNil(scene.errorName, "\(scene)")
        let took = ContinuousClock.now - asked
        let refused = client.orientd(Contract.managerPath, Contract.managerInterface, "SetSettleTime", [.u(78)], timeout: 20_000)
        XCTAssertEqual(refused.errorName, Contract.error("SaveFailed"), "\(refused)")
        XCTAssertTrue(refused.errorMessage.contains("still held by process \(first.process.pid)"), refused.errorMessage)
        XCTAssertTrue(second.process.isRunning)

        // The stopped instance goes on, sees it was replaced, and exits: the new one saves.
        first.process.send(SIGCONT)
        XCTAssertEqual(try first.process.wait(timeout: .seconds(30)), .exited(0), first.log)
        try eventually("saving works once the state folder is the new instance's: \(second.log)", timeout: .seconds(20)) {
            client.orientd(Contract.managerPath, Contract.managerInterface, "SetSettleTime", [.u(78)]).errorName == nil
        }
        XCTAssertTrue(second.log.contains("took over the state folder"), second.log)
        report("replace a stopped instance", "the new instance answered two calls in \(took) while the old one was stopped (saving refused, naming its pid), and saved once it exited")
    }

    func testReplaceByAnotherOrientdExitsZero() throws {
        let first = try launch()
        defer { first.stop(); first.bus.stop() }
        let second = try launch(arguments: ["--sensor", "none", "--replace"], bus: first.bus)
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
