import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Whoever owns `org.gnome.Shell` is GNOME Shell to orientd's GNOME tracker, and each window
/// it lists becomes an observed scene, with its signals. A stand-in
/// (`Tests/Fixtures/windows/window-list-flood-shell.py`, python3-dbus on the test's private bus)
/// says 100 `WindowsChanged` of 1,000 new windows each as fast as it can: orientd reads only
/// the newest list waiting, and passes windows on to the core at a bounded pace, so windows
/// that came and went meanwhile never become scenes and the bystander is answered between
/// two batches.
final class HostileWindowListTests: ReliabilityTestCase {
    static let shell = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/window-list-flood-shell.py").path
    /// The bystander's bound (the signals are parsed by GDBus ahead of its call, as for
    /// HostileDisplayConfigTests' burst).
    static let bystanderBound = Duration.seconds(2)
    /// What the flood may add to orientd's memory at its peak (LimitTests' bound).
    static let peakBoundKilobytes = 64 * 1024
    /// Scenes made for the flood's windows: a tenth of the 100,000 it lists (before: all).
    static let scenesBound = 10_000

    override var startsOrientdInSetUp: Bool { false }

    func frontApp() throws -> String {
        try clientConnection.managerProperties()["FrontApp"]?.string ?? "?"
    }

    func testAFloodOfWindowListsMakesFewScenesAndTheBystanderWaitsLittle() throws {
        let (scenes, line) = try flood(["100", "1000"])
        XCTAssertLessThan(scenes, Self.scenesBound, "100,000 listed windows made \(scenes) scenes")
        report("GNOME window-list flood", "100 WindowsChanged of 1,000 new windows each: \(scenes) scenes made (InterfacesAdded), \(line)")
    }

    /// A list is counted before anything is built from it: the first 1,000 of 200,000 are read.
    /// (GDBus parses the whole message before orientd sees it: its peak is not orientd's to
    /// bound, see RELIABILITY.md; it is given back.)
    func testOneListOfTwoHundredThousandWindowsIsCountedFirst() throws {
        let (scenes, line) = try flood(["0", "1", "200000"], memoryBounded: false)
        XCTAssertLessThanOrEqual(scenes, 1_002, "one list of 200,000 windows made \(scenes) scenes")
        XCTAssertTrue(orientd.log.contains("listed 200000 windows; only the first 1000 are followed"), orientd.log)
        report("GNOME list of 200,000 windows", "\(scenes) scenes made (InterfacesAdded), \(line)")
    }

    /// Starts the stand-in with `arguments` (after its go file), orientd following it, and
    /// waits until orientd took the stand-in's last list, with the bystander and memory checked
    /// all along; the scenes made and the figures as a report line.
    func flood(_ arguments: [String], memoryBounded: Bool = true) throws -> (scenes: Int, line: String) {
        let bus = try makeBus()
        client = try connect(toBus: bus)
        let go = try temporaryDirectory() + "/go"
        let shell = try start("the flooding Shell", ["/usr/bin/python3", Self.shell, go] + arguments,
                              environment: bus.sessionEnvironment)
        addTeardownBlock { shell.stop() }
        try eventually("the stand-in owns org.gnome.Shell", timeout: .seconds(30)) {
            if let status = shell.exitStatus { throw TestSupportError("the stand-in ended (\(status))") }
            guard shell.standardOutput.contains("ready") else { return false }
            return try clientConnection.nameOwner("org.gnome.Shell") != nil
        }
        orientd = try launch(arguments: ["--sensor", "none", "--output-backend", "none", "--window-tracking", "gnome"],
                             bus: bus, timeout: .seconds(30))
        try eventually("the Shell's window is in front", timeout: .seconds(30)) { try frontApp() == "flood.start" }
        let pid = orientd.process.pid
        let start = try XCTUnwrap(residentKilobytes(of: pid))
        let watcher = try bus.connectWithLoop(name: "window-list-watcher")
        let added = try SignalRecorder(watcher, interface: Contract.objectManager, member: "InterfacesAdded")
        let bystander = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        let watch = try Watch(orientd: orientd, path: bystander)
        let daemon = try DaemonWatch(bus: bus)
        added.clear()

        let started = ContinuousClock.now
        XCTAssertTrue(FileManager.default.createFile(atPath: go, contents: nil))
        try eventually("the flood is said", timeout: .seconds(120)) { shell.standardOutput.contains("done") }
        try eventually("orientd took the Shell's last list", timeout: .seconds(120)) { try frontApp() == "flood.final" }
        let took = ContinuousClock.now - started
        let figures = watch.finish()
        let daemonSlowest = daemon.finish()
        let scenes = added.count
        XCTAssertEqual(figures.wrongAnswers, 0)
        XCTAssertLessThan(figures.slowest, HostileDisplayConfigTests.bound(Self.bystanderBound, daemonSlowest: daemonSlowest),
                          "the bystander waited \(figures.slowest); dbus-daemon's slowest GetId \(daemonSlowest)")
        let settled = LockedValue(0)
        if memoryBounded {
            XCTAssertLessThan(figures.peakKilobytes - start, Self.peakBoundKilobytes, "VmRSS \(start) kB at start, peak \(figures.peakKilobytes) kB")
            try eventually("VmRSS within 1.5× of the \(start) kB at start (\(settled.value) kB)", timeout: .seconds(30)) {
                let now = try XCTUnwrap(residentKilobytes(of: pid))
                settled.withLock { $0 = now }
                return Double(now) <= 1.5 * Double(start)
            }
        } else {
            // GDBus's parse of the whole message is beyond orientd's reach; its memory goes back.
            try eventually("VmRSS within 2× of the \(start) kB at start (\(settled.value) kB)", timeout: .seconds(30)) {
                let now = try XCTUnwrap(residentKilobytes(of: pid))
                settled.withLock { $0 = now }
                return Double(now) <= 2 * Double(start)
            }
        }
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        return (scenes, "the last list taken after \(took); the bystander's slowest Get \(figures.slowest) (\(figures.calls) calls), dbus-daemon's own slowest GetId \(daemonSlowest); VmRSS \(start) kB at start, \(figures.peakKilobytes) kB peak, \(settled.value) kB after; SIGTERM: exit 0")
    }
}
