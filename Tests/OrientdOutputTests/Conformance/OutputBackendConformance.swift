import Foundation
import OrientationCore
@testable import OrientationDaemon
@testable import OrientationDaemonTests
import TestSupport
import XCTest

/// What every output backend keeps, whatever its compositor: it attaches to its peer's panel
/// and reports what it shows; an apply turns the panel and is read back; someone else's turn
/// is reported, not undone; the peer going away detaches with the reason, and its return
/// attaches again; a transform orientd does not turn to (flipped) is reported as unknown,
/// never as a wrong orientation.
///
/// Each backend runs it as a subclass giving the hooks below and one `test…` line per
/// `check…` (XCTest on Linux finds only the test methods a class declares itself): the real
/// backends with their compositors as peers (`WlrootsOutputConformance`,
/// `MutterOutputConformance`, `KWinOutputConformance`, `X11OutputConformance`) and the fake
/// one (`FakeOutputConformance`). `ConformanceCoverageTests` fails while a subclass has no
/// line for a check and does not name it in `exemptions`.
class OutputBackendConformance: OutputTestCase {
    // MARK: Hooks

    /// The checks this backend does not run (`checkX` names), each with why.
    class var exemptions: [String: String] { [:] }

    /// The panel the backend drives on the peer.
    var panel: String { "" }
    /// Part of the reason the backend gives when its peer is killed.
    var goneReason: String { "" }
    /// Whether someone else can flip the peer's panel (kscreen-doctor cannot, Xephyr shows no reflection).
    var flips: Bool { true }

    /// Starts the peer (again, after `stopPeer`); a real compositor is the test's `compositor`
    /// then, which the hooks below read, turn and stop unless a subclass says otherwise.
    func startPeer() throws {}
    /// Kills the peer and waits for it to end.
    func stopPeer() throws {
        compositor.process.kill()
        try compositor.process.wait(timeout: deadline)
    }
    /// The backend, started on a loop of its own and stopped after the test.
    func startBackend() -> OutputBackendRun { fatalError("a conformance subclass makes the backend") }
    /// What the peer's panel shows, read by the test itself (nil: flipped or unknown): what
    /// the compositor itself reports.
    func peerShows() throws -> InterfaceOrientation? {
        try compositor.panelTransform().flatMap { FakeOutputBackend.showing(UInt32($0.rawValue)) }
    }
    /// Someone else turns the peer's panel to wl_output's `transform` (0-7), as the
    /// compositor's own settings do (4-7, mirrored: a `FlippingCompositor`'s).
    func turnPeer(_ transform: UInt32) throws {
        let turn = try XCTUnwrap(PanelTransform(rawValue: Int(transform % 4)), "no wl_output transform \(transform)")
        guard transform >= 4 else { return try compositor.turnPanel(to: turn) }
        let flipping = try XCTUnwrap(compositor as? FlippingCompositor, "\(compositor.name) cannot mirror its panel (flips is true)")
        try flipping.turnPanel(flipped: turn)
    }
    /// The peer's panel's current mode and scale, read by the test itself (nil: this peer's
    /// test cannot read it; the backend's report is then only checked for sanity).
    func peerSize() throws -> PanelSize? { nil }

    /// Waits until the backend's last report says the panel shows `row`, and the peer agrees.
    func waitForPanel(_ run: OutputBackendRun, _ row: InterfaceOrientation?, file: StaticString = #filePath, line: UInt = #line) throws {
        var peer: InterfaceOrientation?
        try eventually("\(panel) shows \(row?.rawValue ?? "nothing known") (peer: \(peer?.rawValue ?? "nothing known")); events:\n\(run.transcript)",
                       timeout: deadline, file: file, line: line) {
            peer = try peerShows()
            return run.isAttached && run.showing == row && peer == row
        }
    }

    // MARK: Attach, report, apply

    func checkAttachesReportsAndTurnsThePanel() throws {
        try startPeer()
        let run = startBackend()
        try eventually("attached to \(panel); events:\n\(run.transcript)", timeout: deadline) { run.attached == [panel] }
        try waitForPanel(run, .portrait)
        for row in [InterfaceOrientation.landscapeLeft, .portraitUpsideDown, .landscapeRight, .portrait] {
            run.apply(row)
            try waitForPanel(run, row)
        }
        XCTAssertEqual(run.detachReasons, [])
    }

    /// Someone else's turn is reported and not undone; a flipped transform is reported as
    /// nothing orientd knows, never as an orientation.
    func checkSomeoneElsesTurnIsReportedAndAFlipIsUnknown() throws {
        try startPeer()
        let run = startBackend()
        try waitForPanel(run, .portrait)
        try turnPeer(2)
        try waitForPanel(run, .portraitUpsideDown)
        if flips {
            try turnPeer(4)
            try waitForPanel(run, nil)
        }
        XCTAssertEqual(run.attached, [panel], "still attached: \(run.transcript)")
    }

    // MARK: The panel's size

    /// Once attached the backend reports the panel's mode and scale (the screen's class is
    /// measured from them), as the peer itself says.
    func checkReportsThePanelsSize() throws {
        try startPeer()
        let run = startBackend()
        try eventually("attached to \(panel) with its size; events:\n\(run.transcript)", timeout: deadline) {
            run.isAttached && run.facts?.size != nil
        }
        let size = try XCTUnwrap(run.facts?.size)
        XCTAssertGreaterThan(size.shorterLogicalSide, 0)
        if let expected = try peerSize() { XCTAssertEqual(size, expected, "\(run.transcript)") }
    }

    // MARK: Peer gone, peer back

    func checkThePeerGoingAwayDetachesUntilItReturns() throws {
        try startPeer()
        let run = startBackend()
        try waitForPanel(run, .portrait)
        try stopPeer()
        try eventually("detached; events:\n\(run.transcript)", timeout: deadline) { run.detachReasons.count == 1 }
        XCTAssertTrue(run.detachReasons[0].contains(goneReason), run.detachReasons[0])
        XCTAssertFalse(run.isAttached)

        try startPeer()
        try eventually("attached again; events:\n\(run.transcript)", timeout: deadline) { run.attached == [panel, panel] }
        run.apply(.landscapeLeft)
        try waitForPanel(run, .landscapeLeft)
    }

    // MARK: Flood coalesced
    //
    // Reserved for the flood work: a peer sending thousands of change notifications in a burst
    // is read as few times as keep the last state. Add `checkAFloodOfChangesIsCoalesced` here,
    // with its hook, and its line to each subclass's list of tests.
}
