import XCTest
@testable import OrientationDaemon

/// The one window-list diff every tracker and the service's pace use.
final class WindowListDiffTests: XCTestCase {
    func window(_ appId: String, activated: Bool = false) -> WindowListDiff.Window {
        .init(appId: appId, activated: activated, minimized: false, fullscreen: false)
    }

    func handles(_ events: [WindowTrackerEvent]) -> [String] {
        events.map {
            switch $0 {
            case .window(let handle, _, let activated, _, _): return "\(handle)\(activated ? "*" : "")"
            case .closed(let handle): return "-\(handle)"
            case .attached, .detached: return "?"
            }
        }
    }

    func testOnlyChangesArePassedOnClosesFirstAndTheFocusLast() {
        var diff = WindowListDiff()
        diff.replace(with: [3: window("a", activated: true), 1: window("b"), 2: window("c")])
        XCTAssertEqual(handles(diff.next()), ["1", "2", "3*"])
        XCTAssertTrue(diff.isSettled)
        diff.replace(with: [3: window("a", activated: true), 1: window("b"), 2: window("c")])
        XCTAssertEqual(handles(diff.next()), [], "the same list again passes nothing on")
        diff.replace(with: [3: window("a"), 2: window("c", activated: true)])
        XCTAssertEqual(handles(diff.next()), ["-1", "3", "2*"], "closed, then losing the focus, then taking it")
    }

    func testAWindowThatCameAndWentBeforeItsTurnCostsNothing() {
        var diff = WindowListDiff()
        for round in 0..<100 {
            diff.replace(with: Dictionary(uniqueKeysWithValues: (0..<1_000).map { (UInt64(round * 1_000 + $0), window("app\($0)")) }))
        }
        diff.replace(with: [7: window("kept")])
        XCTAssertEqual(handles(diff.next()), ["7"], "only the newest list is passed on")
        XCTAssertTrue(diff.isReported(7))
    }

    func testABatchPassesAtMostItsLimitAndTheRestLater() {
        var diff = WindowListDiff()
        for handle in 1...10 { diff.take(.window(handle: UInt64(handle), appId: "a", activated: handle == 1, minimized: false, fullscreen: false)) }
        XCTAssertEqual(diff.next(limit: 4).count, 4)
        diff.take(.closed(handle: 9))
        let rest = handles(diff.next())
        XCTAssertEqual(rest, ["6", "7", "8", "10", "1*"], "a window closed before its turn is never passed on")
        diff.take(.closed(handle: 2))
        XCTAssertEqual(handles(diff.next()), ["-2"])
    }
}
