import GLibBridge
import ProcessSupport

/// python-dbusmock's iio-sensors-proxy template (`Tests/Fixtures/sensor/mock-sensor.sh`) on a
/// private bus of its own, which orientd takes for the system bus; starts at "normal".
final class MockSensor {
    let bus: PrivateBus
    private let process: ChildProcess
    private let connection: BusConnection

    init(sourceTree tree: String, workDirectory: String) throws {
        bus = try PrivateBus()
        process = try ChildProcess([tree + "/Tests/Fixtures/sensor/mock-sensor.sh", workDirectory, bus.address, "normal"])
        connection = try bus.connect()
        let process = self.process, connection = self.connection
        try eventually("net.hadess.SensorProxy on the system bus", timeout: .seconds(30)) {
            if let status = process.exitStatus { throw BenchError("mock-sensor.sh exited (\(status)): \(process.standardError)") }
            return try connection.nameOwner("net.hadess.SensorProxy") != nil
        }
    }

    /// orientd's environment on this sensor: the mock's bus as the system bus.
    var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": bus.address] }

    /// Sets the accelerometer's reading (normal, left-up, ...), as the sensor would change it.
    func tilt(_ reading: String) throws {
        try connection.call(destination: "net.hadess.SensorProxy", path: "/net/hadess/SensorProxy",
                            interface: "org.freedesktop.DBus.Mock", method: "SetInternalProperty",
                            parameters: Variant(tuple: [Variant(string: "net.hadess.SensorProxy"),
                                                        Variant(string: "AccelerometerOrientation"),
                                                        Variant(boxing: Variant(string: reading))]))
    }

    func stop() {
        connection.close()
        _ = process.stop()
        bus.stop()
    }
}
