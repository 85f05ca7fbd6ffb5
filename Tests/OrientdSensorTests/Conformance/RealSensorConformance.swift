import Foundation
import GLibBridge
import TestSupport
import XCTest

/// `SensorBackendConformance` with the real `/usr/sbin/iio-sensor-proxy` as the peer, reading
/// an IIO accelerometer simulated by umockdev (`real-sensor.sh`, tilted as `Accelerometer`
/// writes raw counts; it polls every 700 ms while claimed). What the daemon cannot show or do
/// is exempted below; `MockSensorConformance` runs those checks.
final class RealSensorConformance: SensorBackendConformance {
    override class var exemptions: [String: String] {
        [
            "checkReportsTheSensorAndClaimsItOnlyWhileWanted":
                "iio-sensor-proxy does not show who holds a claim (no owners property, nothing logged on release)",
            "checkTheAccelerometerGoingIsReportedAndItsClaimReleased":
                "the umockdev fixture cannot unplug the accelerometer from a running iio-sensor-proxy",
            "checkUnknownOrientationsAreNotPassedOn":
                "iio-sensor-proxy only ever sends the five strings of its own table",
            "checkAFloodOfChangesIsFollowedToTheLast":
                "iio-sensor-proxy reads once per 700 ms poll and sends a change only when the reading changes: it cannot flood",
        ]
    }

    func testReadingsAreReportedAsDeviceOrientations() throws { try checkReadingsAreReportedAsDeviceOrientations() }
    func testThePeerGoingAwayIsReportedAndItsReturnClaimedAndFollowed() throws { try checkThePeerGoingAwayIsReportedAndItsReturnClaimedAndFollowed() }
    func testAPeerThatNeverAnswersHoldsNothingUp() throws { try checkAPeerThatNeverAnswersHoldsNothingUp() }
    private var sensor: SensorService?
    private var accelerometer: Accelerometer?

    /// A fresh daemon (and testbed), tilted to `pose` before anyone claims: it reads the pose
    /// at its first poll after the claim.
    override func startPeer(_ pose: String) throws {
        let sensor = try startRealSensor()
        self.sensor = sensor
        accelerometer = try Accelerometer(sensor: sensor)
        try tilt(pose)
    }

    override func stopPeer() throws {
        XCTAssertEqual(sensor?.stop(), .exited(0))
        try eventually("iio-sensor-proxy left the bus") { try systemClient.nameOwner(Sensor.name) == nil }
    }

    override func tilt(_ pose: String) throws {
        try XCTUnwrap(accelerometer, "no sensor started").tilt(pose)
    }
}
