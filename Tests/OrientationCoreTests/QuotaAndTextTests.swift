import OrientationCore
import XCTest

/// Detached scenes and controllers have caps of their own, the last scenes
/// are kept for new apps, a full policy table drops no policy, control characters are refused in every id and name, and
/// scene numbering continues where an earlier run stopped.
final class QuotaAndTextTests: XCTestCase {
    func testDetachedScenesHaveACapOfTheirOwn() throws {
        var limits = Limits()
        limits.scenesInAll = 3
        limits.detachedScenesInAll = 2
        var subject = ManagerUnderTest(limits: limits)
        for _ in 0..<2 { _ = try subject.register(as: Caller.other) { $0.detached = true } }
        let refused = subject.expectFailure(.limitExceeded, .registerScene(detachedRegistration()), as: Caller.other)
        XCTAssertTrue(refused?.message.contains("2 detached scenes; the limit is 2 detached scenes in all") == true, refused?.message ?? "")
        // Live apps still register, up to their own limit.
        let live = try (0..<3).map { _ in try subject.register() }
        let full = subject.expectFailure(.limitExceeded, .registerScene(SceneRegistration(appId: "org.example.App")))
        XCTAssertTrue(full?.message.contains("3 scenes of live apps; the limit is 3 in all") == true, full?.message ?? "")
        try subject.run(.unregisterScene(live[0]))
        XCTAssertNoThrow(try subject.register())
        XCTAssertEqual(subject.manager.detachedSceneCount, 2)
    }

    func testControllersAreCappedPerConnectionAndInAll() throws {
        var limits = Limits()
        limits.controllersPerConnection = 3
        limits.controllersInAll = 4
        limits.detachedControllersInAll = 2
        var subject = ManagerUnderTest(limits: limits)
        let mine = try subject.register()
        try subject.on(mine, .setRoot(navigation("nav")))
        try subject.on(mine, .push(navigation: "nav", view("a")))
        try subject.on(mine, .push(navigation: "nav", view("b")))
        let perConnection = subject.expectFailure(.limitExceeded, on: mine, .push(navigation: "nav", view("c")))
        XCTAssertTrue(perConnection?.message.contains("has 3 controllers in the scenes it registered; the limit is 3 per connection") == true,
                      perConnection?.message ?? "")
        let theirs = try subject.register(as: Caller.other)
        try subject.on(theirs, .setRoot(view("x")), as: Caller.other)
        // Replacing a root of one controller by another adds none, at the limit in all.
        try subject.on(theirs, .setRoot(navigation("y")), as: Caller.other)
        let inAll = subject.expectFailure(.limitExceeded, on: theirs, .push(navigation: "y", view("z")), as: Caller.other)
        XCTAssertTrue(inAll?.message.contains("4 controllers in the scenes of live apps; the limit is 4 in all") == true, inAll?.message ?? "")
        let detached = try subject.register(as: Caller.shell) { $0.detached = true }
        try subject.on(detached, .setRoot(navigation("nav")), as: Caller.shell)
        try subject.on(detached, .push(navigation: "nav", view("a")), as: Caller.shell)
        let detachedFull = subject.expectFailure(.limitExceeded, on: detached, .push(navigation: "nav", view("b")), as: Caller.shell)
        XCTAssertTrue(detachedFull?.message.contains("the limit is 2 in all detached scenes") == true, detachedFull?.message ?? "")
        XCTAssertEqual(subject.manager.controllerCount, 6)
        // Removing a scene gives its controllers back.
        try subject.run(.unregisterScene(mine))
        XCTAssertEqual(subject.manager.controllerCount, 3)
        try subject.on(theirs, .push(navigation: "y", view("z")), as: Caller.other)
    }

    /// A full table never drops a policy to make room (junk set by a
    /// flooding client cannot be told from the user's own choice): the new one is refused,
    /// naming the limit and the way out.
    func testAFullPolicyTableRefusesANewPolicyAndDropsNone() throws {
        var limits = Limits()
        limits.appPolicies = 3
        var subject = ManagerUnderTest(limits: limits) { settings in
            settings.appPolicies["users.own"] = AppPolicy(allowed: .portrait)
        }
        try subject.run(.setAppPolicy(appId: "junk.one", AppPolicy(followSensor: false)), as: Caller.other)
        try subject.run(.setAppPolicy(appId: "junk.two", AppPolicy(followSensor: false)), as: Caller.other)
        let refused = subject.expectFailure(.limitExceeded, .setAppPolicy(appId: "junk.three", AppPolicy(followSensor: false)), as: Caller.other)
        XCTAssertTrue(refused?.message.contains("There are already 3 app policies; the limit is 3") == true, refused?.message ?? "")
        XCTAssertTrue(refused?.message.contains("ResetSetting") == true, refused?.message ?? "")
        XCTAssertEqual(Set(subject.manager.settings.appPolicies.keys), ["users.own", "junk.one", "junk.two"], "nothing dropped")
        // Changing or removing an existing policy is fine at the limit, and removing makes room.
        XCTAssertNoThrow(try subject.run(.setAppPolicy(appId: "users.own", AppPolicy(allowed: .landscape))))
        try subject.run(.setAppPolicy(appId: "junk.two", nil), as: Caller.other)
        XCTAssertNoThrow(try subject.run(.setAppPolicy(appId: "users.new", AppPolicy(followSensor: false))))
    }

    /// 100 live scenes in all, the last 10 kept for connections holding fewer than 3.
    static func smallSceneLimits(perConnection: Int) -> Limits {
        var limits = Limits()
        limits.scenesInAll = 100
        limits.scenesKeptForSmallConnections = 10
        limits.smallConnectionScenes = 3
        limits.scenesPerConnection = perConnection
        return limits
    }

    /// Connections at their own limit cannot fill the last scenes of the
    /// limit in all; connections holding a few scenes (new apps) still register.
    func testTheLastScenesAreKeptForConnectionsHoldingFew() throws {
        var subject = ManagerUnderTest(limits: Self.smallSceneLimits(perConnection: 50))
        for _ in 0..<50 { _ = try subject.register(as: ":1.1") }
        for _ in 0..<40 { _ = try subject.register(as: ":1.2") }
        let big = subject.expectFailure(.limitExceeded, .registerScene(SceneRegistration(appId: "squat.app")), as: ":1.2")
        XCTAssertTrue(big?.message.contains("the last 10 of the limit of 100 in all are kept for connections with fewer than 3 scenes") == true,
                      big?.message ?? "")
        // A new connection registers up to the small size, and more small ones fill the rest.
        for _ in 0..<3 { _ = try subject.register(as: ":1.3") }
        subject.expectFailure(.limitExceeded, .registerScene(SceneRegistration(appId: "new.app")), as: ":1.3")
        for caller in [":1.4", ":1.5"] { for _ in 0..<3 { _ = try subject.register(as: caller) } }
        _ = try subject.register(as: ":1.6")
        let full = subject.expectFailure(.limitExceeded, .registerScene(SceneRegistration(appId: "new.app")), as: ":1.6")
        XCTAssertTrue(full?.message.contains("There are already 100 scenes of live apps; the limit is 100 in all") == true, full?.message ?? "")
        // A detached scene counts against its creator's holding but not the live limit.
        XCTAssertNoThrow(try subject.register(as: ":1.6") { $0.detached = true })
    }

    /// Room for a new app whatever the other connections hold: the issue's shape (9
    /// connections at their own limit, then many holding a few each, which fill the kept
    /// scenes too) leaves a new connection its first window, and a sandboxed app with none
    /// its first; only one each, so the limit in all is passed by at most one per holder.
    func testANewAppGetsItsFirstSceneWhateverTheOthersHold() throws {
        var limits = Self.smallSceneLimits(perConnection: 10)
        var subject = ManagerUnderTest(limits: limits)
        for connection in 0..<9 { for _ in 0..<10 { _ = try subject.register(as: ":1.\(connection)") } }
        for connection in 100..<120 {
            for _ in 0..<2 { _ = try? subject.register(as: ":1.\(connection)") }
        }
        // 90 + 5 connections × 2 fill the limit in all; the other 15 each still got their first.
        XCTAssertEqual(subject.manager.scenes.count, 115, "the small ones filled the kept scenes, and each took its first beyond")
        let newcomer = try subject.register(as: ":1.200")
        XCTAssertNotNil(subject.manager.scenes[newcomer], "a new app's first scene")
        let second = subject.expectFailure(.limitExceeded, .registerScene(SceneRegistration(appId: "new.app")), as: ":1.200")
        XCTAssertTrue(second?.message.contains("the limit is 100 in all") == true, second?.message ?? "")
        // Its scene gone, the connection holds none again: its next first scene is admitted too.
        try subject.run(.unregisterScene(newcomer), as: ":1.200")
        XCTAssertNoThrow(try subject.register(as: ":1.200"))
        // Detached scenes keep their own cap: a first detached scene is not let past it.
        limits.detachedScenesInAll = 0
        var detachedFull = ManagerUnderTest(limits: limits)
        var detached = SceneRegistration(appId: "new.app")
        detached.detached = true
        detachedFull.expectFailure(.limitExceeded, .registerScene(detached), as: ":1.300")
    }

    func testControlCharactersAreRefusedInEveryIdAndName() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register()
        try subject.on(id, .setRoot(navigation("nav")))
        for bad in ["\u{1B}]0;title\u{07}", "a\rb", "line\nforged", "del\u{7F}", "c1\u{9B}2J", "tab\there"] {
            for call: SceneCommand in [.setRoot(view(bad)), .push(navigation: "nav", view(bad)), .push(navigation: bad, view("x")),
                                       .pop(navigation: bad), .dismiss(bad), .setMode(bad, .portrait),
                                       .selectTab(tab: bad, child: "x"), .present(presenter: bad, view("x"))] {
                let error = subject.expectFailure(.invalidArgs, on: id, call)
                XCTAssertTrue(error?.message.contains("control character") == true, "\(call): \(error?.message ?? "")")
                XCTAssertFalse(error?.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ?? true,
                               "the message itself carries no control character: \(error?.message.debugDescription ?? "")")
            }
            var display = SceneRegistration(appId: "org.example.App")
            display.display = bad
            XCTAssertTrue(subject.expectFailure(.invalidArgs, .registerScene(display))?.message.contains("display name") == true)
            let app = subject.expectFailure(.invalidArgs, .registerScene(SceneRegistration(appId: "org" + bad)))
            XCTAssertFalse(app?.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ?? true)
            subject.expectFailure(.invalidArgs, .setAppPolicy(appId: bad, AppPolicy(followSensor: false)))
        }
        // Printable text beyond ASCII stays allowed.
        XCTAssertNoThrow(try subject.on(id, .push(navigation: "nav", view("Überblick ← 一覧"))))
    }

    func testErrorsQuoteDirectionOverridesEscaped() throws {
        var subject = ManagerUnderTest()
        // A right-to-left override in an unknown orientation's name would turn the rest of the
        // message around in a terminal or a log viewer; it is quoted as \u{202E}, as ESC is.
        for bad in ["left\u{202E}txet", "a\u{2066}b\u{2069}", "rlm\u{200F}", "bom\u{FEFF}"] {
            let error = subject.expectFailure(.invalidArgs, .setAppPolicy(appId: "org.example.App" + bad, AppPolicy(followSensor: false)))
            let message = error?.message ?? ""
            XCTAssertFalse(message.unicodeScalars.contains(where: ControlCharacters.isFormatControl), message.debugDescription)
            XCTAssertTrue(message.contains("\\u{"), message.debugDescription)
        }
        // A controller id may hold one (scripts need some format characters); an error quoting it escapes it.
        let id = try subject.register()
        for call: SceneCommand in [.pop(navigation: "nav\u{202E}"), .dismiss("x\u{2066}"), .selectTab(tab: "t\u{202D}", child: "c")] {
            let message = subject.expectFailure(.unknownController, on: id, call)?.message ?? ""
            XCTAssertFalse(message.unicodeScalars.contains(where: ControlCharacters.isFormatControl), "\(call): \(message.debugDescription)")
        }
        XCTAssertEqual(ControlCharacters.escaped("abc\u{202E}fed\u{1B}"), "abc\\u{202E}fed\\u{1B}")
        XCTAssertEqual(ControlCharacters.escaped("Überblick ← 一覧 עברית"), "Überblick ← 一覧 עברית", "printable text of any script is kept")
    }

    func testNumberingContinuesAfterTheLastNumberOfAnEarlierRun() throws {
        var manager = OrientationManager(lastSceneID: 2_048)
        let outcome = try manager.apply(.registerScene(SceneRegistration(appId: "org.example.App")), caller: Caller.app,
                                        at: Moment(monotonic: 0, wall: 0))
        XCTAssertEqual(outcome.reply, .scene(2_049))
    }

    private func detachedRegistration() -> SceneRegistration {
        var registration = SceneRegistration(appId: "org.example.App")
        registration.detached = true
        return registration
    }
}
