import Foundation
import GLibBridge
@testable import OrientationDaemon
import TestSupport
import XCTest

/// `WindowTrackerConformance` with real GNOME Shell 43 (headless, `startGnomeShell`) and
/// orientd's extension enabled as the peer, and real GTK 4 apps (mutter minimizes a window when
/// the app asks: SIGUSR1 to the fixture app). The hostile peer is a stand-in for the Shell and
/// its extension on the bus (`Fixtures/windows/flooding_gnome_shell.py`): the real extension
/// lists at most 1,000 windows and takes their app ids from the Shell, so only a stand-in can
/// send 3,000, or bad app ids. `GnomeShell48TrackerConformance` runs it again on Debian 13's
/// Shell 48 with the extension for 45 and later.
class GnomeTrackerConformance: WindowTrackerConformance {
    func testWindowsAppIdsActivationMinimizingAndClosing() throws { try checkWindowsAppIdsActivationMinimizingAndClosing() }
    func testThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws { try checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() }
    func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws { try checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() }
    static let floodingShell = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/windows/flooding_gnome_shell.py").path
    /// The cached Debian root whose GNOME Shell is the peer (nil: the host's Shell 43).
    class var release: Debian13Root.Release? { nil }

    override var apps: (notes: String, game: String) { ("org.example.GnomeNotes", "org.example.GnomeGame") }
    override var goneReason: String { "org.gnome.Shell left the session bus" }

    /// The Shell, once its extension answers: a tracker started before that would be told the
    /// extension is not enabled (a detach the checks do not expect).
    override func startPeer() throws {
        try startGnomeShell(extensionEnabled: true, root: try Self.release.map { try cachedRoot($0) })
        try eventually("the extension answers GetWindows", timeout: deadline) { (try? shellWindows()) != nil }
    }

    override func startTracker() -> WindowTrackerRun {
        let address = bus.address
        let run = WindowTrackerRun {
            // The tracker's connection belongs to its loop's thread, as the service's does.
            let connection = try! BusConnection(address: address)
            return GnomeWindowTracker(connection: connection, names: NameOwners(connection: connection), log: Log(verbose: true))
        }
        addTeardownBlock { run.stop() }
        return run
    }

    /// Started, then in front: GNOME 43 shows its overview at start (where no window has the
    /// focus), and a window opened from outside does not leave it, so it is left as a user does.
    override func openWindow(_ appId: String) throws -> OpenWindow {
        let app = try startUnmodifiedApp(appId)
        try outsideTheOverview("\(appId)'s window focused in the Shell") {
            try shellWindows().contains { $0.appId == appId && $0.focused }
        }
        return OpenWindow(close: { app.terminate() }, minimize: { app.send(SIGUSR1) })
    }

    override func startFloodingPeer(_ count: Int) throws -> FloodingPeer {
        let fake = try start("flooding GNOME Shell", ["/usr/bin/python3", Self.floodingShell, "\(count)"])
        XCTAssertEqual(try fake.firstLineOfOutput(timeout: deadline), "listening", fake.standardError)
        return FloodingPeer(flooded: { fake.standardOutput.contains("flooded") }, kill: { fake.kill() })
    }

    /// The extension's list now (its `GetWindows`, asked as orientd asks).
    private func shellWindows() throws -> [(appId: String, focused: Bool)] {
        let reply = try client.connection.call(destination: "org.gnome.Shell", path: Self.shellWindowsPath,
                                               interface: Self.shellWindowsInterface, method: "GetWindows",
                                               replyType: "(a(tsbbb))", timeoutMilliseconds: 10_000)
        return reply.child(at: 0).children.map { (appId: $0.child(at: 1).string ?? "", focused: $0.child(at: 2).bool ?? false) }
    }
}

/// `GnomeTrackerConformance` on Debian 13's GNOME Shell 48 (its cached root, skipped without
/// it) with orientd's extension for GNOME Shell 45 and later (the ES module): the suite's
/// lines again, as XCTest on Linux runs only the tests a class declares itself.
final class GnomeShell48TrackerConformance: GnomeTrackerConformance {
    override class var release: Debian13Root.Release? { .trixie }

    override func startPeer() throws {
        try super.startPeer()
        let version = try shellProperty("ShellVersion").string ?? ""
        XCTAssertTrue(version.hasPrefix("48."), "Debian 13's GNOME Shell 48, not \(version)")
    }

    override func testWindowsAppIdsActivationMinimizingAndClosing() throws { try checkWindowsAppIdsActivationMinimizingAndClosing() }
    override func testThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws { try checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() }
    override func testAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() throws { try checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn() }
}
