import OrientationCore
import XCTest

/// Split view (pad idiom only): the family freeze, the threshold, and flapping geometry.
final class SplitViewTests: XCTestCase {
    private func padScene(_ subject: inout ManagerUnderTest) throws -> SceneID {
        try subject.register(idiom: .pad) { $0.supported = .all }
    }

    func testSplitViewAppliesToThePadIdiomOnly() throws {
        var subject = ManagerUnderTest()
        let phone = try subject.register { $0.supported = .all; $0.width = 300; $0.height = 500 }
        let pad = try subject.register(idiom: .pad) { $0.width = 300; $0.height = 500 }
        XCTAssertFalse(subject.snapshot(phone).splitView)
        XCTAssertTrue(subject.snapshot(pad).splitView)
        let sentence = try subject.manager.explain(phone).first { $0.name == "split-view" }!.sentence
        XCTAssertTrue(sentence.contains("pad"), sentence)
        try subject.on(phone, .request(.landscapeLeft))
        XCTAssertEqual(subject.orientation(phone), .landscapeLeft)
    }

    func testSplitViewStartsBelowTheThresholdInEitherDimension() throws {
        var subject = ManagerUnderTest()
        let scene = try padScene(&subject)
        XCTAssertFalse(subject.snapshot(scene).splitView, "820×1180 is above 768 both ways")
        try subject.on(scene, .setGeometry(width: 767, height: 1180))
        XCTAssertTrue(subject.snapshot(scene).splitView)
        try subject.on(scene, .setGeometry(width: 768, height: 768))
        XCTAssertFalse(subject.snapshot(scene).splitView, "exactly the threshold is not below it")
        try subject.on(scene, .setGeometry(width: 1180, height: 700))
        XCTAssertTrue(subject.snapshot(scene).splitView)
    }

    func testEnteringSplitViewNeverRotates() throws {
        // A declaration waits for the next evaluation; an ordinary geometry change would apply it
        // and turn the scene to the device, but entering split view freezes the family first.
        for entering in [false, true] {
            var subject = ManagerUnderTest()
            let scene = try padScene(&subject)
            try subject.on(scene, .setRoot(view("root", .portrait)))
            try subject.device(.landscapeLeft)
            XCTAssertEqual(subject.orientation(scene), .portrait)
            try subject.on(scene, .setProperties("root", patch(.all)))
            try subject.on(scene, .setGeometry(width: entering ? 500 : 800, height: 1180))
            if entering {
                XCTAssertEqual(subject.orientation(scene), .portrait)
                XCTAssertEqual(subject.changes, [])
                XCTAssertEqual(subject.snapshot(scene).supported, .portraitFamily)
                XCTAssertEqual(subject.propertiesChanged[scene], [.supportedOrientations, .supportedOrientationsMask, .width, .splitView])
            } else {
                XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .portrait, .landscapeRight, .geometry)])
            }
        }
    }

    func testSplitViewFreezesTheFamilyTheSceneHadWhenItEntered() throws {
        var subject = ManagerUnderTest()
        let scene = try padScene(&subject)
        try subject.on(scene, .setGeometry(width: 500, height: 1180))
        XCTAssertEqual(subject.snapshot(scene).supported, .portraitFamily)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        XCTAssertEqual(subject.changes, [])
        // Within the family it still follows the device.
        try subject.device(.portraitUpsideDown)
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .portrait, .portraitUpsideDown, .device)])
        let step = try subject.manager.explain(scene).first { $0.name == "split-view" }!
        XCTAssertEqual(step.mask, .portraitFamily)
        XCTAssertTrue(step.sentence.contains("portrait family"), step.sentence)
    }

    func testLeavingSplitViewReevaluates() throws {
        var subject = ManagerUnderTest()
        let scene = try padScene(&subject)
        try subject.on(scene, .setGeometry(width: 500, height: 1180))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        try subject.on(scene, .setGeometry(width: 820, height: 1180))
        XCTAssertFalse(subject.snapshot(scene).splitView)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .portrait, .landscapeRight, .geometry)])
        XCTAssertEqual(subject.snapshot(scene).supported, .all)
        XCTAssertEqual(subject.snapshot(scene).width, 1180)
        XCTAssertEqual(subject.snapshot(scene).height, 820)
    }

    func testSplitViewStabilisationIsSkippedWhenItWouldLeaveNothing() throws {
        var subject = ManagerUnderTest()
        let scene = try padScene(&subject)
        try subject.on(scene, .setRoot(view("root")))
        try subject.on(scene, .setGeometry(width: 500, height: 1180))
        XCTAssertEqual(subject.snapshot(scene).supported, .portraitFamily)
        try subject.on(scene, .setProperties("root", patch(.landscape)))
        try subject.on(scene, .update)
        XCTAssertEqual(subject.orientation(scene), .landscapeRight)
        XCTAssertEqual(subject.snapshot(scene).supported, .landscape)
        XCTAssertTrue(subject.snapshot(scene).splitView)
        let step = try subject.manager.explain(scene).first { $0.name == "split-view" }!
        XCTAssertTrue(step.sentence.contains("skipped"), step.sentence)
    }

    func testRequestOrientationIsNotPermittedInSplitView() throws {
        var subject = ManagerUnderTest()
        let scene = try padScene(&subject)
        try subject.on(scene, .setGeometry(width: 500, height: 1180))
        let error = subject.expectFailure(.notPermitted, on: scene, .request(.portraitUpsideDown))
        XCTAssertTrue(error?.message.contains("split view") ?? false, error?.message ?? "")
        subject.expectFailure(.notPermitted, on: scene, .request(.portrait))
        try subject.on(scene, .setGeometry(width: 820, height: 1180))
        try subject.on(scene, .request(.portraitUpsideDown))
        XCTAssertEqual(subject.orientation(scene), .portraitUpsideDown)
    }

    func testThousandGeometryFlapsYieldAtMostOneOrientationChanged() throws {
        var subject = ManagerUnderTest()
        let scene = try padScene(&subject)
        try subject.on(scene, .setGeometry(width: 700, height: 1180))
        try subject.device(.landscapeLeft) // the scene is frozen in portrait, the device is landscape
        var changes: [OrientationChangedEvent] = []
        var splitStates: Set<Bool> = []
        for flap in 0..<1_000 {
            try subject.on(scene, .setGeometry(width: flap.isMultiple(of: 2) ? 820 : 700, height: 1180))
            changes += subject.changes
            splitStates.insert(subject.snapshot(scene).splitView)
        }
        XCTAssertEqual(splitStates, [false, true], "the geometry did cross the threshold")
        XCTAssertLessThanOrEqual(changes.count, 1, "\(changes)")
        XCTAssertEqual(subject.orientation(scene), .landscapeRight, "it ends on the device's orientation")
        // With the scene already where the device is, flapping changes nothing at all.
        for flap in 0..<1_000 {
            try subject.on(scene, .setGeometry(width: 1180, height: flap.isMultiple(of: 2) ? 600 : 820))
            XCTAssertEqual(subject.changes, [])
        }
    }

    func testThresholdChangeMovesScenesInAndOutOfSplitView() throws {
        var subject = ManagerUnderTest()
        let scene = try padScene(&subject)
        try subject.run(.setSplitViewThreshold(900), as: Caller.shell)
        XCTAssertTrue(subject.snapshot(scene).splitView)
        XCTAssertEqual(subject.propertiesChanged[scene], [.supportedOrientations, .supportedOrientationsMask, .splitView])
        XCTAssertEqual(subject.events.managerPropertyChanges, [.splitViewThreshold])
        XCTAssertTrue(subject.events.contains(.settingsChanged))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(scene), .portrait)
        // Threshold 0 disables split view: the scene leaves it and re-evaluates, with reason policy.
        try subject.run(.setSplitViewThreshold(0), as: Caller.shell)
        XCTAssertFalse(subject.snapshot(scene).splitView)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(scene, .portrait, .landscapeRight, .policy)])
        subject.expectFailure(.invalidArgs, .setSplitViewThreshold(100_001))
    }

    func testASmallPadSceneIsInSplitViewFromRegistration() throws {
        var subject = ManagerUnderTest()
        try subject.device(.landscapeLeft)
        let scene = try subject.register(idiom: .pad) { $0.supported = .all; $0.width = 500; $0.height = 1180 }
        let snapshot = subject.snapshot(scene)
        XCTAssertTrue(snapshot.splitView)
        XCTAssertEqual(snapshot.orientation, .landscapeRight)
        XCTAssertEqual(snapshot.supported, .landscape, "frozen in the family it resolved to")
        XCTAssertEqual([snapshot.width, snapshot.height], [1180, 500])
    }
}
