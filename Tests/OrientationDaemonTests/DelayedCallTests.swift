import GLibBridge
@testable import OrientationDaemon
import TestSupport
import XCTest

/// `afterDelay` runs on the loop of the thread that asked (the adapters' retries): on the
/// service's loop in orientd, on a test's own loop when an adapter runs on one.
final class DelayedCallTests: XCTestCase {
    func testADelayedCallRunsOnTheAskingThreadsLoopAndCanBeCancelled() throws {
        let loop = MainLoop.startThread(name: "delayed-call")
        defer { loop.stopThread() }
        let ran = LockedValue<[String]>([])
        loop.sync {
            afterDelay(milliseconds: 10) { ran.withLock { $0.append("kept") } }
            let cancelled = afterDelay(milliseconds: 10) { ran.withLock { $0.append("cancelled") } }
            cancelDelay(cancelled)
        }
        try eventually("the kept call ran on the loop's thread (ran: \(ran.value))") { ran.value == ["kept"] }
        // A later call, run after the cancelled one would have: it did not.
        loop.sync { afterDelay(milliseconds: 20) { ran.withLock { $0.append("later") } } }
        try eventually("the later call ran (ran: \(ran.value))") { ran.value == ["kept", "later"] }
    }
}
