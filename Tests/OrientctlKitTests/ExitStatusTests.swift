import TestSupport
import XCTest

/// Exit statuses 0, 1 and 64 and their messages, and orientd not running.
final class ExitStatusTests: OrientctlTestCase {
    func testRefusalsExit1WithTheDBusError() throws {
        let scene = try register("org.example.Video")
        let request = try fails(1, "request", scene, "landscape-left")
        XCTAssertEqual(request.stdout, "")
        XCTAssertTrue(request.stderr.hasPrefix("Failed to request the orientation: "),
                      request.stderr)
        XCTAssertEqual(request.stderr.split(separator: "\n").count, 1)

        let device = try fails(1, "device", "sideways")
        XCTAssertTrue(device.stderr.hasPrefix("Failed to set the device orientation: "), device.stderr)
        XCTAssertTrue(device.stderr.contains("landscape-left"), "the message lists the valid values: \(device.stderr)")

        try ok("root", scene, "nav", "--kind", "navigation")
        try ok("push", scene, "nav", "list")
        let pop = try fails(1, "pop", scene, "nav")
        XCTAssertTrue(pop.stderr.hasPrefix("Failed to pop the controller: "), pop.stderr)

        let unknown = try fails(1, "push", scene, "nowhere", "x")
        XCTAssertTrue(unknown.stderr.hasPrefix("Failed to push the controller: "),
                      unknown.stderr)
        let settle = try fails(1, "set-settle", "20000")
        XCTAssertTrue(settle.stderr.hasPrefix("Failed to set the settle time: "), settle.stderr)

        let gone = try fails(1, "tree", "999")
        XCTAssertTrue(gone.stderr.hasPrefix("Failed to read the controller tree: "), gone.stderr)
    }

    func testUsageErrorsExit64WithAHint() throws {
        for arguments in [["frobnicate"], ["push", "1"], ["lock", "--bogus"], ["set-settle", "soon"], ["tree", "first"],
                          ["register", "a.b", "--size", "big"], ["history", "-n", "-1"], ["list", "--json=xml"]] {
            let output = try orientctl(arguments)
            XCTAssertEqual(output.status, .exited(64), "\(arguments): \(output)")
            XCTAssertEqual(output.stdout, "", "\(arguments)")
            let errorLines = output.stderr.split(separator: "\n")
            XCTAssertEqual(errorLines.count, 2, "\(arguments): \(output.stderr)")
            XCTAssertTrue(errorLines.first?.hasPrefix("orientctl: ") ?? false, output.stderr)
            XCTAssertTrue(errorLines.last?.contains("--help") ?? false, output.stderr)
        }
        XCTAssertEqual(lines(try fails(64, "push", "1").stderr),
                       ["orientctl: push needs NAV ID", "Usage: orientctl push SCENE NAV ID [OPTIONS…]; see 'orientctl push --help'."])
    }

    func testHelpAndVersionExit0() throws {
        let help = try ok("--help")
        for verb in ["status", "list", "show", "tree", "explain", "monitor", "register", "set-props"] {
            XCTAssertTrue(help.contains("\n  \(verb)"), verb)
        }
        XCTAssertEqual(try ok("help", "present"), try ok("present", "--help"))
        XCTAssertTrue(try ok("--version").hasPrefix("orientctl "))
    }

    func testNotRunningSaysSoAndHowToStartIt() throws {
        let bus = try makeBus()
        for arguments in [["status"], ["lock"], ["explain", "1"]] {
            let output = try orientctl(arguments, environment: bus.sessionEnvironment)
            XCTAssertEqual(output.status, .exited(1), "\(output)")
            XCTAssertEqual(output.stdout, "")
            let errorLines = lines(output.stderr)
            XCTAssertEqual(errorLines.count, 2, output.stderr)
            guard errorLines.count == 2 else { continue }
            XCTAssertTrue(errorLines[0].hasPrefix("orientd is not running: nothing owns io.github.orientd.OrientationManager1"), output.stderr)
            XCTAssertTrue(errorLines[0].contains("org.freedesktop.DBus.Error.ServiceUnknown"), output.stderr)
            XCTAssertTrue(errorLines[1].contains("systemctl --user start orientd"), output.stderr)
        }
    }

    func testNoSessionBus() throws {
        let output = try orientctl(["status"], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/orientctl-test-bus"])
        XCTAssertEqual(output.status, .exited(1))
        XCTAssertTrue(output.stderr.hasPrefix("Failed to connect to the session bus: "), output.stderr)
    }
}
