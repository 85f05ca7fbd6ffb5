import Foundation
import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport
import XCTest

/// What every sensor backend keeps, whatever its peer: it reports the sensor there, claims the
/// accelerometer only while the core wants it and releases it when not, reports readings as
/// device orientations, reports the peer (or only its accelerometer) going away and claims
/// again when it comes back, and bounds what a hostile peer sends (unknown orientation strings
/// not passed on, a flood of changes followed to the last with its loop still answering, a
/// peer that never answers holding nothing up).
///
/// Each peer runs it as a subclass giving the hooks below and one `test…` line per `check…`
/// (XCTest on Linux finds only the test methods a class declares itself): python-dbusmock's
/// `iio-sensors-proxy` template (`MockSensorConformance`) and the real iio-sensor-proxy under
/// umockdev (`RealSensorConformance`). `SensorConformanceCoverageTests` fails while a subclass
/// has no line for a check and does not name it in `exemptions`.
class SensorBackendConformance: SensorTestCase {
    // MARK: Hooks

    /// The checks this peer does not run (`checkX` names), each with why.
    class var exemptions: [String: String] { [:] }

    /// Starts the peer (again, after `stopPeer`) with its accelerometer held in `pose`
    /// (an `AccelerometerOrientation` string: normal, bottom-up, left-up or right-up).
    func startPeer(_ pose: String) throws { throw XCTSkip("a conformance subclass gives the peer") }
    /// Ends the peer and waits until it has left the bus.
    func stopPeer() throws {}
    /// Turns the accelerometer to `pose`.
    func tilt(_ pose: String) throws {}
    /// Who holds a claim on the accelerometer, as the peer says (unique names).
    func peerClaimants() throws -> [String] { try claimants() }
    /// Takes the accelerometer away (false) or gives it back (true), the peer staying.
    func setHasAccelerometer(_ has: Bool) throws { try setMock("HasAccelerometer", .b(has)) }
    /// Makes the peer announce `value` as its AccelerometerOrientation, whatever it is.
    func announce(_ value: Variant) throws { try setMock("AccelerometerOrientation", value) }

    /// The backend, started on a loop of its own with the private bus as its system bus, and
    /// stopped after the test.
    func startBackend() -> SensorBackendRun {
        let address = systemBus.address
        let run = SensorBackendRun { loop in
            IIOSensorProxyBackend(mode: .auto, natural: .portrait, loop: loop, log: Log(verbose: true), systemBus: address)
        }
        addTeardownBlock { run.stop() }
        return run
    }

    /// Each pose, and the device orientation it means on a portrait panel.
    let poses: [(pose: String, device: DeviceOrientation)] = [
        ("left-up", .landscapeRight), ("bottom-up", .portraitUpsideDown), ("right-up", .landscapeLeft), ("normal", .portrait),
    ]

    /// Waits until the backend's last reading is `device`.
    func waitForReading(_ run: SensorBackendRun, _ device: DeviceOrientation,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("reading \(device); events:\n\(run.transcript)", file: file, line: line) { run.readings.last == device }
    }

    /// Waits until the peer says the backend, and only it, holds a claim (or that nobody does).
    func waitForClaim(_ run: SensorBackendRun, held: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = held ? [try XCTUnwrap(run.connectionName, file: file, line: line)] : []
        try eventually("claimants \(expected); events:\n\(run.transcript)", file: file, line: line) {
            try self.peerClaimants() == expected
        }
    }

    // MARK: Claims

    /// Reports the sensor there without claiming it; claims it when wanted (once, however
    /// often asked), releases it when not, and claims it again when wanted again.
    func checkReportsTheSensorAndClaimsItOnlyWhileWanted() throws {
        try startPeer("normal")
        let run = startBackend()
        try eventually("available; events:\n\(run.transcript)") { run.isAvailable }
        try waitForClaim(run, held: false)

        run.claim(true)
        run.claim(true)
        try waitForClaim(run, held: true)
        try waitForReading(run, .portrait)
        run.claim(false)
        try waitForClaim(run, held: false)
        run.claim(true)
        try waitForClaim(run, held: true)
        XCTAssertEqual(run.availabilityChanges, [true], run.transcript)
    }

    // MARK: Readings

    /// Once claimed, each pose of the accelerometer is reported as its device orientation.
    func checkReadingsAreReportedAsDeviceOrientations() throws {
        try startPeer("normal")
        let run = startBackend()
        try eventually("available; events:\n\(run.transcript)") { run.isAvailable }
        run.claim(true)
        try waitForReading(run, .portrait)
        for (pose, device) in poses {
            try tilt(pose)
            try waitForReading(run, device)
        }
        XCTAssertEqual(run.availabilityChanges, [true], run.transcript)
    }

    // MARK: Peer gone, peer back

    /// The peer going is reported (not available), its return too; the backend claims the
    /// new peer (which starts with no claims) and follows it.
    func checkThePeerGoingAwayIsReportedAndItsReturnClaimedAndFollowed() throws {
        try startPeer("left-up")
        let run = startBackend()
        run.claim(true)
        try waitForReading(run, .landscapeRight)

        try stopPeer()
        try eventually("not available; events:\n\(run.transcript)") { run.availability.last == false }
        let readingsWhileGone = run.readings.count

        try startPeer("right-up")
        try eventually("available again; events:\n\(run.transcript)") { run.isAvailable }
        try waitForReading(run, .landscapeLeft)
        try tilt("bottom-up")
        try waitForReading(run, .portraitUpsideDown)
        XCTAssertEqual(run.availabilityChanges, [true, false, true], run.transcript)
        XCTAssertGreaterThan(run.readings.count, readingsWhileGone)
    }

    /// The accelerometer going while the peer stays is reported and the claim released; its
    /// return is reported, claimed and followed.
    func checkTheAccelerometerGoingIsReportedAndItsClaimReleased() throws {
        try startPeer("normal")
        let run = startBackend()
        run.claim(true)
        try waitForClaim(run, held: true)
        try waitForReading(run, .portrait)

        try setHasAccelerometer(false)
        try eventually("not available; events:\n\(run.transcript)") { run.availability.last == false }
        try waitForClaim(run, held: false)
        try setHasAccelerometer(true)
        try eventually("available again; events:\n\(run.transcript)") { run.isAvailable }
        try waitForClaim(run, held: true)
        try tilt("left-up")
        try waitForReading(run, .landscapeRight)
    }

    // MARK: Hostile values bounded

    /// Orientation strings the sensor has not got (or not a string at all) are not passed on,
    /// not even as `unknown`; the next real one is.
    func checkUnknownOrientationsAreNotPassedOn() throws {
        try startPeer("normal")
        let run = startBackend()
        run.claim(true)
        try waitForReading(run, .portrait)
        let before = run.readings.count

        let hostile: [Variant] = [.s("sideways"), .s(""), .s("LEFT-UP"), .s("left-up\n"), .s("face-up"),
                                  .s(String(repeating: "left-up", count: 600)), .s("normal\u{1}"), .u(1), .b(true)]
        for value in hostile { try announce(value) }
        try tilt("bottom-up")
        try waitForReading(run, .portraitUpsideDown)
        XCTAssertEqual(Array(run.readings[before...]), [.portraitUpsideDown], run.transcript)
        XCTAssertEqual(run.availabilityChanges, [true], run.transcript)
    }

    /// 1,000 changes in a burst: each is reported in order (the core settles them), the last
    /// one last, and the backend's loop keeps answering.
    func checkAFloodOfChangesIsFollowedToTheLast() throws {
        try startPeer("normal")
        let run = startBackend()
        run.claim(true)
        try waitForReading(run, .portrait)
        let before = run.readings.count

        let count = 1_000
        for index in 0..<count { try tilt(poses[index % poses.count].pose) }
        run.loop.sync {}
        try eventually("\(count) readings (\(run.readings.count - before) so far)") { run.readings.count - before == count }
        let flood = Array(run.readings[before...])
        XCTAssertEqual(flood, (0..<count).map { poses[$0 % poses.count].device }, "in order, each once")
        XCTAssertEqual(run.availabilityChanges, [true], run.transcript)
    }

    /// A peer that owns the sensor's name and never answers holds nothing up: the backend's
    /// loop answers, nothing is reported available; when it goes, the real peer that follows
    /// it is claimed and followed.
    func checkAPeerThatNeverAnswersHoldsNothingUp() throws {
        let silent = try start("silent sensor", ["/usr/bin/python3", sensorFixturesDirectory + "/silent-sensor.py", systemBus.address])
        XCTAssertEqual(try silent.firstLineOfOutput(), "listening", silent.standardError)
        let silentName = try XCTUnwrap(try systemClient.nameOwner(Sensor.name))
        let started = ContinuousClock.now
        let run = startBackend()
        try eventually("the backend follows the silent peer; events:\n\(run.transcript)") { run.peerName == silentName }
        run.claim(true)
        run.loop.sync {}
        // Well within a D-Bus call's 25 s timeout, which a blocking call to the silent peer would wait out.
        XCTAssertLessThan(ContinuousClock.now - started, TestDeadline.scaled(.seconds(10)), "the backend's loop was held up")
        XCTAssertFalse(run.availability.contains(true), run.transcript)
        XCTAssertEqual(run.readings, [], run.transcript)

        _ = silent.stop()
        try eventually("the silent peer left") { try systemClient.nameOwner(Sensor.name) == nil }
        try startPeer("left-up")
        try eventually("available; events:\n\(run.transcript)") { run.isAvailable }
        try waitForReading(run, .landscapeRight)
    }
}
