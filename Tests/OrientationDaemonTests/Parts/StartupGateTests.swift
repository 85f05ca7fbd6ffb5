import Foundation
import GLibBridge
import OrientationCore
import ProcessSupport
import XCTest
@testable import OrientationDaemon

/// `StartupGate` on real calls: what comes before the parts' first answers waits, and runs in
/// the order it came once the last part answered (later calls at once); past its limit a call
/// is refused at once, and what it holds is answered with an error when orientd ends first.
final class StartupGateTests: ServedObjectTestCase {
    static let methods = #"<method name="Echo"><arg type="s" direction="in"/><arg type="s" direction="out"/></method>"#

    /// The gate and what ran, touched on the service's loop thread only.
    final class Held: @unchecked Sendable {
        var gate: StartupGate?
        var ran: [String] = []
    }

    private let held = Held()

    private func serveGate(heldLimit: Int) throws {
        let held = held
        try serve("org.example.Gate1", methods: Self.methods) { call in
            let word = call.argument(0).string ?? ""
            held.gate!.hold(call) {
                held.ran.append(word)
                call.returnString(word)
            }
        }
        let loop = served.service.loop
        served.onLoop {
            held.gate = StartupGate(loop: loop, log: Log(verbose: false), bound: 600_000, heldLimit: heldLimit,
                                    timedOut: { _ in }, open: {})
        }
    }

    /// Calls `Echo(word)` on a thread of its own; the reply (or error) once `done` is signalled.
    private func echo(_ word: String) -> (done: XCTestExpectation, result: () -> Result<String, DBusError>?) {
        final class Box: @unchecked Sendable { var result: Result<String, DBusError>? }
        let box = Box(), done = expectation(description: "Echo(\(word)) answered")
        let served = served!
        Thread.detachNewThread {
            do throws(DBusError) {
                box.result = .success(try served.call("Echo", [Variant(string: word)]).child(at: 0).string ?? "")
            } catch {
                box.result = .failure(error)
            }
            done.fulfill()
        }
        return (done, { box.result })
    }

    private func heldCount() -> Int { let held = held; return served.onLoop { held.gate!.heldCount } }

    func testCallsWaitForEveryPartAndRunInTheOrderTheyCame() throws {
        try serveGate(heldLimit: StartupGate.heldLimit)
        let first = echo("first")
        try eventually("the first call held") { heldCount() == 1 }
        let second = echo("second")
        try eventually("the second call held") { heldCount() == 2 }

        let held = held
        served.onLoop {
            held.gate!.answered(.sensor)
            held.gate!.answered(.output)
        }
        XCTAssertEqual(served.onLoop { held.ran }, [], "one part still starting")
        served.onLoop { held.gate!.answered(.windows) }
        wait(for: [first.done, second.done], timeout: 20)
        XCTAssertEqual(served.onLoop { held.ran }, ["first", "second"])
        XCTAssertEqual(try first.result()?.get(), "first")
        XCTAssertEqual(try served.call("Echo", [Variant(string: "later")]).child(at: 0).string, "later", "at once once open")
    }

    /// The service's own work given before the gate opens runs once it does, after what was held
    /// before it, and is never counted or refused as a call; given after, it runs at once.
    func testWorkAfterOpeningRunsOnceOpenInItsTurn() throws {
        try serveGate(heldLimit: 1)
        let held = held
        let first = echo("first")
        try eventually("the first call held") { heldCount() == 1 }
        served.onLoop {
            held.gate!.afterOpening { held.ran.append("work") }
            held.gate!.afterOpening { held.ran.append("more work") }
        }
        XCTAssertEqual(heldCount(), 1, "work is not a call")
        XCTAssertEqual(served.onLoop { held.ran }, [])
        served.onLoop { for part in StartupGate.Part.allCases { held.gate!.answered(part) } }
        wait(for: [first.done], timeout: 20)
        XCTAssertEqual(served.onLoop { held.ran }, ["first", "work", "more work"])
        served.onLoop { held.gate!.afterOpening { held.ran.append("later") } }
        XCTAssertEqual(served.onLoop { held.ran }.last, "later")
    }

    func testPastItsLimitACallIsRefusedAndWhatItHoldsIsAnsweredWhenOrientdEnds() throws {
        try serveGate(heldLimit: 1)
        let first = echo("first")
        try eventually("the first call held") { heldCount() == 1 }
        XCTAssertThrowsError(try served.call("Echo", [Variant(string: "second")])) { error in
            XCTAssertEqual((error as? DBusError)?.name, OrientationError.limitExceeded("").name)
        }
        let held = held
        served.onLoop { held.gate!.refuseHeld(because: "orientd is exiting; the call did not run") }
        wait(for: [first.done], timeout: 20)
        guard case .failure(let error) = first.result() else { return XCTFail("the held call was answered \(String(describing: first.result()))") }
        XCTAssertEqual(error.message, "orientd is exiting; the call did not run")
        XCTAssertEqual(served.onLoop { held.ran }, [])
    }
}
