import GLibBridge
import TestSupport
import XCTest

final class MainLoopTests: XCTestCase {
    var loop: MainLoop!

    override func setUp() { loop = MainLoop.startThread(name: "test-loop") }
    override func tearDown() { loop.stopThread() }

    func testStartThreadRunsTheLoop() {
        XCTAssertTrue(loop.isRunning)
        XCTAssertFalse(loop.isCurrentThread)
    }

    func testInvokeRunsOnTheLoopThread() throws {
        let ran = LockedValue(false)
        let loop = self.loop!
        DispatchQueue.global().async {
            loop.invoke { ran.withLock { $0 = loop.isCurrentThread } }
        }
        try eventually("the invoked closure") { ran.value }
    }

    func testSyncReturnsAndThrows() {
        let loop = self.loop!
        XCTAssertEqual(loop.sync { loop.isCurrentThread ? 42 : 0 }, 42)
        XCTAssertEqual(loop.sync { loop.sync { 7 } }, 7, "sync on the loop thread runs at once")
        XCTAssertThrowsError(try loop.sync { () throws(DBusError) -> Int in
            throw DBusError(name: "org.example.E", message: "m")
        }) { XCTAssertEqual(($0 as? DBusError)?.name, "org.example.E") }
    }

    func testTimeoutsFireInOrderAndCancelWorks() throws {
        let fired = LockedValue<[String]>([])
        let loop = self.loop!
        let cancelled = loop.sync { () -> SourceHandle in
            // Added in deadline order: on a busy machine both may be ready in the same
            // iteration, and GLib then dispatches them in the order they were added.
            loop.addTimeout(milliseconds: 10) { fired.withLock { $0.append("10") } }
            loop.addTimeout(milliseconds: 40) { fired.withLock { $0.append("40") } }
            return loop.addTimeout(milliseconds: 20) { fired.withLock { $0.append("cancelled") } }
        }
        cancelled.cancel()
        XCTAssertTrue(cancelled.isFinished)
        try eventually("both timeouts") { fired.value.count == 2 }
        XCTAssertEqual(fired.value, ["10", "40"])
        cancelled.cancel()
    }

    func testRepeatingTimeoutAndIdle() throws {
        let ticks = LockedValue(0)
        let idled = LockedValue(false)
        let loop = self.loop!
        let handle = loop.sync { () -> SourceHandle in
            loop.addIdle { idled.withLock { $0 = true } }
            return loop.addRepeatingTimeout(milliseconds: 1) {
                ticks.withLock { $0 += 1; return $0 < 3 }
            }
        }
        try eventually("three ticks and the idle") { ticks.value == 3 && idled.value }
        try eventually("the finished source") { handle.isFinished }
        XCTAssertEqual(ticks.value, 3)
    }

    func testUnixSignalHandler() throws {
        let received = LockedValue(0)
        let loop = self.loop!
        let handle = loop.sync { loop.addSignalHandler(SIGUSR1) { received.withLock { $0 += 1 } } }
        kill(getpid(), SIGUSR1)
        try eventually("SIGUSR1 handled") { received.value == 1 }
        handle.cancel()
    }

    func testDefaultContextLoopRunsOnTheMainThread() {
        let main = MainLoop()
        var order: [String] = []
        // The idle source adds the timeout, so the order never depends on how busy the
        // machine is (a timeout already due outranks an idle source and would quit first).
        main.addIdle {
            order.append("idle")
            main.addTimeout(milliseconds: 5) {
                order.append("timeout")
                main.quit()
            }
        }
        main.run()
        XCTAssertEqual(order, ["idle", "timeout"])
        XCTAssertFalse(main.isRunning)
    }

    func testUnblockTerminationSignals() {
        var block = sigset_t(), saved = sigset_t(), now = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTERM)
        sigaddset(&block, SIGINT)
        pthread_sigmask(SIG_BLOCK, &block, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        MainLoop.unblockTerminationSignals()
        pthread_sigmask(SIG_SETMASK, nil, &now)
        XCTAssertEqual(sigismember(&now, SIGTERM), 0)
        XCTAssertEqual(sigismember(&now, SIGINT), 0)
    }
}
