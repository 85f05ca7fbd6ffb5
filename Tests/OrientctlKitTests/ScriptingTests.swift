import Foundation
import GLibBridge
import OrientctlKit
import TestSupport
import XCTest

/// orientctl as scripts use it: pipes that close, a bus that goes away, systemd's usual
/// options, one JSON convention, errors a script and a person can both read.
final class ScriptingTests: OrientctlTestCase {
    /// Runs a shell pipeline with orientctl on PATH against orientd's bus.
    private func pipeline(_ script: String) throws -> ChildProcess {
        let path = OrientdInstance.productsDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try ChildProcess(["bash", "-c", "set -o pipefail; " + script],
                                environment: environment.merging(["PATH": path]) { _, new in new })
    }

    func testMonitorPipedIntoHeadReturnsWithStatus0() throws {
        let monitor = try pipeline("orientctl monitor | head -1")
        try eventually("monitor listens: \(monitor.standardError)") { monitor.standardError.contains("Monitoring orientd") }
        try ok("device", "landscape-left")
        XCTAssertEqual(try monitor.wait(timeout: .seconds(30)), .exited(0), monitor.standardError)
        XCTAssertEqual(lines(monitor.standardOutput).count, 1, monitor.standardOutput)
        XCTAssertTrue(monitor.standardOutput.contains(" device: landscape-left"), monitor.standardOutput)
        XCTAssertFalse(monitor.standardError.contains("rror"), monitor.standardError)
    }

    func testMonitorEndsWhenItsReaderGoesAwayEvenWithoutEvents() throws {
        // `true` never reads: monitor must notice the closed pipe without writing to it.
        let monitor = try pipeline("orientctl monitor | true")
        XCTAssertEqual(try monitor.wait(timeout: .seconds(30)), .exited(0), monitor.standardError)
    }

    func testAClosedOutputEndsAnyVerbQuietly() throws {
        // Standard output is a pipe whose reader has already closed it.
        let script = """
            import os, subprocess, sys
            r, w = os.pipe()
            os.close(r)
            p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
            print(p.returncode, repr(p.stderr.decode()))
            """
        for verb in [["status"], ["list"], ["show"], ["history"]] {
            let output = try runCommand(["python3", "-c", script, OrientdInstance.product("orientctl")] + verb, environment: environment)
            XCTAssertEqual(output.stdout, "0 ''\n", "\(verb): \(output)")
        }
    }

    func testMonitorExitsNonZeroWhenTheBusGoesAway() throws {
        let monitor = try ChildProcess([OrientdInstance.product("orientctl"), "monitor"], environment: environment)
        try eventually("monitor listens: \(monitor.standardError)") { monitor.standardError.contains("Monitoring orientd") }
        orientd.bus.stop()
        XCTAssertEqual(try monitor.wait(timeout: .seconds(30)), .exited(1), monitor.standardError)
        XCTAssertTrue(monitor.standardError.contains("Failed to follow orientd's events: the session bus connection closed"),
                      monitor.standardError)
    }

    func testQuietLeavesOutNotes() throws {
        let monitor = try ChildProcess([OrientdInstance.product("orientctl"), "monitor", "-q"], environment: environment)
        // Without its note there is no telling when it listens: turn the device until it
        // reports a turn.
        var turns = 0
        try eventually("an event: \(monitor.standardOutput)") {
            if monitor.standardOutput.contains(" device: ") { return true }
            turns += 1
            try ok("device", turns % 2 == 1 ? "landscape-left" : "portrait")
            return false
        }
        monitor.send(SIGTERM)
        XCTAssertEqual(try monitor.wait(timeout: .seconds(30)), .exited(0))
        XCTAssertEqual(monitor.standardError, "", "-q: no note")
    }

    func testSystemdStyleOptions() throws {
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        // --json=off: text, as if --json were not given (a wrapper can always pass --json=...).
        XCTAssertEqual(try ok("list", "--json", "--json=off"), try ok("list"))
        XCTAssertEqual(try ok("--no-pager", "list"), try ok("list"))
        // --no-legend: rows only.
        XCTAssertEqual(lines(try ok("list", "--no-legend")).map { $0.components(separatedBy: "\t").first },
                       [scene])
        XCTAssertEqual(try ok("history", "--no-legend"), "")
        try ok("policy", "org.example.Video", "--allow", "portrait")
        XCTAssertEqual(try ok("policies", "--no-legend"), "org.example.Video\tportrait\tyes\tuser\tno\n")
        // show -P NAME: the bare value; -a: the empty properties too.
        XCTAssertEqual(try ok("show", scene, "-P", "AppId"), "org.example.Video\n")
        XCTAssertEqual(try ok("show", "-P", "RotationLocked"), "no\n")
        let shown = lines(try ok("show", scene))
        XCTAssertFalse(shown.contains { $0.hasPrefix("DecidingController=") }, "empty: left out without -a: \(shown)")
        let all = lines(try ok("show", scene, "-a"))
        XCTAssertTrue(all.contains("DecidingController="), "\(all)")
        XCTAssertTrue(all.contains("Owner="), "a detached scene has no owner: \(all)")
        XCTAssertEqual(all.count, shown.count + 2, "\(all)")
        XCTAssertEqual(try ok("show", scene, "-p", "DecidingController"), "DecidingController=\n", "named: always shown")
    }

    func testNegativeNumbersSayWhatIsWrong() throws {
        let output = try fails(64, "set-threshold", "-5")
        XCTAssertEqual(lines(output.stderr).first, "orientctl: POINTS must be a whole number of 0 or more, not '-5'")
        XCTAssertEqual(lines(try fails(64, "set-settle", "-1").stderr).first,
                       "orientctl: MS must be a whole number of 0 or more, not '-1'")
    }

    func testErrorsNameWhatFailedAndKeepTheDBusNameForVerboseAndJSON() throws {
        let plain = try fails(1, "device", "sideways")
        XCTAssertTrue(plain.stderr.hasPrefix("Failed to set the device orientation: "), plain.stderr)
        XCTAssertFalse(plain.stderr.contains("org.freedesktop.DBus.Error"), "no jargon by default: \(plain.stderr)")
        XCTAssertTrue(plain.stderr.contains("landscape-left"), "the valid values: \(plain.stderr)")

        let verbose = try fails(1, "device", "sideways", "--verbose")
        XCTAssertTrue(verbose.stderr.hasPrefix("Failed to set the device orientation: "), verbose.stderr)
        XCTAssertTrue(verbose.stderr.hasSuffix(" (org.freedesktop.DBus.Error.InvalidArgs)\n"), verbose.stderr)

        let json = try fails(1, "device", "sideways", "--json")
        XCTAssertEqual(json.stdout, "")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], json.stderr)
        XCTAssertEqual(object["error"] as? String, "org.freedesktop.DBus.Error.InvalidArgs")
        XCTAssertEqual(object["verb"] as? String, "device")
        XCTAssertEqual(object["failed"] as? String, "set the device orientation")
        XCTAssertTrue((object["message"] as? String)?.contains("landscape-left") ?? false, json.stderr)

        // Every verb has its own phrase.
        for verb in VerbTable.all {
            XCTAssertNotNil(FailurePhrases.byVerb[verb.name],
                            "'\(verb.name)' has no phrase for its errors: add one to FailurePhrases.byVerb")
        }
        let phrases = VerbTable.all.map { FailurePhrases.phrase(for: $0.name) }
        XCTAssertEqual(Set(phrases).count, phrases.count, "one phrase per verb")
    }

    /// Every verb's JSON: lowerCamelCase keys, and null rather than "" for none.
    func testOneJSONConventionForEveryVerb() throws {
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        let empty = try register("org.example.Empty")
        try ok("root", scene, "nav", "--kind", "navigation")
        try ok("push", scene, "nav", "list", "--supported", "portrait")
        try ok("present", scene, "list", "player", "--supported", "landscape", "--preferred", "landscape-right")
        try ok("policy", "org.example.Video", "--allow", "all")
        try ok("policy", "org.example.Other", "--no-sensor")
        var outputs: [(String, Any)] = []
        for arguments in [["status"], ["list"], ["show"], ["show", scene], ["show", empty], ["show", scene, "-p", "Width"],
                          ["tree", scene], ["tree", empty], ["explain", scene], ["explain", empty], ["history"],
                          ["policies"], ["policy", "org.example.Video"], ["policy", "org.example.Nobody"],
                          ["update", scene], ["request", scene, "landscape-left"], ["register", "org.example.More"]] {
            outputs.append((arguments.joined(separator: " "), try jsonOf(arguments)))
        }
        let monitor = try ChildProcess([OrientdInstance.product("orientctl"), "monitor", "--json"], environment: environment)
        try eventually("monitor listens") { monitor.standardError.contains("Monitoring orientd") }
        try ok("device", "landscape-right")
        try ok("lock")
        try eventually("events: \(monitor.standardOutput)") { monitor.standardOutput.contains("rotationLocked") }
        monitor.terminate()
        _ = try monitor.wait(timeout: .seconds(30))
        for line in lines(monitor.standardOutput) {
            outputs.append(("monitor", try JSONSerialization.jsonObject(with: Data(line.utf8))))
        }
        for (what, value) in outputs {
            for key in Self.keys(of: value) {
                XCTAssertTrue(JSONConvention.isConventional(key), "\(what): key '\(key)' is not lowerCamelCase")
            }
            XCTAssertFalse(Self.strings(of: value).contains(""), "\(what): \"\" where null belongs: \(value)")
        }
        let tree = try XCTUnwrap(outputs.first { $0.0 == "tree \(scene)" }?.1 as? [String: Any])
        XCTAssertEqual(tree["number"] as? Int, Int(scene))
        XCTAssertTrue((try XCTUnwrap(tree["controllers"] as? [[String: Any]]))[0]["preferredOrientation"] is NSNull)
        let show = try XCTUnwrap(outputs.first { $0.0 == "show \(empty)" }?.1 as? [String: Any])
        XCTAssertTrue(show["decidingController"] is NSNull, "\(show)")
    }

    private func jsonOf(_ arguments: [String]) throws -> Any {
        let output = try orientctl(arguments + ["--json"])
        XCTAssertEqual(output.status, .exited(0), "\(arguments): \(output)")
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8), options: .fragmentsAllowed)
    }

    /// `--json` keys in JSONConvention's spelling.
    func testKeySpelling() {
        XCTAssertEqual(JSONConvention.key("DeviceOrientation"), "deviceOrientation")
        XCTAssertEqual(JSONConvention.key("app-id"), "appId")
        XCTAssertEqual(JSONConvention.key("supported-orientations"), "supportedOrientations")
        XCTAssertEqual(JSONConvention.key("AppId"), "appId")
        XCTAssertTrue(JSONConvention.isConventional("timeUsec"))
        XCTAssertFalse(JSONConvention.isConventional("time-usec"))
        XCTAssertFalse(JSONConvention.isConventional("Path"))
    }

    private static func keys(of value: Any) -> [String] {
        if let object = value as? [String: Any] { return object.keys + object.values.flatMap(keys(of:)) }
        if let array = value as? [Any] { return array.flatMap(keys(of:)) }
        return []
    }

    private static func strings(of value: Any) -> [String] {
        if let object = value as? [String: Any] { return object.values.flatMap(strings(of:)) }
        if let array = value as? [Any] { return array.flatMap(strings(of:)) }
        return (value as? String).map { [$0] } ?? []
    }
}
