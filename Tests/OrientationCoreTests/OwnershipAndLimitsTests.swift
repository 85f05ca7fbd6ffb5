import OrientationCore
import XCTest

/// Who may change a scene, what happens when a client leaves, and the documented limits.
final class OwnershipAndLimitsTests: XCTestCase {
    /// Every owner-only scene call, valid for a scene with a navigation root "nav" holding "a"
    /// and "b", where "a" presents "sheet".
    private let ownerCalls: [SceneCommand] = [
        .setRoot(view("x")), .push(navigation: "nav", view("x")), .pop(navigation: "nav"),
        .present(presenter: "b", view("x")), .dismiss("sheet"), .setProperties("a", patch(autorotates: false)),
        .setMode("a", .portrait), .update, .setWindowOrientations(sceneDelegate: .all, appDelegate: nil),
        .setGeometry(width: 400, height: 800), .setActivation(.background),
    ]

    private func ownedScene(_ subject: inout ManagerUnderTest, detached: Bool = false) throws -> SceneID {
        let id = try subject.register { $0.supported = .allButUpsideDown; $0.detached = detached }
        try subject.on(id, .setRoot(navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("a")))
        try subject.on(id, .push(navigation: "nav", view("b")))
        try subject.on(id, .present(presenter: "a", view("sheet", fillsWindow: false)))
        return id
    }

    func testAnotherCallerGetsAccessDeniedForEveryOwnerCall() throws {
        var subject = ManagerUnderTest()
        let id = try ownedScene(&subject)
        XCTAssertEqual(subject.snapshot(id).owner, Caller.app)
        XCTAssertFalse(subject.snapshot(id).detached)
        for call in ownerCalls {
            let error = subject.expectFailure(.accessDenied, on: id, call, as: Caller.other)
            XCTAssertTrue(error?.message.contains(Caller.app) ?? false, "\(call)")
        }
        subject.expectFailure(.accessDenied, on: id, .addTab(tab: "nav", view("x")), as: Caller.other)
        subject.expectFailure(.accessDenied, on: id, .selectTab(tab: "nav", child: "a"), as: Caller.other)
        subject.expectFailure(.accessDenied, .unregisterScene(id), as: Caller.other)
        // The owner may make every one of them.
        for call in ownerCalls {
            var copy = subject
            XCTAssertNoThrow(try copy.on(id, call), "\(call)")
        }
    }

    func testADetachedSceneIsOpenToAll() throws {
        var subject = ManagerUnderTest()
        let id = try ownedScene(&subject, detached: true)
        XCTAssertEqual(subject.snapshot(id).owner, "")
        XCTAssertTrue(subject.snapshot(id).detached)
        for call in ownerCalls {
            var copy = subject
            XCTAssertNoThrow(try copy.on(id, call, as: Caller.other), "\(call)")
        }
        // It outlives its creator and is removed only by UnregisterScene, by anyone.
        try subject.run(.clientVanished(Caller.app), as: Caller.shell)
        XCTAssertNotNil(subject.manager.snapshot(of: id))
        try subject.run(.unregisterScene(id), as: Caller.other)
        XCTAssertNil(subject.manager.snapshot(of: id))
    }

    func testRequestOrientationAndExplainAreOpenToAll() throws {
        var subject = ManagerUnderTest()
        let id = try ownedScene(&subject)
        try subject.on(id, .request(.landscapeLeft), as: Caller.other)
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
        XCTAssertFalse(try subject.manager.explain(id).isEmpty)
    }

    func testClientVanishedRemovesTheScenesItOwnsOnly() throws {
        var subject = ManagerUnderTest()
        let mine = try subject.register(as: Caller.app)
        let detached = try subject.register(as: Caller.app) { $0.detached = true }
        let theirs = try subject.register(as: Caller.other)
        try subject.run(.clientVanished(Caller.app), as: Caller.shell)
        XCTAssertEqual(subject.events, [.sceneRemoved(mine)])
        XCTAssertNil(subject.manager.snapshot(of: mine))
        XCTAssertNotNil(subject.manager.snapshot(of: detached))
        XCTAssertNotNil(subject.manager.snapshot(of: theirs))
        try subject.run(.clientVanished(":1.999"), as: Caller.shell)
        XCTAssertEqual(subject.events, [])
    }

    /// The scene table gives its storage back once most scenes left: what 1,000 scenes needed
    /// is not kept for the two that stay.
    func testTheSceneTableShrinksOnceMostScenesLeft() throws {
        var subject = ManagerUnderTest()
        for index in 0..<1_000 { _ = try subject.register(as: index < 2 ? Caller.other : Caller.app) }
        let full = subject.manager.scenes.capacity
        try subject.run(.clientVanished(Caller.app), as: Caller.shell)
        XCTAssertEqual(subject.manager.scenes.count, 2)
        XCTAssertLessThanOrEqual(subject.manager.scenes.capacity * 8, full, "capacity \(subject.manager.scenes.capacity) of \(full)")
    }

    /// A small table is never copied: its storage is kept for the next scenes.
    func testASmallDictionaryKeepsItsStorage() {
        var table = [Int: Int](minimumCapacity: 48)
        let capacity = table.capacity
        for key in 0..<40 { table[key] = key }
        for key in 1..<40 { table[key] = nil; table.shrinkAfterRemovals() }
        XCTAssertEqual(table.capacity, capacity)
        XCTAssertEqual(table, [0: 0])
    }

    func testUnknownSceneAndNumbersNeverReused() throws {
        var subject = ManagerUnderTest()
        let first = try subject.register()
        try subject.run(.unregisterScene(first))
        let error = subject.expectFailure(.unknownScene, on: first, .update)
        XCTAssertTrue(error?.message.contains("\(first)") ?? false)
        subject.expectFailure(.unknownScene, .unregisterScene(first))
        XCTAssertThrowsError(try subject.manager.explain(first))
        let second = try subject.register()
        XCTAssertGreaterThan(second, first)
    }

    func testScenesPerConnectionLimit() throws {
        var limits = Limits()
        limits.scenesPerConnection = 2
        var subject = ManagerUnderTest(limits: limits)
        _ = try subject.register()
        let detached = try subject.register { $0.detached = true } // counts against its creator
        let error = subject.expectFailure(.limitExceeded, .registerScene(registration()))
        XCTAssertTrue(error?.message.contains("2") ?? false, error?.message ?? "")
        XCTAssertNoThrow(try subject.register(as: Caller.other))
        try subject.run(.unregisterScene(detached))
        XCTAssertNoThrow(try subject.register())
    }

    func testScenesInAllLimit() throws {
        var limits = Limits()
        limits.scenesInAll = 3
        var subject = ManagerUnderTest(limits: limits)
        _ = try subject.register(as: ":1.1")
        for _ in 0..<2 { _ = try subject.register(as: ":1.2") }
        subject.expectFailure(.limitExceeded, .registerScene(registration()), as: ":1.2")
        try subject.run(.clientVanished(":1.1"), as: Caller.shell)
        XCTAssertNoThrow(try subject.register(as: ":1.2"))
        // A connection's first scene is never refused by the limit in all (see QuotaAndTextTests).
        XCTAssertNoThrow(try subject.register(as: ":1.4"))
    }

    func testControllersPerSceneLimit() throws {
        var limits = Limits()
        limits.controllersPerScene = 3
        var subject = ManagerUnderTest(limits: limits)
        let id = try subject.register()
        try subject.on(id, .setRoot(navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("a")))
        try subject.on(id, .push(navigation: "nav", view("b")))
        subject.expectFailure(.limitExceeded, on: id, .push(navigation: "nav", view("c")))
        subject.expectFailure(.limitExceeded, on: id, .present(presenter: "b", view("c")))
        try subject.on(id, .pop(navigation: "nav"))
        try subject.on(id, .present(presenter: "a", view("c")))
    }

    func testStringLimits() throws {
        var subject = ManagerUnderTest()
        let long = String(repeating: "x", count: 256)
        subject.expectFailure(.invalidArgs, .registerScene(registration(long)))
        subject.expectFailure(.invalidArgs, .registerScene(registration("")))
        subject.expectFailure(.invalidArgs, .registerScene(registration("has space")))
        subject.expectFailure(.limitExceeded, .registerScene(registration(display: long)))
        subject.expectFailure(.invalidArgs, .registerScene(registration(display: "")))
        subject.expectFailure(.invalidArgs, .registerScene(registration(supported: [])))
        let id = try subject.register(String(repeating: "a", count: 255))
        subject.expectFailure(.limitExceeded, on: id, .setRoot(view(long)))
        try subject.on(id, .setRoot(view(String(repeating: "é", count: 255))))
    }
}
