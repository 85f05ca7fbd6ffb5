import OrientationCore
import XCTest

/// A device orientation set by hand while the accelerometer is claimed and has read the device
/// gives way to the sensor: at its next reading, or `HandSetDevice.holdMilliseconds` after it
/// settled, the sensor's orientation comes back (the Python example's `SetDeviceOrientation`
/// on a phone left orientd believing it sideways for good). Without a sensor it stays.
final class HandSetDeviceTests: XCTestCase {
    /// A phone scene following the device, the sensor there and read portrait.
    func phoneWithSensor(settleTime: UInt32 = 250) throws -> (ManagerUnderTest, SceneID) {
        var subject = ManagerUnderTest(settleTime: settleTime)
        try subject.run(.setSensorAvailable(true), as: Caller.shell)
        let id = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.portrait, source: .iioSensorProxy)
        XCTAssertTrue(subject.manager.wantsSensor)
        XCTAssertEqual(subject.manager.deviceOrientation, .portrait)
        return (subject, id)
    }

    func testAHandSetOrientationHoldsABoundedTimeThenTheSensorsComesBack() throws {
        var (subject, id) = try phoneWithSensor()
        let start = subject.clock
        try subject.device(.landscapeLeft)
        subject.advance(milliseconds: 250)
        try subject.tick()
        XCTAssertEqual(subject.manager.deviceOrientation, .landscapeLeft, "set by hand, after the settle time")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        let hold = try XCTUnwrap(subject.manager.handSet)
        XCTAssertEqual(hold.sensed, .portrait)
        XCTAssertEqual(hold.until, start + (250 + HandSetDevice.holdMilliseconds) * 1000)
        XCTAssertEqual(subject.manager.nextDeadline, hold.until, "the shell's timer ends the hold")
        let explained = try subject.manager.explainPanel(appId: nil).first { $0.name == "device" }?.sentence ?? ""
        XCTAssertTrue(explained.contains("set by hand with SetDeviceOrientation while the accelerometer reads portrait"), explained)
        XCTAssertTrue(explained.contains("until the accelerometer's next reading, or 15 s"), explained)

        subject.advance(milliseconds: HandSetDevice.holdMilliseconds - 1)
        try subject.tick()
        XCTAssertEqual(subject.manager.deviceOrientation, .landscapeLeft, "not yet")
        subject.advance(milliseconds: 1)
        try subject.tick()
        XCTAssertEqual(subject.manager.deviceOrientation, .portrait, "the sensor's orientation is back")
        XCTAssertEqual(subject.manager.sensorSource, .iioSensorProxy)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertNil(subject.manager.handSet)
        XCTAssertNil(subject.manager.nextDeadline)
    }

    func testTheSensorsNextReadingEndsTheHold() throws {
        var (subject, _) = try phoneWithSensor(settleTime: 0)
        try subject.device(.landscapeLeft)
        XCTAssertNotNil(subject.manager.handSet)
        try subject.device(.landscapeRight, source: .iioSensorProxy)
        XCTAssertNil(subject.manager.handSet)
        XCTAssertEqual(subject.manager.deviceOrientation, .landscapeRight)
        XCTAssertEqual(subject.manager.sensorSource, .iioSensorProxy)
    }

    /// Set by hand again during a hold: the sensor's orientation to come back stays the one
    /// the sensor read, and the hold starts again.
    func testASecondHandSetKeepsTheSensorsOrientation() throws {
        var (subject, _) = try phoneWithSensor(settleTime: 0)
        try subject.device(.landscapeLeft)
        subject.advance(milliseconds: 1_000)
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.manager.handSet?.sensed, .portrait)
        XCTAssertEqual(subject.manager.handSet?.until, subject.clock + HandSetDevice.holdMilliseconds * 1000)
    }

    /// No sensor (or one that is not claimed): the hand is the only source, and what it set stays.
    func testWithoutASensorAHandSetOrientationStays() throws {
        var subject = ManagerUnderTest()
        _ = try subject.register { $0.supported = .allButUpsideDown }
        try subject.device(.landscapeLeft)
        XCTAssertNil(subject.manager.handSet)
        XCTAssertNil(subject.manager.nextDeadline)
        subject.advance(milliseconds: HandSetDevice.holdMilliseconds * 2)
        try subject.tick()
        XCTAssertEqual(subject.manager.deviceOrientation, .landscapeLeft)
    }
}
