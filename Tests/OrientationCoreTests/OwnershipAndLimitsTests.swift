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

    private func ownedScene(_ rig: inout Rig, detached: Bool = false) throws -> SceneID {
        let id = try rig.register { $0.supported = .allButUpsideDown; $0.detached = detached }
        try rig.on(id, .setRoot(navigation("nav")))
        try rig.on(id, .push(navigation: "nav", view("a")))
        try rig.on(id, .push(navigation: "nav", view("b")))
        try rig.on(id, .present(presenter: "a", view("sheet", fillsWindow: false)))
        return id
    }

    func testAnotherCallerGetsAccessDeniedForEveryOwnerCall() throws {
        var rig = Rig()
        let id = try ownedScene(&rig)
        XCTAssertEqual(rig.snapshot(id).owner, Caller.app)
        XCTAssertFalse(rig.snapshot(id).detached)
        for call in ownerCalls {
            let error = rig.expectFailure(.accessDenied, on: id, call, as: Caller.other)
            XCTAssertTrue(error?.message.contains(Caller.app) ?? false, "\(call)")
        }
        rig.expectFailure(.accessDenied, on: id, .addTab(tab: "nav", view("x")), as: Caller.other)
        rig.expectFailure(.accessDenied, on: id, .selectTab(tab: "nav", child: "a"), as: Caller.other)
        rig.expectFailure(.accessDenied, .unregisterScene(id), as: Caller.other)
        // The owner may make every one of them.
        for call in ownerCalls {
            var copy = rig
            XCTAssertNoThrow(try copy.on(id, call), "\(call)")
        }
    }

    func testADetachedSceneIsOpenToAll() throws {
        var rig = Rig()
        let id = try ownedScene(&rig, detached: true)
        XCTAssertEqual(rig.snapshot(id).owner, "")
        XCTAssertTrue(rig.snapshot(id).detached)
        for call in ownerCalls {
            var copy = rig
            XCTAssertNoThrow(try copy.on(id, call, as: Caller.other), "\(call)")
        }
        // It outlives its creator and is removed only by UnregisterScene, by anyone.
        try rig.run(.clientVanished(Caller.app), as: Caller.shell)
        XCTAssertNotNil(rig.manager.snapshot(of: id))
        try rig.run(.unregisterScene(id), as: Caller.other)
        XCTAssertNil(rig.manager.snapshot(of: id))
    }

    func testRequestOrientationAndExplainAreOpenToAll() throws {
        var rig = Rig()
        let id = try ownedScene(&rig)
        try rig.on(id, .request(.landscapeLeft), as: Caller.other)
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
        XCTAssertFalse(try rig.manager.explain(id).isEmpty)
    }

    func testClientVanishedRemovesTheScenesItOwnsOnly() throws {
        var rig = Rig()
        let mine = try rig.register(as: Caller.app)
        let detached = try rig.register(as: Caller.app) { $0.detached = true }
        let theirs = try rig.register(as: Caller.other)
        try rig.run(.clientVanished(Caller.app), as: Caller.shell)
        XCTAssertEqual(rig.events, [.sceneRemoved(mine)])
        XCTAssertNil(rig.manager.snapshot(of: mine))
        XCTAssertNotNil(rig.manager.snapshot(of: detached))
        XCTAssertNotNil(rig.manager.snapshot(of: theirs))
        try rig.run(.clientVanished(":1.999"), as: Caller.shell)
        XCTAssertEqual(rig.events, [])
    }

    func testUnknownSceneAndNumbersNeverReused() throws {
        var rig = Rig()
        let first = try rig.register()
        try rig.run(.unregisterScene(first))
        let error = rig.expectFailure(.unknownScene, on: first, .update)
        XCTAssertTrue(error?.message.contains("\(first)") ?? false)
        rig.expectFailure(.unknownScene, .unregisterScene(first))
        XCTAssertThrowsError(try rig.manager.explain(first))
        let second = try rig.register()
        XCTAssertGreaterThan(second, first)
    }

    func testScenesPerConnectionLimit() throws {
        var limits = Limits()
        limits.scenesPerConnection = 2
        var rig = Rig(limits: limits)
        _ = try rig.register()
        let detached = try rig.register { $0.detached = true } // counts against its creator
        let error = rig.expectFailure(.limitExceeded, .registerScene(registration()))
        XCTAssertTrue(error?.message.contains("2") ?? false, error?.message ?? "")
        XCTAssertNoThrow(try rig.register(as: Caller.other))
        try rig.run(.unregisterScene(detached))
        XCTAssertNoThrow(try rig.register())
    }

    func testScenesInAllLimit() throws {
        var limits = Limits()
        limits.scenesInAll = 3
        var rig = Rig(limits: limits)
        for caller in [":1.1", ":1.2", ":1.3"] { _ = try rig.register(as: caller) }
        rig.expectFailure(.limitExceeded, .registerScene(registration()), as: ":1.4")
        try rig.run(.clientVanished(":1.1"), as: Caller.shell)
        XCTAssertNoThrow(try rig.register(as: ":1.4"))
    }

    func testControllersPerSceneLimit() throws {
        var limits = Limits()
        limits.controllersPerScene = 3
        var rig = Rig(limits: limits)
        let id = try rig.register()
        try rig.on(id, .setRoot(navigation("nav")))
        try rig.on(id, .push(navigation: "nav", view("a")))
        try rig.on(id, .push(navigation: "nav", view("b")))
        rig.expectFailure(.limitExceeded, on: id, .push(navigation: "nav", view("c")))
        rig.expectFailure(.limitExceeded, on: id, .present(presenter: "b", view("c")))
        try rig.on(id, .pop(navigation: "nav"))
        try rig.on(id, .present(presenter: "a", view("c")))
    }

    func testStringLimits() throws {
        var rig = Rig()
        let long = String(repeating: "x", count: 256)
        rig.expectFailure(.invalidArgs, .registerScene(registration(long)))
        rig.expectFailure(.invalidArgs, .registerScene(registration("")))
        rig.expectFailure(.invalidArgs, .registerScene(registration("has space")))
        rig.expectFailure(.limitExceeded, .registerScene(registration(display: long)))
        rig.expectFailure(.invalidArgs, .registerScene(registration(display: "")))
        rig.expectFailure(.invalidArgs, .registerScene(registration(supported: [])))
        let id = try rig.register(String(repeating: "a", count: 255))
        rig.expectFailure(.limitExceeded, on: id, .setRoot(view(long)))
        try rig.on(id, .setRoot(view(String(repeating: "é", count: 255))))
    }
}
