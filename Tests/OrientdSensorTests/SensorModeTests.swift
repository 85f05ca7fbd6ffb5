import Foundation
import GLibBridge
import TestSupport
import XCTest

/// `--sensor none|auto|iio` and the system bus being absent, or going and coming back.
final class SensorModeTests: SensorTestCase {
    /// `--sensor none` never connects to the system bus, even with a sensor on it, and runs
    /// on manual input.
    func testNoneNeverTouchesTheSystemBus() throws {
        try startMock("left-up")
        try startOrientd(["--sensor", "none"])
        let scene = try registerScene()
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try waitFor("InterfaceOrientation", of: scene, "landscape-right")
        // auto would have connected in start(), before owning the session name.
        XCTAssertEqual(try orientdConnectionsOnSystemBus(), [])
        XCTAssertEqual(try claimants(), [])
        try assertState(device: "landscape-left", scene: scene, sceneOrientation: "landscape-right", available: false,
                        source: "manual")
        XCTAssertEqual(orientdLogLines(containing: "--sensor none").count, 1, orientd.log)
        XCTAssertTrue(orientdLogLines(containing: "sensor-proxy").isEmpty, orientd.log)
    }

    /// `--sensor auto` with no system bus at all: manual input, said once in the log however
    /// many scenes come and go.
    func testAutoWithoutSystemBusRunsOnManualInputAndSaysSoOnce() throws {
        let nowhere = try temporaryDirectory() + "/no-system-bus"
        try startOrientd(["--sensor", "auto"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + nowhere])
        for orientation in ["landscape-left", "portrait", "landscape-right"] {
            let scene = try registerScene()
            try callManager("SetDeviceOrientation", [.s(orientation)])
            try waitFor("DeviceOrientation", orientation)
            try unregister(scene)
        }
        let scene = try registerScene()
        try callManager("SetDeviceOrientation", [.s("portrait-upside-down")])
        try waitFor("InterfaceOrientation", of: scene, "portrait-upside-down")
        try assertState(device: "portrait-upside-down", scene: scene, sceneOrientation: "portrait-upside-down",
                        available: false, source: "manual")
        XCTAssertEqual(orientdLogLines(containing: "no system bus").count, 1, orientd.log)
        XCTAssertEqual(orientdLogLines(containing: "manual input").count, 1, orientd.log)
        XCTAssertTrue(orientd.process.isRunning)
    }

    /// `--sensor iio` with no system bus yet: serves manual input and waits; when the bus and
    /// the sensor appear it follows the sensor. When the system bus goes away it keeps the
    /// scenes' orientation, and when a bus comes back at the same address it claims again.
    func testIioWaitsForTheSystemBusAndReconnects() throws {
        let folder = try temporaryDirectory()
        let socket = folder + "/system_bus_socket"
        let config = folder + "/system-bus.conf"
        try PrivateBus.configuration([], listen: "unix:path=" + socket).write(toFile: config, atomically: true, encoding: .utf8)

        try startOrientd(["--sensor", "iio"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + socket])
        try eventually("orientd says it waits") { !orientdLogLines(containing: "waiting for the system bus").isEmpty }
        let scene = try registerScene()
        try callManager("SetDeviceOrientation", [.s("landscape-left")])
        try waitFor("InterfaceOrientation", of: scene, "landscape-right")
        try assertState(device: "landscape-left", scene: scene, sceneOrientation: "landscape-right", available: false,
                        source: "manual")

        // The bus appears (orientd retries after 1 s, then 2 s, ...), then the sensor.
        var bus = try PrivateBus(configFile: config)
        var control = try bus.connect()
        let firstMock = try startMock("normal", address: bus.address)
        try waitFor("SensorAvailable", "true", timeout: .seconds(10))
        try waitFor("InterfaceOrientation", of: scene, "portrait")
        try eventually("claimed on the new bus") { try orientdHoldsClaim(on: control) }
        XCTAssertEqual(try property("SensorSource").string, "iio-sensor-proxy")
        XCTAssertEqual(orientdLogLines(containing: "waiting for the system bus").count, 1, orientd.log)

        // The bus goes (the mock ends with it): the scene keeps its orientation.
        control.close()
        bus.stop()
        XCTAssertEqual(try firstMock.process.wait(timeout: .seconds(30)), .exited(0))
        try waitFor("SensorAvailable", "false")
        try assertState(device: "portrait", scene: scene, sceneOrientation: "portrait", available: false, source: "manual")
        try eventually("orientd noticed") { !orientdLogLines(containing: "system bus connection closed").isEmpty }

        // A bus comes back at the same address, with a sensor held left-up.
        bus = try PrivateBus(configFile: config)
        control = try bus.connect()
        defer { control.close(); bus.stop() }
        try startMock("left-up", address: bus.address)
        try waitFor("InterfaceOrientation", of: scene, "landscape-left", timeout: .seconds(10))
        try eventually("claimed on the bus that came back") { try orientdHoldsClaim(on: control) }
        try assertState(device: "landscape-right", scene: scene, sceneOrientation: "landscape-left", available: true,
                        source: "iio-sensor-proxy")
        XCTAssertTrue(orientd.process.isRunning)
    }
}
