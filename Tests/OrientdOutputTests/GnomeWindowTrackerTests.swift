import Foundation
import GLibBridge
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The GNOME tracker in-process against a stand-in for the Shell: a connection of the test's
/// that owns org.gnome.Shell on the private bus and sends the extension's signal, so that what
/// a hostile or broken Shell side could send is tried (the real Shell and extension are in
/// GnomeFrontWindowTests).
final class GnomeWindowTrackerTests: OutputTestCase {
    var shell: BusConnection!

    /// A connection owning org.gnome.Shell (with no extension behind it: GetWindows fails).
    func becomeTheShell() throws {
        shell = try bus.connect()
        addTeardownBlock { [shell] in shell?.close() }
        XCTAssertEqual(try shell.requestName("org.gnome.Shell"), .primaryOwner)
    }

    /// The tracker, once it has asked the stand-in for its windows (so it hears its signals):
    /// detached, saying how to enable the extension.
    func startTracker() throws -> WindowTrackerRun {
        let address = bus.address
        let tracker = WindowTrackerRun {
            // The tracker's connection belongs to its loop's thread, as the service's does.
            let connection = try! BusConnection(address: address)
            return GnomeWindowTracker(connection: connection, names: NameOwners(connection: connection), log: Log(verbose: false))
        }
        addTeardownBlock { tracker.stop() }
        try eventually("detached with the way to enable the extension: \(tracker.transcript)", timeout: deadline) {
            tracker.detachReasons.contains { $0.contains("gnome-extensions enable orientd@orientd.github.io") }
        }
        return tracker
    }

    func send(_ windows: [(UInt64, String, Bool)]) throws {
        let list = Variant(arrayOf: "(tsbbb)", windows.map {
            Variant(tuple: [Variant(uint64: $0.0), .s($0.1), .b($0.2), .b(false), .b(false)])
        })
        try shell.emitSignal(path: Self.shellWindowsPath, interface: Self.shellWindowsInterface, signal: "WindowsChanged",
                             parameters: Variant(tuple: [list]))
    }

    /// Without the extension the tracker is detached and says how to enable it; the extension's
    /// first list attaches it; a focus moving between windows is reported as the old one losing
    /// it first (never two activated at once); a window missing from a list is closed.
    func testTheExtensionsListsAttachAndAreDiffed() throws {
        try becomeTheShell()
        let tracker = try startTracker()
        try send([(1, "org.example.A", true), (2, "org.example.B", false)])
        try eventually("two windows: \(tracker.transcript)", timeout: deadline) { tracker.windows.count == 2 }
        XCTAssertEqual(tracker.attachedCount, 1)
        XCTAssertEqual(tracker.window(of: "org.example.A")?.window.activated, true)

        let before = tracker.events.value.count
        try send([(1, "org.example.A", false), (2, "org.example.B", true)])
        try eventually("B activated: \(tracker.transcript)", timeout: deadline) { tracker.window(of: "org.example.B")?.window.activated == true }
        let moved = tracker.events.value.dropFirst(before).compactMap { event -> UInt64? in
            if case .window(let handle, _, _, _, _) = event { handle } else { nil }
        }
        XCTAssertEqual(moved, [1, 2], "A loses the focus before B takes it")

        try send([(2, "org.example.B", true)])
        try eventually("A closed: \(tracker.transcript)", timeout: deadline) { tracker.windows.count == 1 }
        XCTAssertEqual(tracker.attachedCount, 1)
    }

    /// A list of the wrong type is not read; a flood is bounded to 1,000 windows; app ids with
    /// control characters or too long are passed on as none; the Shell leaving closes its
    /// windows and detaches.
    func testBadListsAreBoundedAndTheShellLeavingClosesItsWindows() throws {
        try becomeTheShell()
        let tracker = try startTracker()
        try send([(1, "org.example.A", true)])
        try eventually("one window: \(tracker.transcript)", timeout: deadline) { tracker.windows.count == 1 }
        // Read as a list, this one would close window 1.
        try shell.emitSignal(path: Self.shellWindowsPath, interface: Self.shellWindowsInterface, signal: "WindowsChanged",
                             parameters: Variant(tuple: [Variant(strings: ["org.example.A"])]))
        try send([(1, "org.example.A", true), (2, "org.example.bad\u{7}", false), (3, String(repeating: "a", count: 300), false)]
                 + (4...1_500).map { (UInt64($0), "org.example.App\($0)", false) })
        try eventually("1,000 windows followed: \(tracker.windows.count)", timeout: deadline) {
            tracker.windows.count == WindowReportBounds.maxWindows
        }
        XCTAssertFalse(tracker.events.value.contains { if case .closed = $0 { true } else { false } },
                       "the list of the wrong type was read: \(tracker.transcript.prefix(2_000))")
        XCTAssertEqual(tracker.windows[2]?.appId, "")
        XCTAssertEqual(tracker.windows[3]?.appId, "")

        shell.close()
        try eventually("detached, windows closed: \(tracker.windows.count)", timeout: deadline) {
            tracker.windows.isEmpty && tracker.detachReasons.contains { $0.contains("left the session bus") }
        }
    }

    /// A focus moving from one portrait app to another, with the device on its side, never
    /// turns the panel: the Shell's one list says "A lost the focus, B has it", which the
    /// tracker reports as two changes with no app in front between them, and orientd hands
    /// the backend only what it decided last (the built orientd, turning a real mutter).
    func testAFocusMovingBetweenPortraitAppsNeverTurnsThePanel() throws {
        try writeDesktopEntry("org.example.A", orientations: "portrait")
        try writeDesktopEntry("org.example.B", orientations: "portrait")
        try startMutter()
        try becomeTheShell()
        try launchOrientd(["--output-backend", "mutter", "--output", "Meta-0", "--window-tracking", "gnome"],
                          environment: appDataEnvironment)
        try waitForProperty("OutputBackend", "mutter")
        try eventually("orientd hears the stand-in Shell; its log:\n\(orientd.log)", timeout: deadline) {
            orientd.log.contains("gnome-extensions enable orientd@orientd.github.io")
        }
        try send([(1, "org.example.A", true), (2, "org.example.B", false)])
        try waitForProperty("FrontApp", "org.example.A")
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try compositor.waitForPanel(.normal)
        let before = orientd.log.count

        try send([(1, "org.example.A", false), (2, "org.example.B", true)])
        try waitForProperty("FrontApp", "org.example.B")
        // The moment between the two (no app window activated) keeps A in front: the shell's
        // own surfaces turn nothing, so orientd has nothing to hand over.
        let after = String(orientd.log.dropFirst(before))
        XCTAssertFalse(after.contains("output: apply landscape"), "the panel was sent the device's orientation between two portrait apps:\n\(after)")
        XCTAssertEqual(try mutterLayout().monitor("Meta-0")?.transform, 0)
    }
}
