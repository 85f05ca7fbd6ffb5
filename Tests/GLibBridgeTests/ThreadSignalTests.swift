@testable import GLibBridge
import TestSupport
import XCTest

final class ThreadSignalTests: XCTestCase {
    /// Each signal lets one wait return, whether it was given before the wait or during it.
    func testEverySignalLetsOneWaitReturnEvenOneGivenBeforeTheWait() throws {
        let signal = ThreadSignal()
        signal.signal()
        signal.signal()
        let waiter = WorkerThread(name: "test-signal")
        let returned = LockedValue(0)
        for _ in 0..<3 {
            waiter.run {
                signal.wait()
                returned.withLock { $0 += 1 }
            }
        }
        try eventually("the two waits the two earlier signals allow") { returned.value == 2 }
        XCTAssertEqual(returned.value, 2, "the third wait has no signal yet")
        signal.signal()
        try eventually("the third wait, once signalled") { returned.value == 3 }
    }
}
