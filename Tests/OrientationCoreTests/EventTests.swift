import OrientationCore
import XCTest

/// OrientationChanged exactly once per real change, with its reason; PropertiesChanged
/// listing every changed property, derived ones included.
final class EventTests: XCTestCase {
    func testExactlyOneOrientationChangedPerRealChangeWithItsReason() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register(idiom: .pad) { $0.supported = .all }
        var seen: [ChangeReason] = []
        func expect(_ from: InterfaceOrientation, _ to: InterfaceOrientation, _ reason: ChangeReason,
                    line: UInt = #line) {
            XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, from, to, reason)], line: line)
            XCTAssertEqual(subject.events.filter { if case .orientationChanged = $0 { return true }; return false }.count, 1,
                           line: line)
            XCTAssertEqual(subject.propertiesChanged[id]?.first, .interfaceOrientation, line: line)
            XCTAssertEqual(subject.manager.history.newest(1).first?.reason, reason, line: line)
            seen.append(reason)
        }
        try subject.device(.landscapeLeft)
        expect(.portrait, .landscapeRight, .device)
        try subject.on(id, .setRoot(navigation("nav", .portrait)))
        expect(.landscapeRight, .portrait, .navigation)
        try subject.on(id, .setProperties("nav", patch(.all)))
        try subject.on(id, .update)
        expect(.portrait, .landscapeRight, .update)
        try subject.on(id, .request(.landscapeLeft))
        expect(.landscapeRight, .landscapeLeft, .request)
        try subject.on(id, .present(presenter: "nav", view("modal", .portrait)))
        expect(.landscapeLeft, .portrait, .presentation)
        try subject.on(id, .dismiss("modal"))
        expect(.portrait, .landscapeRight, .dismissal)
        try subject.on(id, .present(presenter: "nav", tabs("tabs")))
        XCTAssertEqual(subject.changes, [], "the device is still followed: nothing changes")
        try subject.on(id, .addTab(tab: "tabs", view("first", .portraitUpsideDown)))
        expect(.landscapeRight, .portraitUpsideDown, .tab)
        subject.expectFailure(.noSupportedOrientation, on: id, .setWindowOrientations(sceneDelegate: .landscape, appDelegate: nil))
        try subject.on(id, .dismiss("tabs"))
        expect(.portraitUpsideDown, .landscapeRight, .dismissal)
        try subject.on(id, .setWindowOrientations(sceneDelegate: .portrait, appDelegate: nil))
        expect(.landscapeRight, .portrait, .policy)
        try subject.on(id, .setWindowOrientations(sceneDelegate: nil, appDelegate: nil))
        expect(.portrait, .landscapeRight, .policy)
        try subject.on(id, .setActivation(.background))
        expect(.landscapeRight, .portrait, .activation)
        try subject.on(id, .setActivation(.foregroundActive))
        expect(.portrait, .landscapeRight, .activation)
        try subject.on(id, .setGeometry(width: 1180, height: 500)) // split view: frozen in landscape
        try subject.device(.portrait)
        XCTAssertEqual(subject.changes, [])
        try subject.on(id, .setGeometry(width: 1180, height: 820))
        expect(.landscapeRight, .portrait, .geometry)
        XCTAssertEqual(Set(seen), Set(ChangeReason.allCases))
    }

    func testADeviceRotationReachesEverySceneBeforeThePropertyUpdates() throws {
        var subject = ManagerUnderTest()
        let ids = try (0..<3).map { _ in try subject.register { $0.supported = .allButUpsideDown } }
        let outcome = try subject.device(.landscapeLeft)
        let kinds = outcome.events.map { event -> String in
            switch event {
            case .orientationChanged: return "orientation"
            case .scenePropertiesChanged: return "properties"
            default: return "other"
            }
        }
        XCTAssertEqual(kinds.filter { $0 != "other" },
                       ["orientation", "orientation", "orientation", "properties", "properties", "properties"])
        let propertyScenes = outcome.events.compactMap { event -> SceneID? in
            if case .scenePropertiesChanged(let id, _) = event { return id }
            return nil
        }
        XCTAssertEqual(propertyScenes, ids, "every rotated scene still gets its property update")
    }

    /// A device turn reports its events as it decides each scene: the shell can send the first
    /// scenes' OrientationChanged before the last scene is decided.
    func testADeviceTurnReportsEachScenesChangeAsItIsDecided() throws {
        var subject = ManagerUnderTest()
        let ids = try (0..<3).map { _ in try subject.register { $0.supported = .allButUpsideDown } }
        _ = try subject.register { $0.supported = .portrait }  // decided, but does not turn
        var reports: [[Event]] = []
        let outcome = try subject.manager.apply(.deviceReading(.landscapeLeft, source: .manual), caller: Caller.shell,
                                            at: subject.now) { reports.append($0) }
        XCTAssertEqual(reports.count, 3, "once per scene that turned")
        for report in reports {
            XCTAssertEqual(Array(outcome.events.prefix(report.count)), report, "each report is a prefix of the outcome")
        }
        let turned = reports.map { report in
            report.compactMap { event -> SceneID? in
                if case .orientationChanged(let id, _, _, _) = event { return id }
                return nil
            }
        }
        XCTAssertEqual(turned, [[ids[0]], [ids[0], ids[1]], ids], "the first scene is out before the second is decided")
        XCTAssertEqual(reports.first?.first, .deviceOrientationChanged(.landscapeLeft))
        XCTAssertFalse(reports.joined().contains { if case .scenePropertiesChanged = $0 { true } else { false } },
                       "property updates come after every OrientationChanged, with the outcome")

        // The same turn settled by a tick reports too; other commands do not.
        var settling = ManagerUnderTest(settleTime: 100)
        _ = try settling.register { $0.supported = .allButUpsideDown }
        // The sensor's first reading is the device's at once; the next one settles.
        _ = try settling.manager.apply(.deviceReading(.portrait, source: .iioSensorProxy), caller: Caller.shell, at: settling.now)
        var heard = 0
        _ = try settling.manager.apply(.deviceReading(.landscapeLeft, source: .iioSensorProxy), caller: Caller.shell,
                                       at: settling.now) { _ in heard += 1 }
        XCTAssertEqual(heard, 0, "nothing is decided before the reading settles")
        settling.advance(milliseconds: 100)
        _ = try settling.manager.apply(.tick, caller: Caller.shell, at: settling.now) { _ in heard += 1 }
        XCTAssertEqual(heard, 1)
    }

    func testNothingIsEmittedWithoutAChange() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root")))
        try subject.on(id, .update)
        XCTAssertEqual(subject.events, [])
        try subject.on(id, .request(.portrait))
        XCTAssertEqual(subject.events, [])
        try subject.device(.portrait)
        XCTAssertEqual(subject.events, [.deviceOrientationChanged(.portrait), .managerPropertiesChanged([.deviceOrientation])])
        try subject.device(.portrait)
        XCTAssertEqual(subject.events, [])
        try subject.on(id, .setActivation(.foregroundActive))
        XCTAssertEqual(subject.events, [])
    }

    func testPropertiesChangedListsEveryChangedPropertyIncludingDerivedOnes() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root", .portrait)))
        XCTAssertEqual(subject.propertiesChanged[id], [.supportedOrientations, .supportedOrientationsMask, .decidingController])
        XCTAssertEqual(subject.snapshot(id).supported.rawValue, 2)
        try subject.on(id, .setRoot(view("other", .landscape)))
        XCTAssertEqual(subject.propertiesChanged[id], [.interfaceOrientation, .supportedOrientations, .supportedOrientationsMask,
                                                   .decidingController, .width, .height])
        XCTAssertEqual(subject.snapshot(id).supported.rawValue, 24)
        // Properties of other scenes are not listed.
        let bystander = try subject.register("org.example.Other") { $0.supported = .allButUpsideDown }
        try subject.on(id, .request(.landscapeLeft))
        XCTAssertEqual(Array(subject.propertiesChanged.keys), [id])
        XCTAssertNotNil(subject.snapshot(bystander))
        // Events come in order: the change, then the properties.
        try subject.on(id, .request(.landscapeRight))
        XCTAssertEqual(subject.events, [.orientationChanged(id, from: .landscapeLeft, to: .landscapeRight, reason: .request),
                                    .scenePropertiesChanged(id, [.interfaceOrientation])])
    }

    func testRegistrationAndRemovalEmitAddedAndRemovedOnly() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register()
        // Besides the scene itself, only FrontScene and FrontApp (a new scene on builtin comes to
        // the front) and the compositor's rotation held while it is there (a phone scene leaves
        // upside-down out, which the compositor would show).
        XCTAssertEqual(subject.events, [.sceneAdded(id), .managerPropertiesChanged([.frontScene, .frontApp]),
                                        .holdCompositorRotation(true)])
        try subject.run(.unregisterScene(id))
        XCTAssertEqual(subject.events, [.sceneRemoved(id), .managerPropertiesChanged([.frontScene, .frontApp]),
                                        .holdCompositorRotation(false)])
        let external = try subject.register { $0.display = "HDMI-1" }
        XCTAssertEqual(subject.events, [.sceneAdded(external)])
        try subject.run(.unregisterScene(external))
        XCTAssertEqual(subject.events, [.sceneRemoved(external)])
        XCTAssertNil(subject.manager.snapshot(of: id))
    }
}
