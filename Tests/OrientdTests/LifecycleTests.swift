import Glibc
import GLibBridge
import TestSupport
import XCTest

/// How orientd starts and ends: signals, --replace, --help/--version, bad options, a second
/// instance, and the bus going away.
final class LifecycleTests: OrientdTestCase {
    override var startsOrientdInSetUp: Bool { false }

    private var binary: String { OrientdInstance.product("orientd") }

    func testSIGTERMAndSIGINTExitZero() throws {
        let first = try launch(arguments: [])
        XCTAssertEqual(first.stop(), .exited(0), first.log)
        XCTAssertTrue(first.log.contains("signal 15"), first.log)

        let second = try launch()
        second.process.send(SIGINT)
        XCTAssertEqual(try second.process.wait(), .exited(0), second.log)
    }

    /// A service manager may stop orientd as soon as it owns its name.
    func testSIGTERMRightAfterTheNameIsOwnedExitsZero() throws {
        for _ in 0..<5 {
            let instance = try launch(arguments: [])
            XCTAssertEqual(instance.stop(), .exited(0), instance.log)
        }
    }

    func testReplaceTakesOverFromARunningInstance() throws {
        let first = try launch()
        let firstName = try serviceUniqueName(first)
        let second = try launch(arguments: ["--sensor", "none", "--replace"], bus: first.bus)
        XCTAssertEqual(try first.process.wait(), .exited(0), first.log)
        XCTAssertTrue(first.log.contains("taken over"), first.log)
        try eventually("the new instance owns the name") {
            try serviceUniqueName(second) != firstName
        }
        XCTAssertTrue(second.process.isRunning, second.log)
        let connection = try connect(to: second)
        XCTAssertEqual(try callManager("RegisterScene", [.vardict(["app-id": .s("com.example.after")])], on: connection)
            .child(at: 0).string, Contract.scenePath(1, registeredBy: connection.connection.uniqueName))
        XCTAssertEqual(second.stop(), .exited(0), second.log)
    }

    func testASecondInstanceWithoutReplaceExitsNonZeroWithAClearLogLine() throws {
        let first = try launch()
        let firstName = try serviceUniqueName(first)
        let environment = first.environment.merging(try makeXDGFolders().environment) { _, new in new }
        let second = try ChildProcess([binary, "--sensor", "none"], environment: environment)
        let status = try second.wait()
        XCTAssertNotEqual(status, .exited(0), second.standardError)
        XCTAssertTrue(second.standardError.contains("owned by another process"), second.standardError)
        XCTAssertTrue(second.standardError.contains("--replace"), second.standardError)
        XCTAssertEqual(try serviceUniqueName(first), firstName, "the first keeps serving")
        XCTAssertTrue(first.process.isRunning)
    }

    func testWhenTheBusDiesOrientdExitsNonZeroWithALogLine() throws {
        let instance = try launch()
        instance.bus.process.kill()
        let status = try instance.process.wait(timeout: .seconds(30))
        XCTAssertNotEqual(status, .exited(0), instance.log)
        if case .signaled = status { XCTFail("it must exit, not crash: \(status)\n\(instance.log)") }
        XCTAssertTrue(instance.log.contains("session bus"), instance.log)
    }

    func testWithoutASessionBusItExitsNonZeroWithALogLine() throws {
        let output = try runCommand([binary, "--sensor", "none"], environment: try makeXDGFolders().environment
            .merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/orientd-test-bus"]) { _, new in new }, timeout: .seconds(10))
        XCTAssertEqual(output.status, .exited(1), "\(output)")
        XCTAssertTrue(output.stderr.contains("session bus"), output.stderr)
    }

    func testHelpAndVersionExitZero() throws {
        for flag in ["--help", "-h"] {
            let help = try runCommand([binary, flag])
            XCTAssertEqual(help.status, .exited(0), "\(help)")
            XCTAssertTrue(help.stdout.contains("Usage: orientd"), help.stdout)
            XCTAssertTrue(help.stdout.contains("--replace"), help.stdout)
        }
        let version = try runCommand([binary, "--version"])
        XCTAssertEqual(version.status, .exited(0), "\(version)")
        XCTAssertTrue(version.stdout.hasPrefix("orientd "), version.stdout)
        XCTAssertTrue(version.stdout.contains("interface version \(try Contract.interfaceVersion))"), version.stdout)
    }

    func testABadOptionExits64() throws {
        for arguments in [["--bogus"], ["--sensor", "sometimes"], ["--state-dir"], ["stray"]] {
            let output = try runCommand([binary] + arguments)
            XCTAssertEqual(output.status, .exited(64), "\(arguments): \(output)")
            XCTAssertTrue(output.stderr.contains("orientd --help"), output.stderr)
            XCTAssertEqual(output.stdout, "")
        }
        let output = try runCommand([binary, "--bogus"])
        XCTAssertTrue(output.stderr.contains("'--bogus'"), output.stderr)
    }
}
