import GLibBridge
import TestSupport
import XCTest

/// orientd following python-dbusmock's `iio-sensors-proxy` template on a private bus that it
/// reaches as its system bus. The mock sends PropertiesChanged only to claimants (unicast),
/// and tells who holds a claim (`AccelerometerOwners`).
final class MockSensorTests: SensorTestCase {
    /// Every AccelerometerOrientation string, through the mapping table, to DeviceOrientation
    /// and to a scene; `undefined` leaves the scene as it is. A manual SetDeviceOrientation
    /// overrides the sensor until its next reading.
    func testFollowsEveryOrientationString() throws {
        try startMock("normal")
        try startOrientd()
        try waitFor("SensorAvailable", "true")
        let scene = try registerScene()
        try eventually("orientd claims the accelerometer") { try orientdHoldsClaim() }
        try waitFor("DeviceOrientation", "portrait")
        try assertState(device: "portrait", scene: scene, sceneOrientation: "portrait", available: true,
                        source: "iio-sensor-proxy")

        let table: [(reading: String, device: String, interface: String)] = [
            ("left-up", "landscape-right", "landscape-left"),
            ("bottom-up", "portrait-upside-down", "portrait-upside-down"),
            ("right-up", "landscape-left", "landscape-right"),
            ("normal", "portrait", "portrait"),
            ("right-up", "landscape-left", "landscape-right"),
            ("undefined", "unknown", "landscape-right"),  // the interface keeps its orientation
            ("left-up", "landscape-right", "landscape-left"),
        ]
        for row in table {
            try tiltMock(row.reading)
            try waitFor("DeviceOrientation", row.device)
            try waitFor("InterfaceOrientation", of: scene, row.interface)
            try assertState(device: row.device, scene: scene, sceneOrientation: row.interface, available: true,
                            source: "iio-sensor-proxy")
        }

        // Manual override, then the next sensor reading replaces it.
        try callManager("SetDeviceOrientation", [.s("portrait")])
        try waitFor("InterfaceOrientation", of: scene, "portrait")
        try assertState(device: "portrait", scene: scene, sceneOrientation: "portrait", available: true, source: "manual")
        try tiltMock("bottom-up")
        try waitFor("InterfaceOrientation", of: scene, "portrait-upside-down")
        try assertState(device: "portrait-upside-down", scene: scene, sceneOrientation: "portrait-upside-down",
                        available: true, source: "iio-sensor-proxy")
        XCTAssertTrue(orientdLogLines(containing: "warning").isEmpty, "unexpected warnings:\n\(orientd.log)")
    }

    /// `SetDeviceOrientation` on a machine whose accelerometer is claimed (the Python example's
    /// demo on a phone) holds until the sensor's next reading, or `HandSetDevice.holdMilliseconds`
    /// when the device does not move (iio-sensor-proxy then reads nothing new); `status` and
    /// `explain` say so meanwhile.
    func testAHandSetOrientationGivesWayToTheSensorAndSaysSo() throws {
        try startMock("normal")
        try startOrientd()
        let scene = try registerScene()
        try eventually("orientd claims the accelerometer") { try orientdHoldsClaim() }
        try waitFor("DeviceOrientation", "portrait")

        let set = ContinuousClock.now
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try waitFor("InterfaceOrientation", of: scene, "landscape-right")
        let orientctl = OrientdInstance.product("orientctl")
        let status = try runCommand([orientctl, "status"], environment: orientd.environment.merging(["NO_COLOR": "1"]) { $1 })
        XCTAssertTrue(status.stdout.contains("Device orientation: landscape-left (set by hand, until the accelerometer reads again"), status.stdout)
        let explain = try runCommand([orientctl, "explain"], environment: orientd.environment.merging(["NO_COLOR": "1"]) { $1 })
        XCTAssertTrue(explain.stdout.contains("set by hand with SetDeviceOrientation while the accelerometer reads portrait"), explain.stdout)
        XCTAssertTrue(explain.stdout.contains("until the accelerometer's next reading, or 15 s"), explain.stdout)

        // The device does not move: the sensor's portrait comes back once the hold is over.
        try waitFor("InterfaceOrientation", of: scene, "portrait", timeout: .seconds(45))
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - set, .seconds(14), "it held")
        try assertState(device: "portrait", scene: scene, sceneOrientation: "portrait", available: true, source: "iio-sensor-proxy")

        // Set by hand again, then the sensor reads: the reading ends the hold at once.
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try waitFor("InterfaceOrientation", of: scene, "landscape-right")
        try tiltMock("bottom-up")
        try waitFor("InterfaceOrientation", of: scene, "portrait-upside-down")
        try assertState(device: "portrait-upside-down", scene: scene, sceneOrientation: "portrait-upside-down",
                        available: true, source: "iio-sensor-proxy")
    }

    /// Sensor readings go through the settle time (the default 250 ms here): a reading that
    /// does not hold is never followed, one that holds is followed once.
    func testReadingsGoThroughTheSettleTime() throws {
        try startMock("normal")
        try startOrientd(settleTime: nil)
        XCTAssertEqual(try property("SettleTime").uint32, 250)
        let scene = try registerScene()
        try waitFor("DeviceOrientation", "portrait")
        let listener = try connectToOrientd()
        let changes = try SignalRecorder(listener, sender: Contract.busName, member: "OrientationChanged", path: scene)

        // A flap shorter than the settle time: left-up and straight back to normal.
        try tiltMock("left-up")
        try tiltMock("normal")
        // Then a real turn, which must hold 250 ms before the scene follows.
        let turned = ContinuousClock.now
        try tiltMock("bottom-up")
        try waitFor("InterfaceOrientation", of: scene, "portrait-upside-down")
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - turned, .milliseconds(250))
        try changes.drain(through: try XCTUnwrap(try client.connection.nameOwner(Contract.busName)))
        XCTAssertEqual(changes.signals.map { $0.parameters.children.compactMap(\.string) },
                       [["portrait", "portrait-upside-down", "device"]])
    }

    /// The claim is held only while a scene on the built-in display exists: not for a scene
    /// on another display, released when the last built-in scene goes (unregistered, or its
    /// owner leaves the bus), and a claim still in flight when the scene goes is released.
    func testClaimHeldOnlyWhileBuiltinScenesExist() throws {
        let mock = try startMock("normal")
        try startOrientd()
        try waitFor("SensorAvailable", "true")
        let external = try registerScene(display: "hdmi-1")
        XCTAssertEqual(try claimants(), [])

        let first = try registerScene()
        try eventually("claimed for the first built-in scene") { try orientdHoldsClaim() }
        let second = try registerScene()
        try unregister(first)
        XCTAssertTrue(try orientdHoldsClaim(), "released while a built-in scene remains")
        try unregister(second)
        try eventually("released when the last built-in scene went") { try claimants() == [] }

        // A scene whose owner leaves the bus.
        let app = try connectToOrientd()
        _ = try registerScene(on: app)
        try eventually("claimed for the app's scene") { try orientdHoldsClaim() }
        app.close()
        try eventually("released when the app left the bus") { try claimants() == [] }

        // Register and unregister at once, several times: each claim in flight when its scene
        // went is followed by a release.
        for _ in 0..<5 {
            try unregister(try registerScene())
        }
        try eventually("nothing claimed after the burst") {
            try claimants() == [] && mockCalls("ClaimAccelerometer", in: mock) == mockCalls("ReleaseAccelerometer", in: mock)
        }
        // One claim and one release per round (no second claim to a proxy already held).
        let claims = mockCalls("ClaimAccelerometer", in: mock)
        XCTAssertTrue((3...7).contains(claims), "\(claims) claims:\n\(mock.log)")
        XCTAssertEqual(claims, mockCalls("ReleaseAccelerometer", in: mock), mock.log)
        try unregister(external)
        XCTAssertEqual(try claimants(), [])
    }

    /// The sensor vanishes: SensorAvailable false, SensorSource manual, scenes keep their
    /// orientation and manual input works. It returns (a new process, with no claims):
    /// orientd claims again and follows. Then the accelerometer goes away without the
    /// service vanishing (HasAccelerometer false) and comes back.
    func testVanishAndReturn() throws {
        let mock = try startMock("left-up")
        try startOrientd()
        let scene = try registerScene()
        try waitFor("InterfaceOrientation", of: scene, "landscape-left")
        try eventually("claimed") { try orientdHoldsClaim() }

        XCTAssertEqual(mock.stop(), .exited(0))
        try waitFor("SensorAvailable", "false")
        try assertState(device: "landscape-right", scene: scene, sceneOrientation: "landscape-left", available: false,
                        source: "manual")
        try callManager("SetDeviceOrientation", [.s("portrait")])
        try waitFor("InterfaceOrientation", of: scene, "portrait")

        let returned = try startMock("right-up")
        try waitFor("SensorAvailable", "true")
        try eventually("claimed again from the new service") { try orientdHoldsClaim() }
        try waitFor("InterfaceOrientation", of: scene, "landscape-right")
        try assertState(device: "landscape-left", scene: scene, sceneOrientation: "landscape-right", available: true,
                        source: "iio-sensor-proxy")
        XCTAssertEqual(mockCalls("ClaimAccelerometer", in: returned), 1, returned.log)

        // The accelerometer goes (the service stays): not available, the claim is released.
        try setMock("HasAccelerometer", .b(false))
        try waitFor("SensorAvailable", "false")
        XCTAssertEqual(try property("SensorSource").string, "manual")
        try eventually("released without an accelerometer") { try claimants() == [] }
        XCTAssertEqual(try property("InterfaceOrientation", of: scene).string, "landscape-right")
        // It comes back: claimed and followed again.
        try setMock("HasAccelerometer", .b(true))
        try waitFor("SensorAvailable", "true")
        try eventually("claimed with the accelerometer back") { try orientdHoldsClaim() }
        try tiltMock("bottom-up")
        try waitFor("InterfaceOrientation", of: scene, "portrait-upside-down")
        XCTAssertEqual(try property("SensorSource").string, "iio-sensor-proxy")
    }

    /// A Claim still in flight when another process takes the name over: the late reply of
    /// the old one must not count as a claim on the new one. orientd claims the new one and
    /// follows it (the mock signals claimants only, so without the claim nothing would arrive).
    func testClaimInFlightWhenTheProxyIsReplaced() throws {
        let old = try startMock("normal")
        try startOrientd(["--sensor", "auto", "--verbose"])  // --verbose: the ignored late reply is logged
        try waitFor("SensorAvailable", "true")
        // The old service answers ClaimAccelerometer only after 2 s.
        try systemClient.call(
            destination: old.uniqueName, path: Sensor.path, interface: Sensor.mockInterface, method: "AddMethod",
            parameters: Variant(tuple: [.s(Sensor.interface), .s("ClaimAccelerometer"), .s(""), .s(""), .s("time.sleep(2)")]),
            timeoutMilliseconds: 5_000)
        let scene = try registerScene()
        try eventually("the claim reached the old service") { mockCalls("ClaimAccelerometer", in: old) == 1 }

        // dbusmock takes the name with replace_existing: the new one owns it at once.
        let new = try startMock("left-up", replacing: old)
        try eventually("claimed on the new service", timeout: .seconds(20)) { try orientdHoldsClaim() }
        try waitFor("InterfaceOrientation", of: scene, "landscape-left")
        // The old service's late reply arrives (2 s after the claim) and is ignored: the claim
        // on the new one must stand.
        try eventually("orientd ignored the old service's late reply; its log:\n\(orientd.log)") {
            orientdLogLines(containing: "ignored the late reply to ClaimAccelerometer").count == 1
        }
        try tiltMock("bottom-up")
        try waitFor("InterfaceOrientation", of: scene, "portrait-upside-down")
        XCTAssertTrue(try orientdHoldsClaim())
        XCTAssertEqual(mockCalls("ClaimAccelerometer", in: new), 1, new.log)
    }

    /// `--natural-orientation landscape`: a quarter turn before the table (most x86 convertibles).
    func testLandscapeNaturalOrientation() throws {
        try startMock("normal")
        try startOrientd(["--sensor", "auto", "--natural-orientation", "landscape"])
        let scene = try registerScene()
        let table: [(reading: String, device: String, interface: String)] = [
            ("normal", "landscape-left", "landscape-right"),
            ("left-up", "portrait", "portrait"),
            ("bottom-up", "landscape-right", "landscape-left"),
            ("right-up", "portrait-upside-down", "portrait-upside-down"),
            ("undefined", "unknown", "portrait-upside-down"),
        ]
        for row in table {
            try tiltMock(row.reading)
            try waitFor("DeviceOrientation", row.device)
            try waitFor("InterfaceOrientation", of: scene, row.interface)
        }
    }
}
