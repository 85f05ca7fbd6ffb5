import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A tool orientd runs is untrusted like its compositor. A fake `xrandr`
/// (`Tests/Fixtures/output/hostile-tools/xrandr`) first on PATH, for the x11 backend on a real
/// Xvfb (whose RandR events a real `xev` watches): output that never ends is cut at 1 MiB and
/// the tool killed; a tool leaving a process that holds its output is not waited for; a hung
/// tool is killed by the watchdog, whose source is removed once (no GLib-CRITICAL).
final class HostileToolTests: ReliabilityTestCase {
    static let bystanderBound = Duration.seconds(1)
    static let peakBoundKilobytes = 64 * 1024
    static let tools = Fixtures.outputDirectory + "/hostile-tools"
    static let watch = Fixtures.outputDirectory + "/hostile-watch"

    var bus: PrivateBus!
    var xvfb: ChildProcess!
    var display = ""
    /// The fake's folder: its mode, the rotation it remembers, its runs.
    var fakeDirectory = ""

    /// Each test sets the fake's mode, then starts orientd on `bus` (`launchOrientd`).
    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        bus = try makeBus()
        client = try connect(toBus: bus)
        fakeDirectory = try temporaryDirectory()
        addLog("the fake's runs") { String(self.fakeFile("runs").suffix(4_000)) }
        (xvfb, display) = try Self.startXvfb()
        // Before the harness's cleanup: orientd, then what the fake left behind, then Xvfb.
        addTeardownBlock { [unowned self] in
            self.orientd?.stop()
            for pid in self.fakeFile("left-behind").split(separator: "\n").compactMap({ Int32($0) }) { kill(pid, SIGKILL) }
            self.xvfb?.stop()
            self.xvfb = nil
        }
    }

    /// Xvfb on a display number no other server holds, once it answers (ProcessSupport's
    /// `XServerLaunch`: another test may take the same one at the same moment, and the next
    /// number is tried).
    static func startXvfb() throws -> (ChildProcess, String) {
        try XServerLaunch.startServer("Xvfb", XServerLaunch.xvfbArguments(screen: "800x1280x24"), after: 199 + Int(getpid() % 300),
                                      timeout: .seconds(30))
    }

    func fakeFile(_ name: String) -> String {
        (try? String(contentsOfFile: fakeDirectory + "/" + name, encoding: .utf8)) ?? ""
    }

    func setMode(_ mode: String) throws {
        try Data((mode + "\n").utf8).write(to: URL(fileURLWithPath: fakeDirectory + "/mode"))
    }

    /// orientd driving eDP-1 through the fake xrandr on the Xvfb (and the fake xev too, when
    /// `hostileWatch`).
    func launchOrientd(hostileWatch: Bool = false) throws {
        let path = (hostileWatch ? [Self.watch] : []).joined(separator: ":") + (hostileWatch ? ":" : "")
            + Self.tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        orientd = try launch(arguments: ["--sensor", "none", "--verbose", "--output-backend", "x11", "--output", "eDP-1"],
                             environment: ["DISPLAY": display, "PATH": path, "FAKE_XRANDR_DIR": fakeDirectory],
                             bus: bus, timeout: .seconds(30))
    }

    func outputProperty(_ name: String) throws -> String {
        try clientConnection.managerProperties()[name]?.string ?? "?"
    }

    func waitFor(_ name: String, _ value: String, timeout: Duration = .seconds(30)) throws {
        try eventually("\(name) = \(value) (last: \((try? outputProperty(name)) ?? "?"))", timeout: timeout) { try outputProperty(name) == value }
    }

    func testOutputThatNeverEndsIsCutAtTheBoundAndTheToolKilled() throws {
        try setMode("endless")
        try launchOrientd()
        let pid = orientd.process.pid
        let start = try XCTUnwrap(residentKilobytes(of: pid))
        let bystander = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        let watch = try Watch(orientd: orientd, path: bystander)
        try eventually("orientd cut the listing", timeout: .seconds(60)) {
            orientd.log.contains("it printed more than 1048576 bytes on stdout; orientd killed it")
        }
        let figures = watch.finish()
        XCTAssertEqual(try outputProperty("OutputBackend"), "none")
        XCTAssertTrue(orientd.log.contains("OutputBackend is none"), orientd.log)
        XCTAssertEqual(figures.wrongAnswers, 0)
        XCTAssertLessThan(figures.slowest, Self.bystanderBound, "the bystander waited \(figures.slowest)")
        XCTAssertLessThan(figures.peakKilobytes - start, Self.peakBoundKilobytes, "VmRSS \(start) kB at start, peak \(figures.peakKilobytes) kB")
        XCTAssertTrue(clientConnection.orientdAnswers())
        XCTAssertFalse(orientd.log.contains("CRITICAL"), orientd.log)
        report("endless tool output", "xrandr printing for ever: cut at 1 MiB and killed, OutputBackend none with the reason; the bystander's slowest Get \(figures.slowest) (\(figures.calls) calls); VmRSS \(start) kB at start, \(figures.peakKilobytes) kB peak")
    }

    func testAProcessLeftHoldingTheToolsOutputDoesNotWedgeTheBackend() throws {
        try setMode("grandchild")
        try launchOrientd()
        try waitFor("OutputBackend", "x11")
        XCTAssertEqual(try outputProperty("OutputName"), "eDP-1")
        let bystander = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        let watch = try Watch(orientd: orientd, path: bystander)
        let started = ContinuousClock.now
        for (kiosk, rotation) in [("landscape-left", "left"), ("portrait-upside-down", "inverted"),
                                  ("landscape-right", "right"), ("portrait", "normal")] {
            try clientConnection.manager("SetKioskMode", [.b(true), .s(kiosk)])
            try waitFor("OutputOrientation", kiosk)
            XCTAssertEqual(fakeFile("rotation").trimmingCharacters(in: .whitespacesAndNewlines), rotation)
        }
        let elapsed = ContinuousClock.now - started
        let figures = watch.finish()
        XCTAssertEqual(try outputProperty("OutputBackend"), "x11")
        XCTAssertEqual(orientd.log.components(separatedBy: "left a process holding its output open").count - 1, 1,
                       "said once: \(orientd.log)")
        XCTAssertGreaterThanOrEqual(fakeFile("left-behind").split(separator: "\n").count, 9, "the fake left a process at each run")
        XCTAssertLessThan(figures.slowest, Self.bystanderBound, "the bystander waited \(figures.slowest)")
        XCTAssertFalse(orientd.log.contains("CRITICAL"), orientd.log)
        report("tool leaving a process holding its output", "4 turns, each an apply and a listing whose xrandr left a `sleep` holding stdout: all applied and read back in \(elapsed); the bystander's slowest Get \(figures.slowest)")
    }

    func testAHungToolIsKilledByTheWatchdogAndItsSourceRemovedOnce() throws {
        try setMode("well")
        try launchOrientd()
        try waitFor("OutputBackend", "x11")
        try setMode("hang-apply")
        try clientConnection.manager("SetKioskMode", [.b(true), .s("landscape-left")])
        try eventually("the watchdog killed the apply", timeout: .seconds(60)) {
            orientd.log.contains("it ran longer than 15000 ms; orientd killed it")
        }
        // The read-back after the killed apply lists (the fake turned before it hung).
        try waitFor("OutputOrientation", "landscape-left")
        XCTAssertEqual(try outputProperty("OutputBackend"), "x11")
        XCTAssertTrue(clientConnection.orientdAnswers())
        XCTAssertFalse(orientd.log.contains("CRITICAL"), orientd.log)
        XCTAssertFalse(orientd.log.contains("was not found"), orientd.log)
        report("hung tool", "xrandr hanging in an apply: killed by the 15 s watchdog, no GLib-CRITICAL, the backend went on (x11, the next listing read back)")
    }

    /// A listing that hangs past the watchdog (its output closed, SIGTERM ignored) is killed
    /// and tried again a second later, not left until the X server comes back.
    func testAHungListingIsTriedAgainAfterTheWatchdog() throws {
        try setMode("hang-list-once")
        try launchOrientd()
        let bystander = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        let watch = try Watch(orientd: orientd, path: bystander)
        try eventually("the watchdog killed the listing", timeout: .seconds(60)) {
            orientd.log.contains("it ran longer than 15000 ms; orientd killed it")
        }
        let killed = ContinuousClock.now
        try waitFor("OutputBackend", "x11")
        let back = ContinuousClock.now - killed
        let figures = watch.finish()
        XCTAssertEqual(try outputProperty("OutputName"), "eDP-1")
        XCTAssertTrue(orientd.log.contains("listing the outputs again in 1000 ms"), orientd.log)
        XCTAssertLessThan(figures.slowest, Self.bystanderBound, "the bystander waited \(figures.slowest)")
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        report("hung listing", "xrandr -q closing its output, ignoring SIGTERM and never ending: killed by the 15 s watchdog, listed again and attached \(back) later (before: none until the X server came back); the bystander's slowest Get \(figures.slowest)")
    }

    /// The change watcher is a tool too: a line that never ends stops it at 64 KiB.
    func testAWatcherLineThatNeverEndsStopsTheWatcherAtTheBound() throws {
        try setMode("well")
        try launchOrientd(hostileWatch: true)
        let pid = orientd.process.pid
        let start = try XCTUnwrap(residentKilobytes(of: pid))
        try eventually("orientd stopped the watcher", timeout: .seconds(60)) {
            orientd.log.contains("xev printed a line longer than 65536 bytes; orientd stopped it")
        }
        try waitFor("OutputBackend", "none")
        let now = try XCTUnwrap(residentKilobytes(of: pid))
        XCTAssertLessThan(now - start, Self.peakBoundKilobytes, "VmRSS \(start) kB at start, \(now) kB after")
        XCTAssertTrue(clientConnection.orientdAnswers())
        report("endless watcher line", "xev printing one line for ever: stopped at 64 KiB, OutputBackend none with the reason; VmRSS \(start) kB at start, \(now) kB after")
    }
}
