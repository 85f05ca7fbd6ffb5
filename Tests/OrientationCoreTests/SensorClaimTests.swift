import XCTest
@testable import OrientationCore

/// The core says when the device's sensor must be claimed (`sensorWanted`), as it says where
/// the panel goes: while the sensor is there and a scene on the built-in display exists, or
/// the panel follows the device (a backend drives it, no scene in front, kiosk mode off).
final class SensorClaimTests: XCTestCase {
    func testNoClaimWithoutASensor() throws {
        var subject = ManagerUnderTest()
        let builtin = try subject.register()
        XCTAssertEqual(subject.events.sensorClaims, [])
        XCTAssertTrue(subject.manager.needsSensor)
        XCTAssertFalse(subject.manager.wantsSensor, "no sensor to claim")
        try subject.run(.unregisterScene(builtin))
        XCTAssertEqual(subject.events.sensorClaims, [])
    }

    func testClaimedWhileABuiltinSceneExistsAndReleasedWithTheLast() throws {
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [], "no scene yet")
        let external = try subject.register { $0.display = "hdmi-1" }
        XCTAssertEqual(subject.events.sensorClaims, [], "a scene on another display does not follow the sensor")
        let first = try subject.register()
        XCTAssertEqual(subject.events.sensorClaims, [true])
        XCTAssertEqual(subject.events.last, .sensorWanted(true), "after every other event of the command")
        let second = try subject.register()
        XCTAssertEqual(subject.events.sensorClaims, [], "claimed once")
        try subject.run(.unregisterScene(first))
        XCTAssertEqual(subject.events.sensorClaims, [])
        try subject.run(.unregisterScene(external))
        XCTAssertEqual(subject.events.sensorClaims, [])
        try subject.run(.unregisterScene(second))
        XCTAssertEqual(subject.events.sensorClaims, [false])
        XCTAssertFalse(subject.manager.wantsSensor)
    }

    func testTheSensorComingAndGoingClaimsAndReleases() throws {
        var subject = ManagerUnderTest()
        _ = try subject.register()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [true], "a scene waits for the sensor that appears")
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [], "no change, no event")
        try subject.run(.setSensorAvailable(false), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [false])
        try subject.run(.setSensorAvailable(false), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [])
    }

    func testTheRotationLockKeepsTheClaim() throws {
        // Under the lock the readings are still followed for RotationSuggested.
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        _ = try subject.register()
        try subject.run(.setRotationLocked(true))
        XCTAssertEqual(subject.events.sensorClaims, [])
        XCTAssertTrue(subject.manager.wantsSensor)
        try subject.run(.setRotationLocked(false))
        XCTAssertEqual(subject.events.sensorClaims, [])
    }

    func testTheLastClientLeavingReleases() throws {
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        _ = try subject.register()
        _ = try subject.register()
        try subject.run(.clientVanished(Caller.app), as: "")
        XCTAssertEqual(subject.events.sensorClaims, [false])
    }

    func testAnObservedWindowClaims() throws {
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
        try subject.run(.window(.window(TrackedWindow(handle: 1, appId: "org.example.Observed", activated: true,
                                                  minimized: false))), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [true], "an observed window's scene follows the sensor")
        try subject.run(.window(.closed(handle: 1)), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [false])
    }

    // MARK: The panel follows the device with no scene in front

    func attachPanel(_ subject: inout ManagerUnderTest) throws {
        try subject.run(.output(.attached(.mutter, name: "DSI-1", showing: .portrait)), as: Caller.shell)
    }

    func testThePanelWithNoSceneClaims() throws {
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [], "no panel, no scene: nothing follows the sensor")
        try attachPanel(&subject)
        XCTAssertEqual(subject.events.sensorClaims, [true], "the panel follows the device with no app in front")
        try subject.run(.output(.detached(reason: "mutter: the compositor stopped")), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [false])
    }

    func testKioskModeWithNoSceneReleasesAndTheLockKeepsTheClaim() throws {
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        try attachPanel(&subject)
        try subject.run(.setKioskMode(true, nil), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [false], "kiosk mode decides the panel")
        try subject.run(.setKioskMode(false, nil), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [true])
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [], "under the lock its readings wait for the lock to lift")
    }

    func testTheLastAppClosedSidewaysThenTheDeviceTurnedBackTurnsThePanelBack() throws {
        var subject = ManagerUnderTest()
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        try attachPanel(&subject)
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
        let game = TrackedWindow(handle: 1, appId: "org.example.Game", activated: true,
                                 declared: DeclaredOrientations(mask: .landscape, file: "/g.desktop"))
        try subject.run(.window(.window(game)), as: Caller.shell)
        try subject.device(.landscapeLeft, source: .iioSensorProxy)
        XCTAssertEqual(subject.manager.outputOrientationRule, .landscapeRight)
        try subject.run(.window(.closed(handle: 1)), as: Caller.shell)
        XCTAssertEqual(subject.events.sensorClaims, [], "the sensor stays claimed: the panel follows the device now")
        XCTAssertTrue(subject.manager.wantsSensor)
        XCTAssertNil(subject.manager.frontScene)
        XCTAssertEqual(subject.manager.outputOrientationRule, .landscapeRight, "still sideways: the device is")
        try subject.device(.portrait, source: .iioSensorProxy)
        XCTAssertEqual(subject.manager.outputOrientationRule, .portrait)
        XCTAssertTrue(subject.events.contains(.applyOutput(.portrait)), "\(subject.events)")
        XCTAssertEqual(subject.manager.managerSnapshot.sensorSource, .iioSensorProxy)
    }
}
