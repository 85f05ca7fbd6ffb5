import Foundation
import OrientationCore
@testable import OrientationDaemon
@testable import OrientationDaemonTests
import TestSupport
import XCTest

/// `OutputBackendConformance` with a real X server (Xephyr inside Xvfb) as the peer, turned
/// through xrandr and read back by the test's own `xrandr -q`.
final class X11OutputConformance: OutputBackendConformance {
    func testAttachesReportsAndTurnsThePanel() throws { try checkAttachesReportsAndTurnsThePanel() }
    func testSomeoneElsesTurnIsReportedAndAFlipIsUnknown() throws { try checkSomeoneElsesTurnIsReportedAndAFlipIsUnknown() }
    func testThePeerGoingAwayDetachesUntilItReturns() throws { try checkThePeerGoingAwayDetachesUntilItReturns() }
    func testReportsThePanelsSize() throws { try checkReportsThePanelsSize() }

    private let xephyr = RestartableXephyr()
    private var display: String { xephyr.display }

    override var panel: String { "default" }
    override var goneReason: String { "the watch on the X server" }
    /// Xephyr accepts `xrandr --reflect` and shows no reflection.
    override var flips: Bool { false }

    override func startPeer() throws {
        try xephyr.start(in: self)
    }

    override func startBackend() -> OutputBackendRun {
        let display = display
        let run = OutputBackendRun {
            X11Backend.make(environment: ["DISPLAY": display], output: "default", touchDevices: ["none"], log: Log(verbose: true))
        }
        addTeardownBlock { run.stop() }
        return run
    }
}
