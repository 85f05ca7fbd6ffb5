import XCTest
@testable import OrientationCore

/// The core says when the device's sensor must be claimed (`sensorWanted`), as it says where
/// the panel goes: while the sensor is there and a scene on the built-in display exists.
final class SensorClaimTests: XCTestCase {
    func testNoClaimWithoutASensor() throws {
        var rig = Rig()
        let builtin = try rig.register()
        XCTAssertEqual(rig.events.sensorClaims, [])
        XCTAssertTrue(rig.manager.needsSensor)
        XCTAssertFalse(rig.manager.wantsSensor, "no sensor to claim")
        try rig.run(.unregisterScene(builtin))
        XCTAssertEqual(rig.events.sensorClaims, [])
    }

    func testClaimedWhileABuiltinSceneExistsAndReleasedWithTheLast() throws {
        var rig = Rig()
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(rig.events.sensorClaims, [], "no scene yet")
        let external = try rig.register { $0.display = "hdmi-1" }
        XCTAssertEqual(rig.events.sensorClaims, [], "a scene on another display does not follow the sensor")
        let first = try rig.register()
        XCTAssertEqual(rig.events.sensorClaims, [true])
        XCTAssertEqual(rig.events.last, .sensorWanted(true), "after every other event of the command")
        let second = try rig.register()
        XCTAssertEqual(rig.events.sensorClaims, [], "claimed once")
        try rig.run(.unregisterScene(first))
        XCTAssertEqual(rig.events.sensorClaims, [])
        try rig.run(.unregisterScene(external))
        XCTAssertEqual(rig.events.sensorClaims, [])
        try rig.run(.unregisterScene(second))
        XCTAssertEqual(rig.events.sensorClaims, [false])
        XCTAssertFalse(rig.manager.wantsSensor)
    }

    func testTheSensorComingAndGoingClaimsAndReleases() throws {
        var rig = Rig()
        _ = try rig.register()
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(rig.events.sensorClaims, [true], "a scene waits for the sensor that appears")
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        XCTAssertEqual(rig.events.sensorClaims, [], "no change, no event")
        try rig.run(.setSensorAvailable(false), as: Caller.shell)
        XCTAssertEqual(rig.events.sensorClaims, [false])
        try rig.run(.setSensorAvailable(false), as: Caller.shell)
        XCTAssertEqual(rig.events.sensorClaims, [])
    }

    func testTheRotationLockKeepsTheClaim() throws {
        // Under the lock the readings are still followed for RotationSuggested.
        var rig = Rig()
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        _ = try rig.register()
        try rig.run(.setRotationLocked(true))
        XCTAssertEqual(rig.events.sensorClaims, [])
        XCTAssertTrue(rig.manager.wantsSensor)
        try rig.run(.setRotationLocked(false))
        XCTAssertEqual(rig.events.sensorClaims, [])
    }

    func testTheLastClientLeavingReleases() throws {
        var rig = Rig()
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        _ = try rig.register()
        _ = try rig.register()
        try rig.run(.clientVanished(Caller.app), as: "")
        XCTAssertEqual(rig.events.sensorClaims, [false])
    }

    func testAnObservedWindowClaims() throws {
        var rig = Rig()
        try rig.run(.setSensorAvailable(true), as: Caller.shell)
        try rig.run(.window(.attached(.wlroots)), as: Caller.shell)
        try rig.run(.window(.window(TrackedWindow(handle: 1, appId: "org.example.Observed", activated: true,
                                                  minimized: false))), as: Caller.shell)
        XCTAssertEqual(rig.events.sensorClaims, [true], "an observed window's scene follows the sensor")
        try rig.run(.window(.closed(handle: 1)), as: Caller.shell)
        XCTAssertEqual(rig.events.sensorClaims, [false])
    }
}
