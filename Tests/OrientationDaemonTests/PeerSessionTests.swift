import XCTest
@testable import OrientationDaemon

/// The peer-session state machine every adapter keeps (mutter, the tool backends, wlroots,
/// iio-sensor-proxy): epochs, absence said once, one call at a time with only the newest waiting.
final class PeerSessionTests: XCTestCase {
    func testRepliesFromAnEarlierPeerAreStale() {
        var session = PeerSession<Int>()
        let first = session.epoch
        XCTAssertTrue(session.isCurrent(first))
        session.newPeer()
        XCTAssertFalse(session.isCurrent(first), "a reply from the peer before is dropped")
        XCTAssertTrue(session.isCurrent(session.epoch))
        let second = session.epoch
        session.newPeer()
        XCTAssertFalse(session.isCurrent(second))
        XCTAssertNotEqual(session.epoch, first, "epochs are never reused")
    }

    func testANewPeerStartsWithNoCallInFlightAndNoneWaiting() {
        var session = PeerSession<Int>()
        XCTAssertEqual(session.calls.submit(1), 1)
        XCTAssertNil(session.calls.submit(2))
        session.newPeer()
        XCTAssertFalse(session.calls.busy)
        XCTAssertNil(session.calls.waiting)
        XCTAssertEqual(session.calls.submit(3), 3, "runs at once on the new peer")
    }

    func testAbsenceIsReportedOnceUntilThePeerIsThereAgain() {
        var session = PeerSession<Int>()
        XCTAssertTrue(session.reportsAbsence(wasPresent: false), "the first absence is said")
        XCTAssertFalse(session.reportsAbsence(wasPresent: false), "not once per change")
        XCTAssertFalse(session.reportsAbsence(wasPresent: false))
        XCTAssertTrue(session.reportsAbsence(wasPresent: true), "losing a peer that was there is always said")
        XCTAssertFalse(session.reportsAbsence(wasPresent: false))
        session.present()
        XCTAssertTrue(session.reportsAbsence(wasPresent: false), "said again after the peer was there")
        XCTAssertFalse(session.reportsAbsence(wasPresent: false))
        session.newPeer()
        XCTAssertFalse(session.reportsAbsence(wasPresent: false), "a new epoch alone does not repeat it")
    }

    func testOneCallAtATimeAndOnlyTheNewestWaits() {
        var calls = OneCallAtATime<String>()
        XCTAssertFalse(calls.busy)
        XCTAssertEqual(calls.submit("a"), "a", "idle: runs now")
        XCTAssertTrue(calls.busy)
        XCTAssertEqual(calls.inFlight, "a")
        XCTAssertNil(calls.submit("b"), "busy: waits")
        XCTAssertNil(calls.submit("c"))
        XCTAssertEqual(calls.waiting, "c", "the newest replaces the older one")
        XCTAssertEqual(calls.inFlight, "a", "the call in flight stays")
        XCTAssertEqual(calls.finish(), "c", "handed back when the call is done")
        XCTAssertFalse(calls.busy, "to be submitted again through the adapter's checks")
        XCTAssertNil(calls.waiting)
        XCTAssertEqual(calls.submit("c"), "c")
        XCTAssertNil(calls.finish(), "nothing waited")
        XCTAssertFalse(calls.busy)
    }

    func testTakingTheWaitingRequestKeepsTheCallInFlight() {
        var calls = OneCallAtATime<Int>()
        _ = calls.submit(1)
        _ = calls.submit(2)
        XCTAssertEqual(calls.takeWaiting(), 2)
        XCTAssertNil(calls.waiting)
        XCTAssertTrue(calls.busy)
        XCTAssertNil(calls.finish(), "what was taken does not come back")
    }

    func testCancelForgetsTheCallAndTheWaitingRequest() {
        var calls = OneCallAtATime<Void>()
        XCTAssertNotNil(calls.submit(()))
        XCTAssertNil(calls.submit(()))
        calls.cancel()
        XCTAssertFalse(calls.busy)
        XCTAssertNil(calls.waiting)
        XCTAssertNotNil(calls.submit(()), "a request after the cancel runs at once")
    }
}
