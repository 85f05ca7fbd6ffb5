import Foundation
import GLibBridge

/// iio-sensor-proxy's names.
public enum Sensor {
    public static let name = "net.hadess.SensorProxy"
    public static let path = "/net/hadess/SensorProxy"
    public static let interface = "net.hadess.SensorProxy"
    public static let mockInterface = "org.freedesktop.DBus.Mock"
}

/// `Tests/Fixtures/sensor`: the fixture scripts and the umockdev device description.
public let sensorFixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/sensor").path

/// A service holding `net.hadess.SensorProxy` on a bus: the dbusmock template
/// (`mock-sensor.sh`) or the real daemon under umockdev (`real-sensor.sh`). Both scripts run
/// their Python with `/usr/bin/python3` (the one with dbusmock and gi), whatever `PATH` says.
public final class SensorService {
    public enum Kind { case mock, real }

    public let kind: Kind
    /// The script's working folder (dbusmock.log, iio-sensor-proxy.log, sysfs-path).
    public let workDirectory: String
    public let process: ChildProcess
    /// Its unique name on the bus once it owns `net.hadess.SensorProxy`.
    public let uniqueName: String

    /// Starts it on the bus at `address` and waits until it owns the name.
    /// With `replacing`, waits until the name has left that one.
    public init(_ kind: Kind, address: String, orientation: String = "normal", workDirectory: String,
         replacing previous: SensorService? = nil) throws {
        self.kind = kind
        self.workDirectory = workDirectory
        switch kind {
        case .mock:
            process = try ChildProcess([sensorFixturesDirectory + "/mock-sensor.sh", workDirectory, address, orientation])
        case .real:
            process = try ChildProcess([sensorFixturesDirectory + "/real-sensor.sh", workDirectory, address])
        }
        let connection = try BusConnection(address: address)
        defer { connection.close() }
        var owner: String?
        let process = self.process
        try eventually("\(Sensor.name) on the bus", timeout: .seconds(10)) {
            if let status = process.exitStatus {
                throw TestSupportError("the sensor script ended (\(status)): \(process.standardError)")
            }
            owner = try connection.nameOwner(Sensor.name)
            return owner != nil && owner != previous?.uniqueName
        }
        uniqueName = owner!
    }

    /// SIGTERM; returns how it ended (both scripts exit 0).
    @discardableResult
    public func stop() -> ExitStatus { process.stop() }

    /// The service's own log, for failure reports.
    public var log: String {
        let file = kind == .mock ? "dbusmock.log" : "iio-sensor-proxy.log"
        return (try? String(contentsOfFile: workDirectory + "/" + file, encoding: .utf8)) ?? ""
    }
}
