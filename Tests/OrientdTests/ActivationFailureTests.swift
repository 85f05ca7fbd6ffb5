import Foundation
import Glibc
import TestSupport
import XCTest

/// A D-Bus activation that fails reaches the user with orientd's own reason: orientd writes
/// it to `$XDG_RUNTIME_DIR/orientd/last-failure` when it cannot start, `orientctl` prints it,
/// and orientd removes it once it serves.
final class ActivationFailureTests: OrientdTestCase {
    func testTheStateFolderHeldByAnotherOrientdIsSaidByOrientctlAndClearedOnceItStarts() throws {
        // The setUp's orientd holds its state folder; a second bus activates orientd on the same one.
        let runtime = try temporaryDirectory()
        let services = try temporaryDirectory()
        let stateHome = orientd.stateHome
        try "[D-BUS Service]\nName=\(Contract.busName)\nExec=\(OrientdInstance.product("orientd")) --sensor none\n"
            .write(toFile: services + "/\(Contract.busName).service", atomically: true, encoding: .utf8)
        let environment = ["XDG_STATE_HOME": stateHome, "XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_DIRS": stateHome + "/xdg-config",
                           "DISPLAY": "", "WAYLAND_DISPLAY": ""]
        let bus = try PrivateBus(serviceFolders: [services], environment: environment)
        addLog("second bus") { bus.process.standardError }
        func orientctl(_ arguments: String...) throws -> ProcessOutput {
            try runCommand([OrientdInstance.product("orientctl")] + arguments,
                           environment: bus.sessionEnvironment.merging(["XDG_RUNTIME_DIR": runtime, "NO_COLOR": "1"]) { $1 },
                           timeout: .seconds(60))
        }

        let failed = try orientctl("status")
        XCTAssertEqual(failed.status, .exited(1), "\(failed)")
        let said = failed.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("dbus-daemon[") }
        XCTAssertTrue(said.first?.hasPrefix("orientd is not running") == true, "\(failed)")
        let reason = try XCTUnwrap(said.first { $0.hasPrefix("Its last failure: ") }, "\(failed)")
        XCTAssertTrue(reason.contains("could not start at "), reason)
        XCTAssertTrue(reason.contains("the state folder \(stateHome)/orientd is in use by"), reason)
        XCTAssertTrue(reason.contains("--replace"), "it says what to do: \(reason)")

        // The file: the user's own, one bounded line.
        let file = runtime + "/orientd/last-failure"
        var status = stat()
        XCTAssertEqual(stat(runtime + "/orientd", &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o700, "only the user enters the folder")
        XCTAssertEqual(stat(file, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n") && text.utf8.count <= 2048 && text.dropLast().allSatisfy { $0 != "\n" }, text)

        // The first orientd ends: activation now starts one, which serves and removes the record.
        orientd.stop()
        let started = try orientctl("status")
        XCTAssertEqual(started.status, .exited(0), "\(started)")
        XCTAssertFalse(started.stdout.contains("Last failed start"), started.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "removed once orientd serves")
    }

    /// While an orientd serves, `status` still says when another could not start since.
    func testStatusShowsALaterFailureBesideARunningOrientd() throws {
        let runtime = orientd.xdg.runtime
        let refused = try launchExpectingFailure(environment: ["XDG_RUNTIME_DIR": runtime])
        XCTAssertTrue(refused.contains("is in use by"), refused)
        let output = try runCommand([OrientdInstance.product("orientctl"), "status"],
                                    environment: orientd.environment.merging(["XDG_RUNTIME_DIR": runtime, "NO_COLOR": "1"]) { $1 })
        XCTAssertTrue(output.succeeded, "\(output)")
        let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("Last failed start: ") }
        XCTAssertTrue(line?.contains("the state folder \(orientd.stateHome)/orientd is in use by") == true, output.stdout)
    }

    /// A second orientd on the same state folder, by hand: it exits 1; its log.
    private func launchExpectingFailure(environment: [String: String]) throws -> String {
        let output = try runCommand([OrientdInstance.product("orientd"), "--sensor", "none"],
                                    environment: ["XDG_STATE_HOME": orientd.stateHome, "DISPLAY": "", "WAYLAND_DISPLAY": ""]
                                        .merging(makeBus().sessionEnvironment) { $1 }.merging(environment) { $1 },
                                    timeout: .seconds(30))
        XCTAssertEqual(output.status, .exited(1), "\(output)")
        return output.stderr
    }
}
