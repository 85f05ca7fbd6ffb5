import GLibBridge
import TestSupport
import XCTest

final class ChildProcessTests: XCTestCase {
    func testRunCapturesOutputStatusAndEnvironment() throws {
        let output = try runCommand(["sh", "-c", "echo out $ORIENTD_TEST_VAR; echo err >&2; exit 3"],
                             environment: ["ORIENTD_TEST_VAR": "value"])
        XCTAssertEqual(output.status, .exited(3))
        XCTAssertFalse(output.succeeded)
        XCTAssertEqual(output.stdout, "out value\n")
        XCTAssertEqual(output.stderr, "err\n")
        XCTAssertTrue(try runCommand(["true"]).succeeded)
    }

    func testTerminateWorksEvenWhenTheSpawningThreadBlocksSIGTERM() throws {
        var block = sigset_t(), saved = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &block, &saved)
        let child = try ChildProcess(["sleep", "30"])
        pthread_sigmask(SIG_SETMASK, &saved, nil)

        XCTAssertTrue(child.isRunning)
        XCTAssertGreaterThan(child.pid, 0)
        child.terminate()
        XCTAssertEqual(try child.wait(timeout: .seconds(30)), .signaled(SIGTERM))
        XCTAssertFalse(child.isRunning)
        child.terminate()  // reaped: nothing is sent
    }

    func testKillWaitTimeoutAndStop() throws {
        let child = try ChildProcess(["sleep", "30"])
        XCTAssertThrowsError(try child.wait(timeout: .milliseconds(20))) {
            XCTAssertTrue("\($0)".contains("still runs"), "\($0)")
        }
        child.kill()
        XCTAssertEqual(try child.wait(), .signaled(SIGKILL))

        let stubborn = try ChildProcess(["sh", "-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"])
        XCTAssertEqual(try stubborn.firstLineOfOutput(), "ready")
        XCTAssertEqual(stubborn.stop(timeout: .milliseconds(100)), .signaled(SIGKILL))
    }

    func testFirstLineAndStandardError() throws {
        let child = try ChildProcess(["sh", "-c", "echo log >&2; printf 'first\\nsecond\\n'; sleep 30"])
        XCTAssertEqual(try child.firstLineOfOutput(), "first")
        try eventually("stderr") { child.standardError == "log\n" }
        child.stop()

        let quitter = try ChildProcess(["sh", "-c", "echo oops >&2; exit 1"])
        XCTAssertThrowsError(try quitter.firstLineOfOutput()) {
            XCTAssertTrue("\($0)".contains("oops"), "\($0)")
        }
    }

    func testMissingProgram() {
        XCTAssertThrowsError(try ChildProcess(["/nonexistent/program"])) {
            XCTAssertTrue("\($0)".contains("cannot start"), "\($0)")
        }
    }

    func testPrivateBusStops() throws {
        let bus = try PrivateBus()
        let connection = try bus.connect()
        XCTAssertTrue(connection.uniqueName.hasPrefix(":"))
        connection.close()
        bus.stop()
        XCTAssertFalse(bus.process.isRunning)
        XCTAssertThrowsError(try bus.connect())
        bus.stop()
    }

    func testEventuallyReportsWhatItWaitedFor() {
        XCTAssertThrowsError(try eventually("the impossible", timeout: .milliseconds(10)) { false }) {
            XCTAssertTrue("\($0)".contains("timed out after"), "\($0)")
            XCTAssertTrue("\($0)".contains("the impossible"), "\($0)")
            XCTAssertTrue("\($0)".contains("ChildProcessTests.swift"), "\($0)")
        }
    }
}
