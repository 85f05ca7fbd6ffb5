import OrientationCore
import XCTest

/// Split view (pad idiom only): the family freeze, the threshold, and flapping geometry.
final class SplitViewTests: XCTestCase {
    private func padScene(_ rig: inout Rig) throws -> SceneID {
        try rig.register(idiom: .pad) { $0.supported = .all }
    }

    func testSplitViewAppliesToThePadIdiomOnly() throws {
        var rig = Rig()
        let phone = try rig.register { $0.supported = .all; $0.width = 300; $0.height = 500 }
        let pad = try rig.register(idiom: .pad) { $0.width = 300; $0.height = 500 }
        XCTAssertFalse(rig.snapshot(phone).splitView)
        XCTAssertTrue(rig.snapshot(pad).splitView)
        let sentence = try rig.manager.explain(phone).first { $0.name == "split-view" }!.sentence
        XCTAssertTrue(sentence.contains("pad"), sentence)
        try rig.on(phone, .request(.landscapeLeft))
        XCTAssertEqual(rig.orientation(phone), .landscapeLeft)
    }

    func testSplitViewStartsBelowTheThresholdInEitherDimension() throws {
        var rig = Rig()
        let scene = try padScene(&rig)
        XCTAssertFalse(rig.snapshot(scene).splitView, "820×1180 is above 768 both ways")
        try rig.on(scene, .setGeometry(width: 767, height: 1180))
        XCTAssertTrue(rig.snapshot(scene).splitView)
        try rig.on(scene, .setGeometry(width: 768, height: 768))
        XCTAssertFalse(rig.snapshot(scene).splitView, "exactly the threshold is not below it")
        try rig.on(scene, .setGeometry(width: 1180, height: 700))
        XCTAssertTrue(rig.snapshot(scene).splitView)
    }

    func testEnteringSplitViewNeverRotates() throws {
        // A declaration waits for the next evaluation; an ordinary geometry change would apply it
        // and turn the scene to the device, but entering split view freezes the family first.
        for entering in [false, true] {
            var rig = Rig()
            let scene = try padScene(&rig)
            try rig.on(scene, .setRoot(view("root", .portrait)))
            try rig.device(.landscapeLeft)
            XCTAssertEqual(rig.orientation(scene), .portrait)
            try rig.on(scene, .setProperties("root", patch(.all)))
            try rig.on(scene, .setGeometry(width: entering ? 500 : 800, height: 1180))
            if entering {
                XCTAssertEqual(rig.orientation(scene), .portrait)
                XCTAssertEqual(rig.changes, [])
                XCTAssertEqual(rig.snapshot(scene).supported, .portraitFamily)
                XCTAssertEqual(rig.propertiesChanged[scene], [.supportedOrientations, .supportedOrientationsMask, .width, .splitView])
            } else {
                XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .portrait, .landscapeRight, .geometry)])
            }
        }
    }

    func testSplitViewFreezesTheFamilyTheSceneHadWhenItEntered() throws {
        var rig = Rig()
        let scene = try padScene(&rig)
        try rig.on(scene, .setGeometry(width: 500, height: 1180))
        XCTAssertEqual(rig.snapshot(scene).supported, .portraitFamily)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        XCTAssertEqual(rig.changes, [])
        // Within the family it still follows the device.
        try rig.device(.portraitUpsideDown)
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .portrait, .portraitUpsideDown, .device)])
        let step = try rig.manager.explain(scene).first { $0.name == "split-view" }!
        XCTAssertEqual(step.mask, .portraitFamily)
        XCTAssertTrue(step.sentence.contains("portrait family"), step.sentence)
    }

    func testLeavingSplitViewReevaluates() throws {
        var rig = Rig()
        let scene = try padScene(&rig)
        try rig.on(scene, .setGeometry(width: 500, height: 1180))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        try rig.on(scene, .setGeometry(width: 820, height: 1180))
        XCTAssertFalse(rig.snapshot(scene).splitView)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .portrait, .landscapeRight, .geometry)])
        XCTAssertEqual(rig.snapshot(scene).supported, .all)
        XCTAssertEqual(rig.snapshot(scene).width, 1180)
        XCTAssertEqual(rig.snapshot(scene).height, 820)
    }

    func testSplitViewStabilisationIsSkippedWhenItWouldLeaveNothing() throws {
        var rig = Rig()
        let scene = try padScene(&rig)
        try rig.on(scene, .setRoot(view("root")))
        try rig.on(scene, .setGeometry(width: 500, height: 1180))
        XCTAssertEqual(rig.snapshot(scene).supported, .portraitFamily)
        try rig.on(scene, .setProperties("root", patch(.landscape)))
        try rig.on(scene, .update)
        XCTAssertEqual(rig.orientation(scene), .landscapeRight)
        XCTAssertEqual(rig.snapshot(scene).supported, .landscape)
        XCTAssertTrue(rig.snapshot(scene).splitView)
        let step = try rig.manager.explain(scene).first { $0.name == "split-view" }!
        XCTAssertTrue(step.sentence.contains("skipped"), step.sentence)
    }

    func testRequestOrientationIsNotPermittedInSplitView() throws {
        var rig = Rig()
        let scene = try padScene(&rig)
        try rig.on(scene, .setGeometry(width: 500, height: 1180))
        let error = rig.expectFailure(.notPermitted, on: scene, .request(.portraitUpsideDown))
        XCTAssertTrue(error?.message.contains("split view") ?? false, error?.message ?? "")
        rig.expectFailure(.notPermitted, on: scene, .request(.portrait))
        try rig.on(scene, .setGeometry(width: 820, height: 1180))
        try rig.on(scene, .request(.portraitUpsideDown))
        XCTAssertEqual(rig.orientation(scene), .portraitUpsideDown)
    }

    func testThousandGeometryFlapsYieldAtMostOneOrientationChanged() throws {
        var rig = Rig()
        let scene = try padScene(&rig)
        try rig.on(scene, .setGeometry(width: 700, height: 1180))
        try rig.device(.landscapeLeft) // the scene is frozen in portrait, the device is landscape
        var changes: [OrientationChangedEvent] = []
        var splitStates: Set<Bool> = []
        for flap in 0..<1_000 {
            try rig.on(scene, .setGeometry(width: flap.isMultiple(of: 2) ? 820 : 700, height: 1180))
            changes += rig.changes
            splitStates.insert(rig.snapshot(scene).splitView)
        }
        XCTAssertEqual(splitStates, [false, true], "the geometry did cross the threshold")
        XCTAssertLessThanOrEqual(changes.count, 1, "\(changes)")
        XCTAssertEqual(rig.orientation(scene), .landscapeRight, "it ends on the device's orientation")
        // With the scene already where the device is, flapping changes nothing at all.
        for flap in 0..<1_000 {
            try rig.on(scene, .setGeometry(width: 1180, height: flap.isMultiple(of: 2) ? 600 : 820))
            XCTAssertEqual(rig.changes, [])
        }
    }

    func testThresholdChangeMovesScenesInAndOutOfSplitView() throws {
        var rig = Rig()
        let scene = try padScene(&rig)
        try rig.run(.setSplitViewThreshold(900), as: Caller.shell)
        XCTAssertTrue(rig.snapshot(scene).splitView)
        XCTAssertEqual(rig.propertiesChanged[scene], [.supportedOrientations, .supportedOrientationsMask, .splitView])
        XCTAssertEqual(rig.events.managerPropertyChanges, [.splitViewThreshold])
        XCTAssertTrue(rig.events.contains(.settingsChanged))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(scene), .portrait)
        // Threshold 0 disables split view: the scene leaves it and re-evaluates, with reason policy.
        try rig.run(.setSplitViewThreshold(0), as: Caller.shell)
        XCTAssertFalse(rig.snapshot(scene).splitView)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(scene, .portrait, .landscapeRight, .policy)])
        rig.expectFailure(.invalidArgs, .setSplitViewThreshold(100_001))
    }

    func testASmallPadSceneIsInSplitViewFromRegistration() throws {
        var rig = Rig()
        try rig.device(.landscapeLeft)
        let scene = try rig.register(idiom: .pad) { $0.supported = .all; $0.width = 500; $0.height = 1180 }
        let snapshot = rig.snapshot(scene)
        XCTAssertTrue(snapshot.splitView)
        XCTAssertEqual(snapshot.orientation, .landscapeRight)
        XCTAssertEqual(snapshot.supported, .landscape, "frozen in the family it resolved to")
        XCTAssertEqual([snapshot.width, snapshot.height], [1180, 500])
    }
}
