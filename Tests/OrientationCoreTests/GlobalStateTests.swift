import OrientationCore
import XCTest

/// The rotation lock, displays, the sensor and the manager's published properties.
final class GlobalStateTests: XCTestCase {
    func testRotationLockFreezesDeviceOrientation() throws {
        var rig = Rig()
        try rig.device(.portrait)
        try rig.run(.setRotationLocked(true), as: Caller.shell)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.rotationLocked])
        XCTAssertTrue(rig.events.contains(.settingsChanged))
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.manager.managerSnapshot.deviceOrientation, .portrait)
        XCTAssertEqual(rig.events.deviceChanges, [])
        XCTAssertEqual(rig.events.managerPropertyChanges, [])
        XCTAssertEqual(rig.manager.sensedOrientation, .landscapeLeft, "the sensor is still read")
    }

    func testRotationLockStopsScenesFollowingTheDevice() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.run(.setRotationLocked(true), as: Caller.shell)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [])
        try rig.on(id, .update)
        XCTAssertEqual(rig.orientation(id), .portrait, "a re-evaluation does not use the device either")
        // A scene registered under the lock does not follow it.
        let late = try rig.register { $0.supported = .allButUpsideDown }
        XCTAssertEqual(rig.orientation(late), .portrait)
    }

    func testRotationLockSuggestsARotationTheSceneAllows() throws {
        var rig = Rig()
        let allows = try rig.register("org.example.Allows") { $0.supported = .allButUpsideDown }
        let refuses = try rig.register("org.example.Refuses")
        let background = try rig.register("org.example.Background") { $0.supported = .allButUpsideDown }
        let external = try rig.register("org.example.External") { $0.supported = .allButUpsideDown; $0.display = "hdmi-1" }
        let fixed = try rig.register("org.example.Fixed") { $0.supported = .allButUpsideDown }
        try rig.on(fixed, .setRoot(view("root", autorotates: false)))
        try rig.on(background, .setActivation(.background))
        try rig.run(.setRotationLocked(true), as: Caller.shell)
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.events.suggestions.map(\.0), [allows])
        XCTAssertEqual(rig.events.suggestions.map(\.1), [.landscapeRight])
        XCTAssertFalse(rig.events.suggestions.contains { $0.0 == refuses || $0.0 == external || $0.0 == fixed })
        // Accepting is up to the app.
        try rig.on(allows, .request(.landscapeRight))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(allows, .portrait, .landscapeRight, .request)])
        // Back to portrait: the scene now is landscape, so portrait is suggested to it only.
        try rig.device(.portrait)
        XCTAssertEqual(rig.events.suggestions.map(\.0), [allows])
        XCTAssertEqual(rig.events.suggestions.map(\.1), [.portrait])
    }

    func testForcedChangesStillWorkUnderTheRotationLock() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.on(id, .setRoot(view("root")))
        try rig.run(.setRotationLocked(true), as: Caller.shell)
        try rig.on(id, .present(presenter: "root", view("player", .landscape, preferred: .landscapeLeft)))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .presentation)])
        try rig.on(id, .request(.landscapeRight))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeLeft, .landscapeRight, .request)])
        try rig.on(id, .setProperties("player", patch(.portrait, preferred: .portrait)))
        try rig.on(id, .update)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .update)])
    }

    func testLiftingTheRotationLockCatchesUp() throws {
        var rig = Rig()
        let id = try rig.register { $0.supported = .allButUpsideDown }
        try rig.device(.portrait)
        try rig.run(.setRotationLocked(true), as: Caller.shell)
        try rig.device(.landscapeRight)
        try rig.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(rig.manager.managerSnapshot.deviceOrientation, .landscapeRight)
        XCTAssertEqual(rig.events.deviceChanges, [.landscapeRight])
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .device)])
        XCTAssertEqual(rig.events.managerPropertyChanges, [.deviceOrientation, .rotationLocked])
        // Setting the same value again does nothing.
        try rig.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(rig.events, [])
    }

    func testExternalDisplayKeepsItsOrientation() throws {
        var rig = Rig()
        let external = try rig.register { $0.supported = .allButUpsideDown; $0.display = "hdmi-1" }
        let builtin = try rig.register { $0.supported = .allButUpsideDown }
        XCTAssertEqual(rig.snapshot(external).display, "hdmi-1")
        try rig.device(.landscapeLeft)
        XCTAssertEqual(rig.orientation(external), .portrait)
        XCTAssertEqual(rig.orientation(builtin), .landscapeRight)
        XCTAssertEqual(rig.changes.map(\.scene), [builtin])
        try rig.on(external, .update)
        XCTAssertEqual(rig.orientation(external), .portrait)
        try rig.on(external, .request(.landscapeLeft))
        XCTAssertEqual(rig.orientation(external), .landscapeLeft)
        // A scene registered on an external display while the device is landscape does not follow it.
        let late = try rig.register { $0.supported = .allButUpsideDown; $0.display = "hdmi-2" }
        XCTAssertEqual(rig.orientation(late), .portrait)
        XCTAssertFalse(rig.manager.scenes[late]!.isBuiltin)
    }

    func testTheSensorIsNeededWhileABuiltinSceneExists() throws {
        var rig = Rig()
        XCTAssertFalse(rig.manager.needsSensor)
        let external = try rig.register { $0.display = "hdmi-1" }
        XCTAssertFalse(rig.manager.needsSensor)
        let builtin = try rig.register()
        XCTAssertTrue(rig.manager.needsSensor)
        try rig.run(.unregisterScene(builtin))
        XCTAssertFalse(rig.manager.needsSensor)
        try rig.run(.unregisterScene(external))
        XCTAssertEqual(rig.manager.builtinSceneCount, 0)
    }

    func testSensorSourceFollowsWhereTheReadingCameFrom() throws {
        var rig = Rig()
        XCTAssertEqual(rig.manager.managerSnapshot.sensorSource, .manual)
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.sensorAvailable])
        try rig.device(.portrait, source: .iioSensorProxy)
        XCTAssertEqual(rig.manager.managerSnapshot.sensorSource, .iioSensorProxy)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.deviceOrientation, .sensorSource])
        try rig.device(.landscapeLeft, source: .manual)
        XCTAssertEqual(rig.manager.managerSnapshot.sensorSource, .manual)
        try rig.device(.portrait, source: .iioSensorProxy)
        try rig.run(.setSensorAvailable(false), as: Caller.shell)
        XCTAssertEqual(rig.manager.managerSnapshot.sensorSource, .manual)
        XCTAssertEqual(rig.events.managerPropertyChanges, [.sensorAvailable, .sensorSource])
        XCTAssertFalse(rig.events.contains(.settingsChanged), "sensor availability is not persisted")
    }

    func testSensorSourceFreezesWithDeviceOrientationUnderTheRotationLock() throws {
        var rig = Rig()
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        try rig.device(.portrait, source: .manual)
        try rig.run(.setRotationLocked(true), as: Caller.shell)
        try rig.device(.landscapeLeft, source: .iioSensorProxy)
        XCTAssertEqual(rig.manager.managerSnapshot.deviceOrientation, .portrait)
        XCTAssertEqual(rig.manager.managerSnapshot.sensorSource, .manual, "the frozen orientation came from manual input")
        XCTAssertFalse(rig.events.managerPropertyChanges.contains(.sensorSource))
        try rig.run(.setRotationLocked(false), as: Caller.shell)
        XCTAssertEqual(rig.manager.managerSnapshot.deviceOrientation, .landscapeLeft)
        XCTAssertEqual(rig.manager.managerSnapshot.sensorSource, .iioSensorProxy)
    }

    func testManagerDefaults() {
        let snapshot = OrientationManager().managerSnapshot
        XCTAssertEqual(snapshot.deviceOrientation, .unknown)
        XCTAssertFalse(snapshot.rotationLocked)
        XCTAssertFalse(snapshot.kioskMode)
        XCTAssertEqual(snapshot.kioskOrientation, .portrait)
        XCTAssertEqual(snapshot.splitViewThreshold, 768)
        XCTAssertEqual(snapshot.settleTime, 250)
        XCTAssertEqual(ManagerSnapshot.version, 3)
        let limits = Limits.default
        XCTAssertGreaterThanOrEqual(limits.scenesPerConnection, 1_000)
        XCTAssertGreaterThanOrEqual(limits.scenesInAll, 10_000)
        XCTAssertGreaterThanOrEqual(limits.controllersPerScene, 1_000)
        XCTAssertEqual(limits.historyEntries, 256)
    }
}
