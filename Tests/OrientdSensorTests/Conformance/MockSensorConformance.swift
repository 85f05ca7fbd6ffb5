import Foundation
import GLibBridge
import TestSupport
import XCTest

/// `SensorBackendConformance` with python-dbusmock's `iio-sensors-proxy` template as the peer
/// (`mock-sensor.sh`): it says who holds a claim, can take its accelerometer away, and serves
/// whatever orientation it is given, so it runs every check.
final class MockSensorConformance: SensorBackendConformance {
    func testReportsTheSensorAndClaimsItOnlyWhileWanted() throws { try checkReportsTheSensorAndClaimsItOnlyWhileWanted() }
    func testReadingsAreReportedAsDeviceOrientations() throws { try checkReadingsAreReportedAsDeviceOrientations() }
    func testThePeerGoingAwayIsReportedAndItsReturnClaimedAndFollowed() throws { try checkThePeerGoingAwayIsReportedAndItsReturnClaimedAndFollowed() }
    func testTheAccelerometerGoingIsReportedAndItsClaimReleased() throws { try checkTheAccelerometerGoingIsReportedAndItsClaimReleased() }
    func testUnknownOrientationsAreNotPassedOn() throws { try checkUnknownOrientationsAreNotPassedOn() }
    func testAFloodOfChangesIsFollowedToTheLast() throws { try checkAFloodOfChangesIsFollowedToTheLast() }
    func testAPeerThatNeverAnswersHoldsNothingUp() throws { try checkAPeerThatNeverAnswersHoldsNothingUp() }
    private var mock: SensorService?

    override func startPeer(_ pose: String) throws {
        mock = try startMock(pose)
    }

    override func stopPeer() throws {
        XCTAssertEqual(mock?.stop(), .exited(0))
        try eventually("the mock left the bus") { try systemClient.nameOwner(Sensor.name) == nil }
    }

    override func tilt(_ pose: String) throws {
        try tiltMock(pose)
    }
}
