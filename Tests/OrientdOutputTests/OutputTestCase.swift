import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A test of orientd turning a real compositor's output: a private session bus, the
/// compositors the test starts on it (stopped after the test), orientd started by the test
/// with its output options, and an in-process client. When a test fails, every log is printed.
///
/// The compositor backends' tests subclass it (Mutter*.swift for mutter; the other backends
/// add their own files).
class OutputTestCase: OrientdTestCase {
    /// The bus every process of the test uses.
    var bus: PrivateBus!
    /// Where every process of the test writes: `XDG_RUNTIME_DIR`, config and state folders.
    var scratch = ""
    /// The compositor the test started last (`startKWin`, `startPhoc`, `startMutter`, …), as
    /// ProcessSupport's session: its panel read back and waited for (`waitForPanel`) and turned
    /// as its own settings turn it.
    var compositor: (any Compositor)!
    /// The test's own reader of a KWin whose outputs kscreen-doctor cannot list (KWin 6.7: `startKWin`).
    var kwinReader: KWinPolicyClient?

    /// Generous: CI is a loaded 2-core machine, and a compositor takes a while to start there.
    let deadline: Duration = .seconds(30)

    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = try temporaryDirectory()
        bus = try makeBus()
        client = try connect(toBus: bus, name: "output-test-client")
    }

    /// The environment every child of the test gets: the private bus, the scratch runtime
    /// folder, GSettings in a keyfile under the scratch folder (never the user's), and no
    /// display of the machine running the tests.
    var childEnvironment: [String: String] {
        var env = bus.sessionEnvironment
        env["XDG_RUNTIME_DIR"] = scratch
        env["XDG_CONFIG_HOME"] = scratch + "/config"
        env["GSETTINGS_BACKEND"] = "keyfile"
        env["DISPLAY"] = ""
        env["WAYLAND_DISPLAY"] = ""
        return env
    }

    /// Starts a child process with `childEnvironment` (plus `environment`) whose log is
    /// printed if the test fails, stopped after the test.
    override func start(_ name: String, _ argv: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try super.start(name, argv, environment: childEnvironment.merging(environment) { _, new in new })
    }

    /// `start` as the compositor library (`MutterSession`, `XephyrScreen`, …) takes it.
    var startProcess: StartProcess { { try self.start($0, $1, environment: $2) } }

    /// Starts orientd on the test's bus with `arguments` (after `--sensor none`) and waits
    /// until it owns its name.
    /// `verbose: false` leaves out --verbose, for tests of the default level's log lines.
    @discardableResult
    func launchOrientd(_ arguments: [String], environment: [String: String] = [:], verbose: Bool = true) throws -> OrientdInstance {
        let instance = try launch(arguments: ["--sensor", "none"] + (verbose ? ["--verbose"] : []) + arguments,
                                  environment: childEnvironment.merging(environment) { _, new in new },
                                  bus: bus, stateHome: scratch + "/state")
        orientd = instance
        try callManager("SetSettleTime", [.u(0)])
        return instance
    }

    /// A pad scene on the built-in display that supports every orientation, made
    /// `foreground-active`; returns its path.
    func registerScene(_ appId: String = "org.example.Output") throws -> String {
        let reply = try callManager("RegisterScene", [.vardict([
            "app-id": .s(appId), "idiom": .s("pad"), "supported-orientations": .strings(["all"]),
        ])])
        let path = try XCTUnwrap(reply.child(at: 0).string)
        try callScene(path, "SetActivationState", [.s("foreground-active")])
        return path
    }

    /// A manager property (unboxed).
    func managerProperty(_ name: String) throws -> Variant { try property(name) }

    /// Waits until orientd's manager property `name` is the string (or path) `value`.
    func waitForProperty(_ name: String, _ value: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var last = ""
        try eventually("\(name) = '\(value)' (last: '\(last)')", timeout: deadline, file: file, line: line) {
            last = try managerProperty(name).string ?? "?"
            return last == value
        }
    }

    /// `orientctl status`'s `Output:` line, as a user sees it (no colours).
    func statusOutputLine(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let status = try runCommand([OrientdInstance.product("orientctl"), "status"],
                                    environment: childEnvironment.merging(["NO_COLOR": "1"]) { _, new in new })
        XCTAssertTrue(status.succeeded, "\(status)", file: file, line: line)
        return status.stdout.split(separator: "\n").first { $0.hasPrefix("Output:") }.map(String.init) ?? ""
    }

    /// Waits until `OutputStatus` is `why`, and checks `orientctl status` says it.
    func waitForOutputStatus(_ why: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitForProperty("OutputBackend", "none", file: file, line: line)
        try waitForProperty("OutputStatus", why, file: file, line: line)
        XCTAssertEqual(try statusOutputLine(file: file, line: line), "Output: none: \(why)", file: file, line: line)
    }

    /// Turns the device through each row of the table: the compositor's panel reaches each
    /// transform (read back from the compositor itself: wl_output counts counter-clockwise, so
    /// landscape-left is 90 and landscape-right 270) and `OutputOrientation` says it.
    func turnThroughEachRow(file: StaticString = #filePath, line: UInt = #line) throws {
        for (device, interface, transform) in [("landscape-right", "landscape-left", PanelTransform.quarter),
                                               ("landscape-left", "landscape-right", .threeQuarters),
                                               ("portrait-upside-down", "portrait-upside-down", .half),
                                               ("portrait", "portrait", .normal)] {
            try turnDevice(device)
            try compositor.waitForPanel(transform, timeout: deadline, file: file, line: line)
            try waitForProperty("OutputOrientation", interface, file: file, line: line)
        }
    }

    /// A turn asked for while another is in flight waits for it, and the panel ends at the
    /// last. A turn back to where the panel was before the one in flight is compared with what
    /// that one made the panel show, not with the outputs from before it (the compositor
    /// answers before it sends the new state; read against the old one the turn back was
    /// judged "already shown" and dropped, leaving the panel turned). The compositor is stopped
    /// while the first turn is in flight, so the second always comes before its answer; the
    /// panel is read back from the compositor itself.
    func turnWhileInFlight(backend: String) throws {
        let output = compositor.output
        try launchOrientd(["--output-backend", backend, "--output", output], environment: waylandEnvironment)
        _ = try registerScene()
        try waitForProperty("OutputBackend", backend)
        try waitForProperty("OutputOrientation", "portrait")
        let (landscape, portrait) = ("\(backend): turning \(output) to transform 1", "\(backend): turning \(output) to transform 0")
        for round in 0..<3 {
            compositor.process.send(SIGSTOP)
            let sent = orientdLogLines(containing: landscape).count
            try turnDevice("landscape-right")
            try eventually("round \(round): the landscape turn is sent; orientd's log:\n\(orientd.log)") {
                orientdLogLines(containing: landscape).count > sent
            }
            try turnDevice("portrait")
            compositor.process.send(SIGCONT)
            try eventually("round \(round): the panel ends at the last turn, portrait; orientd's log:\n\(orientd.log)", timeout: deadline) {
                try compositor.panelTransform() == .normal && managerProperty("OutputOrientation").string == "portrait"
                    && orientdLogLines(containing: portrait).count > round
            }
        }
    }
}
