import Foundation
@testable import OrientationDaemon
import TestSupport
import XCTest

/// `WindowTrackerConformance` with a real X server (Xephyr inside Xvfb) managed by openbox as
/// the peer, and real GTK 4 apps on it (minimized when the app asks: SIGUSR1 to the fixture).
final class X11TrackerConformance: WindowTrackerConformance {
    func testWindowsAppIdsActivationMinimizingAndClosing() throws { try checkWindowsAppIdsActivationMinimizingAndClosing() }
    func testThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() throws { try checkThePeerGoingAwayClosesItsWindowsAndDetachesUntilItReturns() }

    override class var exemptions: [String: String] {
        ["checkAFloodOfWindowsIsBoundedAndBadAppIdsAreNotPassedOn":
            "no hostile X11 peer yet to flood the window list (a hostile app id alone: X11WindowTrackerTests)"]
    }

    private let xephyr = RestartableXephyr()
    private var display: String { xephyr.display }

    override var goneReason: String { "the connection to the X server" }

    override func startPeer() throws {
        try xephyr.start(in: self)
        try startOpenbox(on: display)
    }

    override func startTracker() -> WindowTrackerRun {
        let display = display
        let run = WindowTrackerRun { X11WindowTracker(display: display, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        return run
    }

    override func openWindow(_ appId: String) throws -> OpenWindow {
        let app = try startUnmodifiedApp(appId)
        return OpenWindow(close: { app.terminate() }, minimize: { app.send(SIGUSR1) })
    }

    // The hostile X11 peer (property floods, bad app ids) is the X11 flood work's: it adds
    // `startFloodingPeer` here and the flood line above, and drops the exemption.
}
