import Foundation
import GLibBridge
import TestSupport

/// The sensor fixtures of `Tests/Fixtures/sensor`.
enum Fixtures {
    static let sensorDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/sensor").path
    static let floodDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/flood").path
    static let outputDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/output").path
}

/// python-dbusmock's iio-sensors-proxy template on a private bus that orientd takes for its
/// system bus (`Tests/Fixtures/sensor/mock-sensor.sh`).
final class MockSensor {
    static let name = "net.hadess.SensorProxy"
    static let path = "/net/hadess/SensorProxy"

    let systemBus: PrivateBus
    let process: ChildProcess
    let connection: BusConnection
    private let workDirectory: String

    init(orientation: String = "normal") throws {
        systemBus = try PrivateBus()
        workDirectory = try OrientdInstance.temporaryDirectory()
        process = try ChildProcess([Fixtures.sensorDirectory + "/mock-sensor.sh", workDirectory, systemBus.address, orientation])
        connection = try systemBus.connect()
        try eventually("the mock sensor owns \(Self.name); its log:\n\(process.standardError)", timeout: .seconds(15)) {
            if let status = process.exitStatus { throw TestSupportError("mock-sensor.sh ended (\(status)): \(process.standardError)") }
            return try connection.nameOwner(Self.name) != nil
        }
    }

    deinit { stop() }

    /// The unique names holding an accelerometer claim.
    func owners() throws -> [String] {
        let reply = try connection.call(destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Mock",
                                        method: "GetInternalProperty", parameters: Variant(tuple: [.s("AccelerometerOwners")]))
        let value = reply.child(at: 0)
        return (value.unboxed ?? value).stringArray ?? []
    }

    func stop() {
        connection.close()
        process.stop()
        systemBus.stop()
        try? FileManager.default.removeItem(atPath: workDirectory)
    }
}

/// A client in another process (Debian's python3-dbus) that registers scenes and then sleeps
/// until it is killed. Its first line of output is its unique name, the second its scene paths.
enum PythonClient {
    static let script = """
        import signal, sys, dbus
        bus = dbus.bus.BusConnection(sys.argv[1])
        manager = dbus.Interface(bus.get_object('io.github.orientd.OrientationManager1',
            '/io/github/orientd/OrientationManager1'), 'io.github.orientd.OrientationManager1')
        paths = [str(manager.RegisterScene({'app-id': sys.argv[3]}, signature='a{sv}')) for _ in range(int(sys.argv[2]))]
        print(bus.get_unique_name(), flush=True)
        print(' '.join(paths), flush=True)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        while True:
            signal.pause()
        """

    /// Starts it and waits until its scenes are registered.
    static func start(address: String, scenes: Int, appId: String) throws -> (process: ChildProcess, name: String, paths: [String]) {
        let process = try ChildProcess(["/usr/bin/python3", "-c", script, address, String(scenes), appId])
        try eventually("the python client registered \(scenes) scenes; its stderr:\n\(process.standardError)", timeout: .seconds(20)) {
            if let status = process.exitStatus { throw TestSupportError("the python client ended (\(status)): \(process.standardError)") }
            return process.standardOutput.split(separator: "\n").count >= 2
        }
        let lines = process.standardOutput.split(separator: "\n").map(String.init)
        return (process, lines[0], lines[1].split(separator: " ").map(String.init))
    }
}
