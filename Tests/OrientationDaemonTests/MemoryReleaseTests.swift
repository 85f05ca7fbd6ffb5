import GLibBridge
import OrientationDaemon
import TestSupport
import XCTest

/// When orientd gives memory back: once a burst of large work is over, and again a few times
/// after it, for what GDBus frees only later (the trim 250 ms after 10,000 scenes were dropped gave
/// back ~2 of ~11 MiB, the one a second later the rest).
final class MemoryReleaseTests: XCTestCase {
    var loop: MainLoop!

    override func setUp() { loop = MainLoop.startThread(name: "memory-release") }
    override func tearDown() { loop.stopThread() }

    /// Starts a MemoryRelease on the loop that records when it trims, and feeds it `weights`.
    func release(_ weights: [Int], followUps: ArraySlice<UInt32> = [300, 600]) -> (trims: LockedValue<[ContinuousClock.Instant]>, waiting: Bool) {
        let trims = LockedValue<[ContinuousClock.Instant]>([])
        let loop = self.loop!
        let waiting = loop.sync {
            let memory = MemoryRelease(loop: loop, followUps: followUps) { trims.withLock { $0.append(.now) } }
            for weight in weights { memory.released(weight) }
            return memory.isWaiting
        }
        return (trims, waiting)
    }

    func testSmallWorkSchedulesNoTrim() {
        let (trims, waiting) = release([MemoryRelease.threshold - 1])
        XCTAssertFalse(waiting, "below the threshold nothing is scheduled: no wake-up")
        XCTAssertEqual(trims.value, [])
    }

    func testTheFollowUpsAreSpreadOverSecondsNotAFewMilliseconds() {
        let followUps = MemoryRelease.followUpMilliseconds
        XCTAssertEqual(followUps.sorted(), Array(followUps), "each follow-up waits longer")
        XCTAssertGreaterThanOrEqual(followUps.reduce(0, +), 10_000, "late frees on a loaded machine are covered")
    }

    func testABurstTrimsOnceItIsOverAndAgainAfterEachFollowUp() throws {
        let start = ContinuousClock.now
        let (trims, waiting) = release([MemoryRelease.threshold - 1, 1])
        XCTAssertTrue(waiting, "work adding up to the threshold schedules a trim")
        XCTAssertEqual(trims.value, [], "not inside the call that freed the memory")
        try eventually("three trims", timeout: .seconds(30)) { trims.value.count == 3 }
        let at = trims.value
        XCTAssertGreaterThanOrEqual(at[0] - start, .milliseconds(250))
        XCTAssertGreaterThanOrEqual(at[1] - at[0], .milliseconds(300))
        XCTAssertGreaterThanOrEqual(at[2] - at[1], .milliseconds(600))
    }
}
