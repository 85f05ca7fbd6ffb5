import Foundation
import TestSupport
import XCTest

/// orientd turning a real KWin (`kwin_wayland --virtual`) through kscreen-doctor.
final class KWinBackendTests: OutputTestCase {
    static let output = "Virtual-0"

    /// Starts KWin with one virtual 800×1280 output on the scratch runtime folder and waits
    /// until kscreen-doctor lists it. Debian's kwin_wayland carries a file capability
    /// (cap_sys_resource) that makes exec fail in a container without it: the test runs a
    /// plain copy of the binary.
    @discardableResult
    func startKWin() throws -> ChildProcess {
        let copy = scratch + "/kwin_wayland"
        if !FileManager.default.fileExists(atPath: copy) {
            try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: copy)
        }
        let kwin = try start("kwin_wayland", [copy, "--virtual", "--width", "800", "--height", "1280",
                                              "--socket", Self.waylandSocket])
        try eventually("kscreen-doctor lists \(Self.output); KWin's log:\n\(kwin.standardError)", timeout: deadline) {
            if let status = kwin.exitStatus { throw TestSupportError("kwin_wayland exited (\(status)):\n\(kwin.standardError)") }
            return (try? kscreenRotation(Self.output)) != nil
        }
        return kwin
    }

    /// Runs kscreen-doctor on the test's KWin (Qt's Wayland platform); throws when it fails.
    @discardableResult
    func kscreenDoctor(_ arguments: [String]) throws -> String {
        var env = childEnvironment
        env.merge(waylandEnvironment) { _, new in new }
        env["QT_QPA_PLATFORM"] = "wayland"
        let result = try runCommand(["kscreen-doctor"] + arguments, environment: env)
        guard result.succeeded else { throw TestSupportError("kscreen-doctor \(arguments.joined(separator: " ")) failed: \(result)") }
        return result.stdout
    }

    /// KScreen's rotation of `output` from `kscreen-doctor -j` (1 none, 2 left, 4 inverted, 8 right).
    func kscreenRotation(_ output: String) throws -> Int? {
        let text = try kscreenDoctor(["-j"])
        guard let start = text.firstIndex(of: "{"),
              let document = try JSONSerialization.jsonObject(with: Data(text[start...].utf8)) as? [String: Any],
              let outputs = document["outputs"] as? [[String: Any]] else { return nil }
        return outputs.first { $0["name"] as? String == output }?["rotation"] as? Int
    }

    func waitForRotation(_ rotation: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: Int?
        try eventually("\(Self.output) rotation \(rotation) (last: \(last.map(String.init) ?? "none"))",
                       timeout: deadline, file: file, line: line) {
            last = try kscreenRotation(Self.output)
            return last == rotation
        }
    }

    /// Each row of the table, read back by kscreen-doctor; someone else's rotation is read
    /// back (KWin's output-device events) and not fought.
    func testEachOrientationReachesThePanelAndSomeoneElsesIsReadBack() throws {
        try startKWin()
        try launchOrientd(["--output-backend", "kwin", "--output", Self.output], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "kwin")
        try waitForProperty("OutputName", Self.output)
        _ = try registerScene()
        for (device, interface, rotation) in [("landscape-right", "landscape-left", 2),
                                              ("landscape-left", "landscape-right", 8),
                                              ("portrait-upside-down", "portrait-upside-down", 4),
                                              ("portrait", "portrait", 1)] {
            try turnDevice(device)
            try waitForRotation(rotation)
            try waitForProperty("OutputOrientation", interface)
        }

        let appliesBefore = orientdLogLines(containing: "kscreen-doctor output.").count
        try kscreenDoctor(["output.\(Self.output).rotation.inverted"])
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        XCTAssertEqual(try kscreenRotation(Self.output), 4, "orientd turned the panel back")
        XCTAssertEqual(orientdLogLines(containing: "kscreen-doctor output.").count, appliesBefore)
    }

    /// `--output-backend kwin` on a compositor that is not KWin (phoc) says so and stays none.
    func testOnAnotherCompositorTheBackendSaysItIsNotKWin() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "kwin"], environment: waylandEnvironment)
        try eventually("orientd says the compositor is not KWin", timeout: deadline) {
            !orientdLogLines(containing: "is not KWin: it offers no kde_output_management_v2 or org_kde_kwin_outputmanagement").isEmpty
        }
        XCTAssertEqual(try managerProperty("OutputBackend").string, "none")
    }

    /// KWin killed: orientd keeps serving with OutputBackend none; a new KWin is picked up and
    /// shown the current orientation.
    func testKWinKilledAndBackIsPickedUpAgain() throws {
        let kwin = try startKWin()
        try launchOrientd(["--output-backend", "auto", "--output", Self.output], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "kwin")
        XCTAssertFalse(orientdLogLines(containing: "offers KWin's output management").isEmpty, orientd.log)
        _ = try registerScene()
        try turnDevice("landscape-right")
        try waitForRotation(2)

        kwin.kill()
        try kwin.wait(timeout: deadline)
        try waitForProperty("OutputBackend", "none")
        XCTAssertTrue(orientd.process.isRunning)
        try turnDevice("landscape-left")

        try startKWin()
        try waitForProperty("OutputBackend", "kwin")
        try waitForRotation(8)
        try waitForProperty("OutputOrientation", "landscape-right")
    }
}
