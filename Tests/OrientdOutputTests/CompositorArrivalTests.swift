import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Finding the compositor whenever it comes, and only the right one: the built orientd with
/// its defaults, started by D-Bus activation before the session (no `WAYLAND_DISPLAY`, no
/// compositor yet), finds phoc's output management and window list when phoc binds its socket
/// in `XDG_RUNTIME_DIR`; and a program owning `org.gnome.Shell` beside phoc (as Phosh does) or
/// beside an X11 window manager is not taken for GNOME Shell; a compositor still starting when
/// orientd looked is found once it answers.
final class CompositorArrivalTests: OutputTestCase {
    static let game = "org.example.ArrivalGame"
    static let panel = "X11-1"

    /// A connection of the test's owning org.gnome.Shell on the private bus, closed after the test.
    func squatTheShellsName() throws {
        let squatter = try bus.connect()
        addTeardownBlock { squatter.close() }
        XCTAssertEqual(try squatter.requestName("org.gnome.Shell"), .primaryOwner)
    }

    func testStartedBeforePhocWithoutWaylandDisplayItFindsTheOutputAndTheWindows() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        // childEnvironment: WAYLAND_DISPLAY and DISPLAY empty, XDG_RUNTIME_DIR the scratch folder.
        try launchOrientd(["--output", Self.panel], environment: appDataEnvironment)
        try waitForProperty("OutputBackend", "none")
        XCTAssertEqual(try managerProperty("WindowTracking").string, "none")

        let host = try startXvfb(size: "800x1280x24")
        try startPhoc(backends: "x11", output: Self.panel, environment: ["DISPLAY": host])
        try waitForProperty("OutputBackend", "wlroots")
        try waitForProperty("WindowTracking", "wlroots")
        XCTAssertFalse(orientdLogLines(containing: "the Wayland socket wayland-0 arrived").isEmpty, orientd.log)

        try turnDevice("portrait")
        _ = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
    }

    /// A compositor still starting when orientd looks (its socket bound, its loop not running
    /// yet: GNOME Shell on a loaded machine took seconds to answer) is found once it answers,
    /// though nothing arrives after orientd started. phoc is stopped (SIGSTOP) until orientd
    /// has given up on its listing.
    func testACompositorThatAnswersAfterTheListingsDeadlineIsFound() throws {
        let phoc = try startPhoc()
        phoc.process.send(SIGSTOP)
        addTeardownBlock { phoc.process.send(SIGCONT) }
        try launchOrientd(["--output-backend", "none", "--window-tracking", "auto"], environment: waylandEnvironment)
        try eventually("orientd gives up on the stopped compositor; its log:\n\(orientd.log)", timeout: deadline) {
            !orientdLogLines(containing: "no compositor window list found").isEmpty
        }
        XCTAssertEqual(try managerProperty("WindowTracking").string, "none")
        phoc.process.send(SIGCONT)
        try waitForProperty("WindowTracking", "wlroots")
        XCTAssertFalse(orientdLogLines(containing: "a late answer of the compositor on").isEmpty, orientd.log)
    }

    /// Phosh owns org.gnome.Shell on phoc: phoc's own window list is followed, never the
    /// GNOME tracker (Phosh offers no window list there).
    func testAShellNameBesidePhocIsNotGnomeShell() throws {
        try squatTheShellsName()
        try startPhoc()
        try launchOrientd(["--output-backend", "none", "--window-tracking", "auto"],
                          environment: ["XDG_CURRENT_DESKTOP": "Phosh:GNOME"])
        try waitForProperty("WindowTracking", "wlroots")
        XCTAssertTrue(orientdLogLines(containing: "enable orientd's extension").isEmpty, orientd.log)
    }

    /// An X11 window manager (openbox) and some program owning org.gnome.Shell: the X11
    /// tracker follows the window manager; the name is not taken for GNOME Shell.
    func testAShellNameBesideAnX11WindowManagerIsNotGnomeShell() throws {
        try squatTheShellsName()
        let host = try startXvfb(size: "800x800x24")
        try startOpenbox(on: host)
        try launchOrientd(["--output-backend", "none", "--window-tracking", "auto"], environment: ["DISPLAY": host])
        try waitForProperty("WindowTracking", "x11")
        XCTAssertFalse(orientdLogLines(containing: "not GNOME Shell").isEmpty, orientd.log)
    }
}
