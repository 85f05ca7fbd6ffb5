import Foundation
import OrientationCore
@testable import OrientationDaemon
@testable import OrientationDaemonTests
import TestSupport
import XCTest

/// `OutputBackendConformance` with a real KWin (`kwin_wayland --virtual`) as the peer, turned
/// through KWin's output management and read back by the test's own kscreen-doctor.
final class KWinOutputConformance: OutputBackendConformance {
    func testAttachesReportsAndTurnsThePanel() throws { try checkAttachesReportsAndTurnsThePanel() }
    func testSomeoneElsesTurnIsReportedAndAFlipIsUnknown() throws { try checkSomeoneElsesTurnIsReportedAndAFlipIsUnknown() }
    func testThePeerGoingAwayDetachesUntilItReturns() throws { try checkThePeerGoingAwayDetachesUntilItReturns() }
    func testReportsThePanelsSize() throws { try checkReportsThePanelsSize() }

    /// KScreen's rotations by wl_output transform (0-3).
    static let rotations = [1, 2, 4, 8]
    static let names = ["none", "left", "inverted", "right"]
    private var kwin: ChildProcess?

    override var panel: String { Self.kwinOutput }
    /// The connection's end (KWin closed its Wayland socket).
    override var goneReason: String { "Wayland" }
    override var flips: Bool { false }

    override func startPeer() throws { kwin = try startKWin() }

    override func stopPeer() throws {
        kwin?.kill()
        try kwin?.wait(timeout: deadline)
    }

    override func startBackend() -> OutputBackendRun {
        let (environment, panel) = (childEnvironment.merging(waylandEnvironment) { $1 }, panel)
        let run = OutputBackendRun { KWinBackend.make(environment: environment, output: panel, log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        return run
    }

    override func peerShows() throws -> InterfaceOrientation? {
        try kscreenRotation(panel).flatMap { Self.rotations.firstIndex(of: $0) }.flatMap { FakeOutputBackend.showing(UInt32($0)) }
    }

    override func turnPeer(_ transform: UInt32) throws {
        try kscreenDoctor(["output.\(panel).rotation.\(Self.names[Int(transform)])"])
    }
}
