import OrientationCore
import XCTest

/// The rotation lock, displays, the sensor and the manager's published properties.
final class GlobalStateTests: XCTestCase {
    func testRotationLockFreezesDeviceOrientation() throws {
        var subject = ManagerUnderTest()
        try subject.device(.portrait)
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.rotationLocked])
        XCTAssertTrue(subject.events.contains(.settingsChanged))
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .portrait)
        XCTAssertEqual(subject.events.deviceChanges, [])
        XCTAssertEqual(subject.events.managerPropertyChanges, [])
        XCTAssertEqual(subject.manager.sensedOrientation, .landscapeLeft, "the sensor is still read")
    }

    func testRotationLockStopsScenesFollowingTheDevice() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [])
        try subject.on(id, .update)
        XCTAssertEqual(subject.orientation(id), .portrait, "a re-evaluation does not use the device either")
        // A scene registered under the lock does not follow it.
        let late = try subject.register { $0.supported = .allButUpsideDown }
        XCTAssertEqual(subject.orientation(late), .portrait)
    }

    func testRotationLockSuggestsARotationTheSceneAllows() throws {
        var subject = ManagerUnderTest()
        let allows = try subject.register("org.example.Allows") { $0.supported = .allButUpsideDown }
        let refuses = try subject.register("org.example.Refuses")
        let background = try subject.register("org.example.Background") { $0.supported = .allButUpsideDown }
        let external = try subject.register("org.example.External") { $0.supported = .allButUpsideDown; $0.display = "hdmi-1" }
        let fixed = try subject.register("org.example.Fixed") { $0.supported = .allButUpsideDown }
        try subject.on(fixed, .setRoot(view("root", autorotates: false)))
        try subject.on(background, .setActivation(.background))
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.events.suggestions.map(\.0), [allows])
        XCTAssertEqual(subject.events.suggestions.map(\.1), [.landscapeRight])
        XCTAssertFalse(subject.events.suggestions.contains { $0.0 == refuses || $0.0 == external || $0.0 == fixed })
        // Accepting is up to the app.
        try subject.on(allows, .request(.landscapeRight))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(allows, .portrait, .landscapeRight, .request)])
        // Back to portrait: the scene now is landscape, so portrait is suggested to it only.
        try subject.device(.portrait)
        XCTAssertEqual(subject.events.suggestions.map(\.0), [allows])
        XCTAssertEqual(subject.events.suggestions.map(\.1), [.portrait])
    }

    func testForcedChangesStillWorkUnderTheRotationLock() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.on(id, .setRoot(view("root")))
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        try subject.on(id, .present(presenter: "root", view("player", .landscape, preferred: .landscapeLeft)))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .presentation)])
        try subject.on(id, .request(.landscapeRight))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeLeft, .landscapeRight, .request)])
        try subject.on(id, .setProperties("player", patch(.portrait, preferred: .portrait)))
        try subject.on(id, .update)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .update)])
    }

    func testLiftingTheRotationLockCatchesUp() throws {
        var subject = ManagerUnderTest()
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.portrait)
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        try subject.device(.landscapeRight)
        try subject.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .landscapeRight)
        XCTAssertEqual(subject.events.deviceChanges, [.landscapeRight])
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .device)])
        XCTAssertEqual(subject.events.managerPropertyChanges, [.deviceOrientation, .rotationLocked])
        // Setting the same value again does nothing.
        try subject.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(subject.events, [])
    }

    func testExternalDisplayKeepsItsOrientation() throws {
        var subject = ManagerUnderTest()
        let external = try subject.register { $0.supported = .allButUpsideDown; $0.display = "hdmi-1" }
        let builtin = try subject.register { $0.supported = .allButUpsideDown }
        XCTAssertEqual(subject.snapshot(external).display, "hdmi-1")
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(external), .portrait)
        XCTAssertEqual(subject.orientation(builtin), .landscapeRight)
        XCTAssertEqual(subject.changes.map(\.scene), [builtin])
        try subject.on(external, .update)
        XCTAssertEqual(subject.orientation(external), .portrait)
        try subject.on(external, .request(.landscapeLeft))
        XCTAssertEqual(subject.orientation(external), .landscapeLeft)
        // A scene registered on an external display while the device is landscape does not follow it.
        let late = try subject.register { $0.supported = .allButUpsideDown; $0.display = "hdmi-2" }
        XCTAssertEqual(subject.orientation(late), .portrait)
        XCTAssertFalse(subject.manager.scenes[late]!.isBuiltin)
    }

    func testTheSensorIsNeededWhileABuiltinSceneExists() throws {
        var subject = ManagerUnderTest()
        XCTAssertFalse(subject.manager.needsSensor)
        let external = try subject.register { $0.display = "hdmi-1" }
        XCTAssertFalse(subject.manager.needsSensor)
        let builtin = try subject.register()
        XCTAssertTrue(subject.manager.needsSensor)
        try subject.run(.unregisterScene(builtin))
        XCTAssertFalse(subject.manager.needsSensor)
        try subject.run(.unregisterScene(external))
        XCTAssertEqual(subject.manager.builtinSceneCount, 0)
    }

    func testSensorSourceFollowsWhereTheReadingCameFrom() throws {
        var subject = ManagerUnderTest()
        XCTAssertEqual(subject.manager.managerSnapshot.sensorSource, .manual)
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.sensorAvailable])
        try subject.device(.portrait, source: .iioSensorProxy)
        XCTAssertEqual(subject.manager.managerSnapshot.sensorSource, .iioSensorProxy)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.deviceOrientation, .sensorSource])
        try subject.device(.landscapeLeft, source: .manual)
        XCTAssertEqual(subject.manager.managerSnapshot.sensorSource, .manual)
        try subject.device(.portrait, source: .iioSensorProxy)
        try subject.run(.setSensorAvailable(false), as: Caller.shell)
        XCTAssertEqual(subject.manager.managerSnapshot.sensorSource, .manual)
        XCTAssertEqual(subject.events.managerPropertyChanges, [.sensorAvailable, .sensorSource])
        XCTAssertFalse(subject.events.contains(.settingsChanged), "sensor availability is not persisted")
    }

    func testSensorSourceFreezesWithDeviceOrientationUnderTheRotationLock() throws {
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        try subject.device(.portrait, source: .manual)
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        try subject.device(.landscapeLeft, source: .iioSensorProxy)
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .portrait)
        XCTAssertEqual(subject.manager.managerSnapshot.sensorSource, .manual, "the frozen orientation came from manual input")
        XCTAssertFalse(subject.events.managerPropertyChanges.contains(.sensorSource))
        try subject.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(subject.manager.managerSnapshot.deviceOrientation, .landscapeLeft)
        XCTAssertEqual(subject.manager.managerSnapshot.sensorSource, .iioSensorProxy)
    }

    func testManagerDefaults() {
        let snapshot = OrientationManager().managerSnapshot
        XCTAssertEqual(snapshot.deviceOrientation, .unknown)
        XCTAssertFalse(snapshot.rotationLocked)
        XCTAssertFalse(snapshot.kioskMode)
        XCTAssertEqual(snapshot.kioskOrientation, .portrait)
        XCTAssertEqual(snapshot.splitViewThreshold, 768)
        XCTAssertEqual(snapshot.settleTime, 250)
        XCTAssertEqual(snapshot.undeclaredAppOrientations, .all)
        XCTAssertTrue(snapshot.appLocksAllowed)
        XCTAssertEqual(snapshot.screenClass, .unmeasured)
        XCTAssertEqual(snapshot.posture, .phone)
        let limits = Limits.default
        XCTAssertGreaterThanOrEqual(limits.scenesPerConnection, 1_000)
        XCTAssertGreaterThanOrEqual(limits.scenesInAll, 10_000)
        XCTAssertGreaterThanOrEqual(limits.controllersPerScene, 1_000)
        XCTAssertEqual(limits.historyEntries, 256)
    }
}
