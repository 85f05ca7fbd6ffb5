import GLibBridge
import Glibc

/// Polls `condition` until it holds, every 2 ms, for at most `timeout` (20 s unless given:
/// a generous deadline costs nothing when the condition holds, and CI machines are loaded),
/// times `TestDeadline.scale`.
///
/// With `iterating`, dispatches that loop's pending events between polls (for a loop whose
/// context the calling thread may own, such as `MainLoop()` on the test's main thread when
/// nothing runs it); otherwise the events must be dispatched elsewhere, such as by a
/// `LoopConnection`'s thread.
/// - Throws: `ProcessSupportError` naming `what`, the timeout and the call site.
public func eventually(
    _ what: @autoclosure () -> String = "a condition",
    timeout: Duration = .seconds(20),
    iterating loop: MainLoop? = nil,
    file: StaticString = #filePath, line: UInt = #line,
    _ condition: () throws -> Bool
) throws {
    let deadline = TestDeadline.from(now: timeout)
    while true {
        if let loop { while loop.iterate() {} }
        if try condition() { return }
        if ContinuousClock.now >= deadline {
            throw ProcessSupportError("timed out after \(TestDeadline.scaled(timeout)) waiting for \(what()) (\(file):\(line))")
        }
        usleep(2_000)
    }
}
