import Foundation
import OrientationCore
@testable import OrientationDaemon
@testable import OrientationDaemonTests
import TestSupport
import XCTest

/// `OutputBackendConformance` with a real KWin (`kwin_wayland --virtual`) as the peer, turned
/// through KWin's display settings (kscreen-doctor) and read back from KWin itself (`KWinSession`).
final class KWinOutputConformance: OutputBackendConformance {
    func testAttachesReportsAndTurnsThePanel() throws { try checkAttachesReportsAndTurnsThePanel() }
    func testSomeoneElsesTurnIsReportedAndAFlipIsUnknown() throws { try checkSomeoneElsesTurnIsReportedAndAFlipIsUnknown() }
    func testThePeerGoingAwayDetachesUntilItReturns() throws { try checkThePeerGoingAwayDetachesUntilItReturns() }
    func testReportsThePanelsSize() throws { try checkReportsThePanelsSize() }

    override var panel: String { Self.kwinOutput }
    /// The connection's end (KWin closed its Wayland socket).
    override var goneReason: String { "Wayland" }
    override var flips: Bool { false }

    override func startPeer() throws { try startKWin() }

    override func startBackend() -> OutputBackendRun {
        let (environment, panel) = (childEnvironment.merging(waylandEnvironment) { $1 }, panel)
        let run = OutputBackendRun { KWinBackend.make(environment: environment, output: panel, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        return run
    }
}
