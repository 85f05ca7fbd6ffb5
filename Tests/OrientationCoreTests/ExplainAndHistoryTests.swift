import OrientationCore
import XCTest

/// Explain's steps and the bounded history ring.
final class ExplainAndHistoryTests: XCTestCase {
    // MARK: Explain

    func testExplainReportsEveryLayerInOrderThenThePathAndTheDecision() throws {
        var subject = ManagerUnderTest()
        try subject.device(.landscapeLeft)
        let id = try subject.register(idiom: .pad) { $0.supported = .all; $0.appDelegate = .allButUpsideDown }
        try subject.on(id, .setRoot(navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("page", .landscape)))
        let steps = try subject.manager.explain(id)
        XCTAssertEqual(steps.map(\.name),
                       ["supported-orientations", "window-policy", "kiosk", "app-policy", "split-view", "controller", "path", "decision"])
        XCTAssertEqual(steps.map(\.mask), [.all, .allButUpsideDown, .allButUpsideDown, .allButUpsideDown,
                                           .allButUpsideDown, .landscape, .landscape, .landscapeRight])
        XCTAssertTrue(steps[1].sentence.contains("app delegate"), steps[1].sentence)
        XCTAssertEqual(steps[2].sentence, "Kiosk mode is off.")
        XCTAssertTrue(steps[3].sentence.contains("No user policy for org.example.App"), steps[3].sentence)
        XCTAssertTrue(steps[5].sentence.contains("'page'") && steps[5].sentence.contains("autorotates"), steps[5].sentence)
        XCTAssertEqual(steps[6].sentence, "Deciding path: root 'nav' (navigation) → top child 'page' (view).")
        XCTAssertEqual(steps[7].sentence, "landscape-right: it follows the device (landscape-left).",
                       "registration is no change: no last change is claimed")
    }

    func testExplainNamesTheRuleOfEachDecision() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root", preferred: .landscapeLeft)))
        var decision: String { (try? subject.manager.explain(id).last?.sentence) ?? "" }
        XCTAssertTrue(decision.hasPrefix("portrait: it keeps the orientation it opened in"), decision)
        try subject.on(id, .request(.landscapeRight))
        XCTAssertTrue(decision.contains("requested by the app"), decision)
        XCTAssertTrue(decision.contains("last change by request"), decision)
        try subject.on(id, .setActivation(.background))
        XCTAssertTrue(decision.hasPrefix("landscape-left: the default orientation while in the background"), decision)
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        XCTAssertTrue(decision.contains("rotation lock is on"), decision)
    }

    func testExplainReportsSystemPolicyAndAppPolicy() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.run(.setAppPolicy(appId: "org.example.App", AppPolicy(allowed: .portrait, followSensor: false)), as: Caller.shell)
        var step = try subject.manager.explain(id)[3]
        XCTAssertEqual(step.mask, .portrait)
        XCTAssertTrue(step.sentence.contains("allows [portrait]") && step.sentence.contains("following the sensor"), step.sentence)
        try subject.run(.setKioskMode(true, .landscapeLeft), as: Caller.shell)
        let steps = try subject.manager.explain(id)
        XCTAssertEqual(steps[2].mask, .landscapeLeft)
        XCTAssertTrue(steps[2].sentence.contains("forces landscape-left"), steps[2].sentence)
        step = steps[3]
        XCTAssertTrue(step.sentence.contains("set aside"), step.sentence)
    }

    func testExplainIsRefusedForAnUnknownScene() {
        let manager = OrientationManager()
        XCTAssertThrowsError(try manager.explain(42)) {
            XCTAssertEqual(($0 as! OrientationError).kind, .unknownScene)
        }
    }

    // MARK: History

    func testHistoryKeepsChangesNewestFirst() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register("org.example.Hist") { $0.supported = .allButUpsideDown }
        let t0 = subject.now.wall
        try subject.on(id, .request(.landscapeLeft))
        subject.advance(milliseconds: 5)
        try subject.on(id, .request(.landscapeRight))
        let entries = subject.manager.history.newest(0)
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(entries[0].scene, id)
        XCTAssertEqual(entries[0].appId, "org.example.Hist")
        XCTAssertEqual(entries[0].time, t0 + 5_000)
        XCTAssertEqual(entries[0].previous, .landscapeLeft)
        XCTAssertEqual(entries[0].current, .landscapeRight)
        XCTAssertEqual(entries[0].reason, .request)
        XCTAssertEqual(entries[1].time, t0)
        XCTAssertEqual(entries[1].current, .landscapeLeft)
        XCTAssertEqual(subject.manager.history.newest(1), [entries[0]])
        // Entries outlive their scene.
        try subject.run(.unregisterScene(id))
        XCTAssertEqual(subject.manager.history.count, 2)
    }

    func testHistoryIsABoundedRing() throws {
        var limits = Limits()
        limits.historyEntries = 5
        var subject = ManagerUnderTest(limits: limits)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        let cycle: [InterfaceOrientation] = [.landscapeLeft, .landscapeRight, .portrait]
        for step in 0..<12 {
            subject.advance(milliseconds: 1)
            try subject.on(id, .request(cycle[step % 3]))
        }
        let history = subject.manager.history
        XCTAssertEqual(history.capacity, 5)
        XCTAssertEqual(history.count, 5)
        let entries = history.newest(0)
        XCTAssertEqual(entries.map(\.current), [.portrait, .landscapeRight, .landscapeLeft, .portrait, .landscapeRight])
        XCTAssertEqual(entries.map(\.time), entries.map(\.time).sorted(by: >), "newest first")
        XCTAssertEqual(history.newest(3), Array(entries.prefix(3)))
        XCTAssertEqual(history.newest(100), entries, "a limit above the count returns all")
    }

    func testHistoryRingWrapsAtEveryFillLevel() throws {
        var subject = ManagerUnderTest()
        XCTAssertEqual(subject.manager.history.newest(0), [])
        XCTAssertEqual(HistoryRing(capacity: 0).capacity, 1)
        var limits = Limits()
        limits.historyEntries = 3
        subject = ManagerUnderTest(limits: limits)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        var expected: [InterfaceOrientation] = []
        for step in 0..<7 {
            let target: InterfaceOrientation = step.isMultiple(of: 2) ? .landscapeLeft : .portrait
            try subject.on(id, .request(target))
            expected.insert(target, at: 0)
            XCTAssertEqual(subject.manager.history.newest(0).map(\.current), Array(expected.prefix(3)), "after \(step + 1)")
        }
    }
}
