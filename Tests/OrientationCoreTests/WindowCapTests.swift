import OrientationCore
import XCTest

/// The bounds on followed windows cannot hide the user's app: the window the compositor
/// reports activated is always followed, one app holds at most its share (its newest window
/// takes the place of its longest idle one), and a refused window changes nothing.
final class WindowCapTests: XCTestCase {
    var subject = ManagerUnderTest()
    let flood = "org.example.Flood"
    let game = "org.example.Game"

    func window(_ handle: UInt64, _ appId: String, activated: Bool = false, minimized: Bool = false) throws {
        try subject.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: activated, minimized: minimized))),
                        as: Caller.shell)
    }

    func start(total: Int, perApp: Int) throws {
        var limits = Limits()
        limits.trackedWindows = total
        limits.trackedWindowsPerApp = perApp
        subject = ManagerUnderTest(limits: limits)
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
    }

    var tracked: Set<UInt64> { Set(subject.manager.windows.windows.keys) }

    func testTheActivatedWindowIsFollowedWhateverTheOthersHold() throws {
        // 1,000 windows of 1,000 different app ids fill the limit in all (no per-app bound helps).
        try start(total: 1_000, perApp: 100)
        for handle in UInt64(1)...1_000 { try window(handle, "org.example.Flood\(handle)") }
        XCTAssertEqual(subject.manager.windows.windows.count, 1_000)
        // A new window that is not in front is refused, and changes nothing.
        let before = subject.manager
        let refused = subject.expectFailure(.limitExceeded, .window(.window(TrackedWindow(handle: 1_001, appId: game))), as: Caller.shell)
        XCTAssertTrue(refused?.message.contains("until one closes") == true, refused?.message ?? "")
        XCTAssertEqual(subject.manager.windows, before.windows)
        // Activated, it is followed: the longest idle window makes room for it.
        try window(1_001, game, activated: true)
        XCTAssertEqual(subject.manager.managerSnapshot.frontApp, game)
        XCTAssertEqual(subject.manager.windows.windows.count, 1_000)
        XCTAssertFalse(tracked.contains(1), "the longest idle window went")
        XCTAssertNil(subject.manager.windows.observedScenes[1], "with its observed scene")
    }

    func testOneAppCannotTakeMoreThanItsShare() throws {
        try start(total: 1_000, perApp: 100)
        // One client maps 1,000 windows under one app id: it keeps its newest 100.
        for handle in UInt64(1)...1_000 { try window(handle, flood) }
        XCTAssertEqual(subject.manager.windows.windows.count, 100)
        XCTAssertEqual(tracked, Set(901...1_000))
        XCTAssertEqual(subject.manager.windows.observedScenes.count, 100)
        // The user's app is followed as any other, in front or not.
        try window(2_000, game)
        try window(2_001, game, activated: true)
        XCTAssertEqual(subject.manager.managerSnapshot.frontApp, game)
        XCTAssertEqual(subject.manager.managerSnapshot.trackedWindows, 102)
    }

    func testTheWindowInFrontIsNeverEvictedAndARecentlyReportedOneGoesLast() throws {
        try start(total: 3, perApp: 3)
        try window(1, flood, activated: true)
        try window(2, flood)
        try window(3, flood)
        try window(2, flood)  // reported again: 3 is now the longest idle
        try window(4, flood)
        XCTAssertEqual(tracked, [1, 2, 4], "the window in front stays; the longest idle went")
        XCTAssertEqual(subject.manager.windows.activeWindow?.handle, 1)
    }

    func testEveryWindowInFrontIsRefusedRatherThanEvicted() throws {
        try start(total: 2, perApp: 2)
        try window(1, flood, activated: true)
        try window(2, flood, activated: true)
        let error = subject.expectFailure(.limitExceeded, .window(.window(TrackedWindow(handle: 3, appId: flood, activated: true))),
                                          as: Caller.shell)
        XCTAssertTrue(error?.message.contains("all in front") == true, error?.message ?? "")
        XCTAssertEqual(tracked, [1, 2])
    }

    func testAClosedWindowFreesItsSlotForARefusedOne() throws {
        try start(total: 2, perApp: 2)
        try window(1, flood)
        try window(2, "org.example.Other")
        subject.expectFailure(.limitExceeded, .window(.window(TrackedWindow(handle: 3, appId: game))), as: Caller.shell)
        try subject.run(.window(.closed(handle: 1)), as: Caller.shell)
        // The service offers the refused window again (WindowPart): now there is room.
        try window(3, game)
        XCTAssertEqual(tracked, [2, 3])
    }
}
