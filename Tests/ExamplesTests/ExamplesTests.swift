import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Every example in examples/ run as examples/README.md says, against orientd on a private
/// bus (with its default 250 ms settle time): each must end by itself, print the flow, and
/// leave in orientd's history exactly the three changes of the video-player flow.
final class ExamplesTests: XCTestCase {
    var orientd: OrientdInstance!

    /// The video-player flow, as every example prints it and orientd's history records it.
    static let flow = [
        "portrait -> landscape-right (presentation)",
        "landscape-right -> landscape-left (device)",
        "landscape-left -> portrait (dismissal)",
    ]

    /// The repository's root (this file is Tests/ExamplesTests/ExamplesTests.swift).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The GTK example uses liborientd and its GTK glue from this tree's build (make lib,
    /// which make test runs first), not an installed copy.
    static let libraryFolder = root + "/.build/lib/orientd"
    static let gtkLibraryFolder = root + "/.build/lib/orientd-gtk"

    /// `environment` with the typelib and library paths of this tree's liborientd build.
    static func withLibrary(_ environment: [String: String]) throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: gtkLibraryFolder + "/OrientdGtk-1.0.typelib") else {
            throw TestSupportError("no OrientdGtk-1.0.typelib in \(gtkLibraryFolder): build liborientd first (make lib)")
        }
        let paths = libraryFolder + ":" + gtkLibraryFolder
        return environment.merging(["GI_TYPELIB_PATH": paths, "LD_LIBRARY_PATH": paths]) { _, new in new }
    }

    override func setUpWithError() throws {
        orientd = try OrientdInstance()
        addTeardownBlock { [unowned self] in
            if (self.testRun?.totalFailureCount ?? 0) > 0, let orientd = self.orientd {
                print("orientd log:\n\(orientd.log)")
            }
        }
    }

    override func tearDown() {
        orientd?.stop()
        orientd = nil
    }

    // MARK: The examples

    func testBusctlVideoPlayer() throws {
        let output = try runExample(["bash", Self.root + "/examples/busctl/video-player.sh"])
        let scene = try XCTUnwrap(sceneRegistered(in: output.stdout, after: "RegisterScene "))
        assertLinesInOrder(output.stdout, [
            "device: portrait",
            "RegisterScene \(scene) -> portrait",
            "SetRootController library + PushController video-list -> portrait",
            "SetOrientationMode video-list portrait + UpdateOrientation -> portrait",
            "PresentController player (prefers landscape-right) -> landscape-right",
            "SetDeviceOrientation landscape-right -> landscape-left",
            "DismissController player (device: landscape-right) -> portrait",
            "history:",
        ] + Self.flow.map { "  " + $0 } + ["done"])
        try assertHistory(of: scene, app: "org.example.VideoPlayer")
        try assertNoScenesLeft()
    }

    func testPythonVideoPlayer() throws {
        let output = try runExample(["/usr/bin/python3", Self.root + "/examples/python/video_player.py"])
        try checkVideoPlayerOutput(output.stdout)
    }

    func testPythonVideoPlayerStartsFromATurnedDevice() throws {
        try turnDevice(to: "landscape-right")
        let output = try runExample(["/usr/bin/python3", Self.root + "/examples/python/video_player.py"])
        try checkVideoPlayerOutput(output.stdout)
    }

    /// Another client sends orientd's signals with values orientd never sent, to everyone
    /// and straight to the example, all along: the example follows orientd alone.
    func testPythonVideoPlayerBelievesOnlyOrientd() throws {
        let forger = try Forger(bus: orientd.bus)
        let output = try runExample(["/usr/bin/python3", Self.root + "/examples/python/video_player.py"])
        let aimed = forger.stop()
        XCTAssertGreaterThan(aimed, 0, "no forgery reached the example while its scene existed")
        try checkVideoPlayerOutput(output.stdout)
        XCTAssertFalse(output.stdout.contains("forged") || output.stdout.contains("portrait-upside-down"), output.stdout)
    }

    func testSwiftVideoPlayer() throws {
        let output = try runExample([OrientdInstance.product("orientation-example")])
        try checkVideoPlayerOutput(output.stdout)
    }

    func testGTKWindowUnderXvfb() throws {
        let shots = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: shots) }
        let output = try runExample(["bash", Self.root + "/examples/gtk/screenshots.sh", shots], timeout: .seconds(90),
                                    library: true)
        let scene = try XCTUnwrap(sceneRegistered(in: output.stdout, after: "registered "))
        assertLinesInOrder(output.stdout, [
            "registered \(scene)",
            "output backend none: the window draws its content turned",
            "screenshot portrait: \(shots)/screenshot-portrait.png",
            "clicked Play full screen",
            "OrientationChanged " + Self.flow[0],
            "screenshot landscape: \(shots)/screenshot-landscape.png",
            "waiting for the device to turn to landscape-right",
            "busctl: SetDeviceOrientation landscape-right",
            "OrientationChanged " + Self.flow[1],
            "clicked Back",
            "OrientationChanged " + Self.flow[2],
            "done: interface portrait",
        ])
        // Both show the whole window (its content plus a 12-pixel margin): the same size,
        // at least the phone panel's 328 pixels (300 plus the bezel) wide, taller than wide.
        let portrait = try pngSize(shots + "/screenshot-portrait.png")
        let landscape = try pngSize(shots + "/screenshot-landscape.png")
        XCTAssertEqual(portrait.width, landscape.width)
        XCTAssertEqual(portrait.height, landscape.height)
        XCTAssertGreaterThanOrEqual(portrait.width, 328 + 24)
        XCTAssertGreaterThan(portrait.height, portrait.width)
        let size = "(\(portrait.width - 24)x\(portrait.height - 24), interface"
        XCTAssertTrue(output.stdout.contains("\(size) portrait)"), output.description)
        XCTAssertTrue(output.stdout.contains("\(size) landscape-right)"), output.description)
        XCTAssertNotEqual(FileManager.default.contents(atPath: shots + "/screenshot-portrait.png"),
                          FileManager.default.contents(atPath: shots + "/screenshot-landscape.png"),
                          "the list and the player look alike")
        try assertHistory(of: scene, app: "org.example.OrientationWindow", since: "presentation")
        try assertNoScenesLeft()
    }

    /// The GTK window fails loudly (status 1, a sentence) rather than exiting 0 when GTK
    /// cannot start or orientd is not there.
    func testGTKWindowFailsWithoutADisplayOrWithoutOrientd() throws {
        let window = Self.root + "/examples/gtk/orientation_window.py"
        // No display: orientd answers, GTK cannot open one.
        let noDisplay = try runCommand(["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "/usr/bin/python3", window],
                                       environment: Self.withLibrary(orientd.environment), timeout: .seconds(60))
        XCTAssertEqual(noDisplay.status, .exited(1), "\(noDisplay)")
        XCTAssertTrue(noDisplay.stderr.contains("GTK cannot start: no display"), noDisplay.stderr)
        // No orientd: a bus where nothing serves (or can activate) its name.
        let empty = try PrivateBus()
        defer { empty.stop() }
        let noOrientd = try runCommand(["/usr/bin/python3", window], environment: Self.withLibrary(empty.sessionEnvironment),
                                       timeout: .seconds(60))
        XCTAssertEqual(noOrientd.status, .exited(1), "\(noOrientd)")
        XCTAssertTrue(noOrientd.stderr.contains("orientd is not running on the session bus"), noOrientd.stderr)
    }

    func testGTKWindowBelievesOnlyOrientd() throws {
        let forger = try Forger(bus: orientd.bus)
        let shots = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: shots) }
        let output = try runExample(["bash", Self.root + "/examples/gtk/screenshots.sh", shots], timeout: .seconds(90),
                                    library: true)
        let aimed = forger.stop()
        XCTAssertGreaterThan(aimed, 0, "no forgery reached the window while its scene existed")
        let scene = try XCTUnwrap(sceneRegistered(in: output.stdout, after: "registered "))
        XCTAssertFalse(output.stdout.contains("forged") || output.stdout.contains("portrait-upside-down"), output.stdout)
        assertLinesInOrder(output.stdout, ["clicked Play full screen"] + Self.flow.map { "OrientationChanged " + $0 }
            + ["done: interface portrait"])
        try assertHistory(of: scene, app: "org.example.OrientationWindow", since: "presentation")
    }

    /// orientd killed while the window shows the landscape player: the window registers
    /// again with the new instance, player included, and the flow goes on with it.
    func testGTKWindowRegistersAgainWhenOrientdRestarts() throws {
        let shots = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: shots) }
        let app = try ChildProcess(
            ["xvfb-run", "--auto-servernum", "--server-args=-screen 0 1024x768x24", "/usr/bin/python3",
             Self.root + "/examples/gtk/orientation_window.py", "--script", "--screenshots", shots, "--timeout", "60"],
            environment: Self.withLibrary(orientd.environment))
        defer { if app.isRunning { app.stop() } }
        try eventually("the window waits for the device", timeout: .seconds(60)) {
            if let status = app.exitStatus { throw TestSupportError("the window exited (\(status)):\n\(app.standardError)") }
            return app.standardOutput.contains("waiting for the device to turn to landscape-right")
        }
        let bus = orientd.bus, stateHome = orientd.stateHome
        orientd.process.kill()
        _ = try orientd.process.wait(timeout: .seconds(30))
        orientd = try OrientdInstance(bus: bus, stateHome: stateHome, timeout: .seconds(30))
        try eventually("the window registers again", timeout: .seconds(30)) {
            app.standardOutput.contains("registered again ")
        }
        let scene = try XCTUnwrap(sceneRegistered(in: app.standardOutput, after: "registered again "))
        // The player came back with it: landscape-right, its preferred orientation.
        XCTAssertTrue(app.standardOutput.contains("registered again \(scene): landscape-right"), app.standardOutput)
        try turnDevice(to: "landscape-right")
        let status = try app.wait(timeout: .seconds(60))
        XCTAssertTrue(status.succeeded, "\(status)\n\(app.standardOutput)\n\(app.standardError)")
        assertLinesInOrder(app.standardOutput, [
            "orientd restarted", "registered again \(scene): landscape-right",
            "OrientationChanged " + Self.flow[1], "clicked Back", "OrientationChanged " + Self.flow[2],
            "done: interface portrait",
        ])
        try assertNoScenesLeft()
    }

    // MARK: Helpers

    /// Runs an example with orientd's bus as the session bus (and, with `library`, this
    /// tree's liborientd build); it must exit 0.
    private func runExample(_ argv: [String], timeout: Duration = .seconds(60), library: Bool = false,
                            file: StaticString = #filePath, line: UInt = #line) throws -> ProcessOutput {
        let environment = library ? try Self.withLibrary(orientd.environment) : orientd.environment
        let output = try runCommand(argv, environment: environment, timeout: timeout)
        XCTAssertTrue(output.succeeded, output.description, file: file, line: line)
        return output
    }

    /// The shared checks of the Python and Swift examples, which print the same lines.
    private func checkVideoPlayerOutput(_ stdout: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = try XCTUnwrap(sceneRegistered(in: stdout, after: "registered "), stdout, file: file, line: line)
        assertLinesInOrder(stdout, [
            "device portrait",
            "registered \(scene): portrait",
            "video-list: setOrientationMode(portrait), updateOrientation -> portrait",
            "present player (landscape, prefers landscape-right)",
            "OrientationChanged " + Self.flow[0],
            "device landscape-right",
            "OrientationChanged " + Self.flow[1],
            "dismiss player",
            "OrientationChanged " + Self.flow[2],
            "now: device landscape-right, interface portrait, size 390x844, deciding video-list",
            "Explain:",
            "  supported-orientations [portrait, landscape-right, landscape-left]: ",
            "  controller [portrait]: Deciding controller 'video-list' (view)",
            "  decision [portrait]: portrait",
            "done",
        ], file: file, line: line)
        XCTAssertEqual(stdout.components(separatedBy: "OrientationChanged ").count - 1, 3,
                       "exactly three changes: \(stdout)", file: file, line: line)
        try assertHistory(of: scene, app: "org.example.VideoPlayer", file: file, line: line)
        try assertNoScenesLeft(file: file, line: line)
    }

    /// The line with every run of spaces after its first other character made one space.
    private static func collapsingPadding(_ line: Substring) -> String {
        let indent = line.prefix { $0 == " " }
        var result = String(indent)
        var previousWasSpace = false
        for character in line.dropFirst(indent.count) {
            if character == " " && previousWasSpace { continue }
            previousWasSpace = character == " "
            result.append(character)
        }
        return result
    }

    /// The scene path printed right after `prefix` (up to a colon or the line's end).
    private func sceneRegistered(in stdout: String, after prefix: String) -> String? {
        for line in stdout.split(separator: "\n") where line.hasPrefix(prefix) {
            let rest = line.dropFirst(prefix.count)
            let path = rest.prefix { $0 != ":" && $0 != " " }
            if path.hasPrefix(OrientdInstance.managerPath + "/scene/") { return String(path) }
        }
        return nil
    }

    /// Asserts that each of `expected` starts one line of `stdout`, in this order (other
    /// lines may come between them). Runs of spaces inside a line (column padding) count
    /// as one.
    private func assertLinesInOrder(_ stdout: String, _ expected: [String],
                                    file: StaticString = #filePath, line: UInt = #line) {
        var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(Self.collapsingPadding)[...]
        for wanted in expected {
            guard let index = lines.firstIndex(where: { $0.hasPrefix(wanted) }) else {
                XCTFail("no line \"\(wanted)\" (in order) in:\n\(stdout)", file: file, line: line)
                return
            }
            lines = lines[(index + 1)...]
        }
    }

    /// Asserts that orientd's history holds exactly the flow's changes for `scene`, with
    /// `app`'s id (from the change named `since` on, when the start may hold others).
    private func assertHistory(of scene: String, app: String, since: String? = nil,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let connection = try orientd.bus.connect()
        defer { connection.close() }
        let reply = try connection.call(
            destination: OrientdInstance.busName, path: OrientdInstance.managerPath,
            interface: OrientdInstance.busName, method: "GetHistory",
            parameters: Variant(tuple: [Variant(uint32: 100)]), replyType: "(a(ostsss))")
        var changes: [String] = []
        for entry in reply.child(at: 0).children.reversed() where entry.child(at: 0).string == scene {
            XCTAssertEqual(entry.child(at: 1).string, app, file: file, line: line)
            let previous = entry.child(at: 3).string ?? "", current = entry.child(at: 4).string ?? ""
            changes.append("\(previous) -> \(current) (\(entry.child(at: 5).string ?? ""))")
        }
        if let since, let start = changes.firstIndex(where: { $0.hasSuffix("(\(since))") }) {
            changes = Array(changes[start...])
        }
        XCTAssertEqual(changes, Self.flow, "orientd's history of \(scene)", file: file, line: line)
    }

    /// Waits until orientd exports no scene (the examples unregister theirs, or leave the bus).
    private func assertNoScenesLeft(file: StaticString = #filePath, line: UInt = #line) throws {
        let connection = try orientd.bus.connect()
        defer { connection.close() }
        var left = -1
        try eventually("no scene left", file: file, line: line) {
            let reply = try connection.call(
                destination: OrientdInstance.busName, path: OrientdInstance.managerPath,
                interface: "org.freedesktop.DBus.ObjectManager", method: "GetManagedObjects",
                replyType: "(a{oa{sa{sv}}})")
            left = reply.child(at: 0).childCount
            return left == 0
        }
    }

    /// Turns the device and waits until orientd has settled in it.
    private func turnDevice(to orientation: String) throws {
        let connection = try orientd.bus.connect()
        defer { connection.close() }
        try connection.call(destination: OrientdInstance.busName, path: OrientdInstance.managerPath,
                            interface: OrientdInstance.busName, method: "SetDeviceOrientation",
                            parameters: Variant(tuple: [Variant(string: orientation)]))
        try eventually("the device settles in \(orientation)") {
            let reply = try connection.call(
                destination: OrientdInstance.busName, path: OrientdInstance.managerPath,
                interface: "org.freedesktop.DBus.Properties", method: "Get",
                parameters: Variant(tuple: [Variant(string: OrientdInstance.busName),
                                            Variant(string: "DeviceOrientation")]),
                replyType: "(v)")
            return reply.child(at: 0).unboxed?.string == orientation
        }
    }

    /// The width and height of a PNG file (its signature and IHDR chunk checked).
    private func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path), "no file \(path)")
        let bytes = [UInt8](data)
        XCTAssertGreaterThan(bytes.count, 1_000, "\(path) is too small to hold the window")
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        XCTAssertEqual(String(decoding: bytes[12..<16], as: UTF8.self), "IHDR")
        func big(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }
}
