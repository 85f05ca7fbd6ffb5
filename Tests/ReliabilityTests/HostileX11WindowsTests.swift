import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Any X client can change any window's properties, its own and the root window's, as fast as
/// the X server takes them. A real client (`Tests/Fixtures/windows/x11-property-flood.py`,
/// libxcb through ctypes, its own EWMH window manager on a real Xvfb) floods the properties
/// the X11 window tracker follows: orientd reads each at most once in flight (only the wish
/// to read once more waits), hands out a bounded batch of events per turn of its loop, and
/// ends up with the client's last values.
final class HostileX11WindowsTests: ReliabilityTestCase {
    static let flooder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/x11-property-flood.py").path
    /// The bystander's bound while the X server floods orientd with events.
    static let bystanderBound = Duration.seconds(1)
    /// What the flood may add to orientd's memory at its peak (LimitTests' bound).
    static let peakBoundKilobytes = 64 * 1024
    /// Seconds of flooding: enough for millions of changes before the fix (6.4 GB in 10 s).
    static let floodSeconds = "3"

    override var startsOrientdInSetUp: Bool { false }

    func frontApp() throws -> String {
        try clientConnection.managerProperties()["FrontApp"]?.string ?? "?"
    }

    /// A private bus, an Xvfb, the fixture X client started with `mode` (the flood's seconds,
    /// or `huge`) and waiting for the file `go`, and orientd following that X server's windows
    /// until the client's first window is in front.
    func startClientAndOrientd(_ mode: String, what: String) throws -> (client: ChildProcess, go: String) {
        let bus = try makeBus()
        client = try connect(toBus: bus)
        let (xvfb, display) = try HostileToolTests.startXvfb()
        addTeardownBlock { [unowned self] in
            self.orientd?.stop()
            xvfb.stop()
        }
        let go = try temporaryDirectory() + "/go"
        let xClient = try start(what, ["/usr/bin/python3", Self.flooder, display, go, mode])
        try eventually("\(what) is ready", timeout: .seconds(30)) {
            if let status = xClient.exitStatus { throw TestSupportError("\(what) ended (\(status))") }
            return xClient.standardOutput.contains("ready")
        }
        orientd = try launch(arguments: ["--sensor", "none", "--output-backend", "none", "--window-tracking", "x11"],
                             environment: ["DISPLAY": display], bus: bus, timeout: .seconds(30))
        try eventually("\(what)'s window is in front", timeout: .seconds(30)) { try frontApp() == "flood-start" }
        return (xClient, go)
    }

    func testAPropertyFloodCostsOrientdLittleMemoryAndTheBystanderLittleTime() throws {
        let (flooder, go) = try startClientAndOrientd(Self.floodSeconds, what: "the flooding X client")
        let pid = orientd.process.pid
        let start = try XCTUnwrap(residentKilobytes(of: pid))
        let bystander = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        let watch = try Watch(orientd: orientd, path: bystander)

        XCTAssertTrue(FileManager.default.createFile(atPath: go, contents: nil))
        try eventually("the flood is over", timeout: .seconds(120)) { flooder.standardOutput.contains("done") }
        try eventually("orientd read the client's last class", timeout: .seconds(60)) { try frontApp() == "flood-final" }
        let figures = watch.finish()
        let changes = flooder.standardOutput.split(separator: "\n").last { $0.hasPrefix("done") }?.split(separator: " ").last ?? "?"
        XCTAssertEqual(figures.wrongAnswers, 0)
        XCTAssertLessThan(figures.slowest, Self.bystanderBound, "the bystander waited \(figures.slowest)")
        XCTAssertLessThan(figures.peakKilobytes - start, Self.peakBoundKilobytes, "VmRSS \(start) kB at start, peak \(figures.peakKilobytes) kB")
        let settled = LockedValue(0)
        try eventually("VmRSS within 1.5× of the \(start) kB at start (\(settled.value) kB)", timeout: .seconds(30)) {
            let now = try XCTUnwrap(residentKilobytes(of: pid))
            settled.withLock { $0 = now }
            return Double(now) <= 1.5 * Double(start)
        }
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        report("X11 property flood", "\(changes) property changes in \(Self.floodSeconds) s (WM_CLASS, _NET_WM_STATE, _NET_CLIENT_LIST, _NET_ACTIVE_WINDOW, _NET_SUPPORTING_WM_CHECK): the last class read; the bystander's slowest Get \(figures.slowest) (\(figures.calls) calls); VmRSS \(start) kB at start, \(figures.peakKilobytes) kB peak, \(settled.value) kB after; SIGTERM: exit 0")
    }

    /// What held before the flood work must hold: a 1 MB `WM_CLASS` is refused from the bytes
    /// asked for (the window is then no app's), 100,000 state atoms are read as the first 64.
    func testAHugeClassAndStateAreReadOnlyAsFarAsAsked() throws {
        let (xClient, go) = try startClientAndOrientd("huge", what: "the X client")
        let pid = orientd.process.pid
        let start = try XCTUnwrap(residentKilobytes(of: pid))
        XCTAssertTrue(FileManager.default.createFile(atPath: go, contents: nil))
        try eventually("the huge values are set", timeout: .seconds(30)) { xClient.standardOutput.contains("huge") }
        try eventually("orientd refused the 1 MB class", timeout: .seconds(30)) {
            orientd.log.contains("has an unusable WM_CLASS: longer than 512 bytes")
        }
        try eventually("the window is no app's: nothing in front", timeout: .seconds(30)) { try frontApp() == "" }
        let peak = try XCTUnwrap(residentKilobytes(of: pid))
        XCTAssertTrue(FileManager.default.createFile(atPath: go + "2", contents: nil))
        try eventually("orientd read the client's last class", timeout: .seconds(30)) { try frontApp() == "flood-final" }
        XCTAssertLessThan(peak - start, 4 * 1024, "VmRSS \(start) kB at start, \(peak) kB with the huge values")
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        report("X11 huge values", "a 1 MB WM_CLASS refused from the 512 bytes asked for, 100,000 state atoms read as the first 64: VmRSS \(start) kB at start, \(peak) kB after reading them; the next class read")
    }
}
