import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The names the tests check, spelled out here rather than imported from the service.
enum Contract {
    static let busName = ContractNames.busName
    static let managerPath = ContractNames.managerPath
    static let managerInterface = ContractNames.managerInterface
    static let sceneInterface = ContractNames.sceneInterface
    static let properties = ContractNames.properties
}

/// iio-sensor-proxy's names.
enum Sensor {
    static let name = "net.hadess.SensorProxy"
    static let path = "/net/hadess/SensorProxy"
    static let interface = "net.hadess.SensorProxy"
    static let mockInterface = "org.freedesktop.DBus.Mock"
}

/// `Tests/Fixtures/sensor`: the fixture scripts and the umockdev device description.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/sensor").path

/// A service holding `net.hadess.SensorProxy` on a bus: the dbusmock template
/// (`mock-sensor.sh`) or the real daemon under umockdev (`real-sensor.sh`). Both scripts run
/// their Python with `/usr/bin/python3` (the one with dbusmock and gi), whatever `PATH` says.
final class SensorService {
    enum Kind { case mock, real }

    let kind: Kind
    /// The script's working folder (dbusmock.log, iio-sensor-proxy.log, sysfs-path).
    let workDirectory: String
    let process: ChildProcess
    /// Its unique name on the bus once it owns `net.hadess.SensorProxy`.
    let uniqueName: String

    /// Starts it on the bus at `address` and waits until it owns the name.
    /// With `replacing`, waits until the name has left that one.
    init(_ kind: Kind, address: String, orientation: String = "normal", workDirectory: String,
         replacing previous: SensorService? = nil) throws {
        self.kind = kind
        self.workDirectory = workDirectory
        switch kind {
        case .mock:
            process = try ChildProcess([fixturesDirectory + "/mock-sensor.sh", workDirectory, address, orientation])
        case .real:
            process = try ChildProcess([fixturesDirectory + "/real-sensor.sh", workDirectory, address])
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
    func stop() -> ExitStatus { process.stop() }

    /// The service's own log, for failure reports.
    var log: String {
        let file = kind == .mock ? "dbusmock.log" : "iio-sensor-proxy.log"
        return (try? String(contentsOfFile: workDirectory + "/" + file, encoding: .utf8)) ?? ""
    }
}

/// A test with a private session bus for orientd and a private bus that orientd uses as its
/// system bus, with helpers to drive orientd and the sensor. Every process a test starts is
/// stopped in teardown; logs are printed when a test fails.
class SensorTestCase: XCTestCase {
    /// The bus orientd reaches as its system bus.
    var systemBus: PrivateBus!
    /// A plain connection to the system bus (mock control, name and pid queries).
    var systemClient: BusConnection!
    var orientd: OrientdInstance!
    /// An in-process client on orientd's session bus.
    var client: LoopConnection!
    var sensors: [SensorService] = []
    private var instances: [OrientdInstance] = []
    private var connections: [LoopConnection] = []
    private var directories: [String] = []

    override func setUpWithError() throws {
        addTeardownBlock { [unowned self] in self.cleanUp() }
        systemBus = try PrivateBus()
        systemClient = try systemBus.connect()
    }

    private func cleanUp() {
        if (testRun?.totalFailureCount ?? 0) > 0 {
            for (index, instance) in instances.enumerated() {
                print("---- orientd #\(index + 1) log (\(name)) ----\n\(instance.log)---- end ----")
            }
            for sensor in sensors {
                print("---- \(sensor.kind) sensor log ----\n\(sensor.log)\(sensor.process.standardError)---- end ----")
            }
        }
        for connection in connections { connection.close() }
        for instance in instances where instance.process.isRunning { instance.stop() }
        for sensor in sensors where sensor.process.isRunning { sensor.stop() }
        systemClient?.close()
        systemBus?.stop()
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
        connections = []
        instances = []
        sensors = []
        client = nil
        orientd = nil
        systemClient = nil
        systemBus = nil
    }

    /// A fresh temporary folder, removed after the test.
    func temporaryDirectory() throws -> String {
        let directory = try OrientdInstance.temporaryDirectory()
        directories.append(directory)
        return directory
    }

    // MARK: processes

    /// Starts orientd with `arguments` reaching `systemBus` as its system bus (unless
    /// `environment` says otherwise), connects `client` and sets the settle time.
    @discardableResult
    func launch(_ arguments: [String] = ["--sensor", "auto"], environment: [String: String]? = nil,
                settleTime: UInt32? = 0) throws -> OrientdInstance {
        let instance = try OrientdInstance(arguments: arguments, environment: environment ?? systemBus.systemEnvironment)
        instances.append(instance)
        orientd = instance
        let connection = try instance.bus.connectWithLoop(name: "test-client")
        connections.append(connection)
        client = connection
        if let settleTime { try callManager("SetSettleTime", [.u(settleTime)]) }
        return instance
    }

    /// Starts the dbusmock template on the system bus with an initial orientation.
    @discardableResult
    func startMock(_ orientation: String = "normal", address: String? = nil,
                   replacing previous: SensorService? = nil) throws -> SensorService {
        let sensor = try SensorService(.mock, address: address ?? systemBus.address, orientation: orientation,
                                       workDirectory: temporaryDirectory(), replacing: previous)
        sensors.append(sensor)
        return sensor
    }

    /// Starts the real iio-sensor-proxy under umockdev on the system bus.
    func startRealSensor() throws -> SensorService {
        let sensor = try SensorService(.real, address: systemBus.address, workDirectory: temporaryDirectory())
        sensors.append(sensor)
        return sensor
    }

    /// A new connection on orientd's session bus, closed after the test.
    func connectToOrientd() throws -> LoopConnection {
        let connection = try orientd.bus.connectWithLoop(name: "extra-client")
        connections.append(connection)
        return connection
    }

    // MARK: orientd

    @discardableResult
    func callManager(_ method: String, _ arguments: [Variant] = [], on connection: LoopConnection? = nil) throws -> Variant {
        try (connection ?? client).connection.call(
            destination: Contract.busName, path: Contract.managerPath, interface: Contract.managerInterface,
            method: method, parameters: Variant(tuple: arguments), timeoutMilliseconds: 5_000)
    }

    /// A scene that allows every orientation (pad idiom, every orientation whitelisted), on
    /// `display` (default the built-in one); returns its path.
    func registerScene(display: String = "builtin", on connection: LoopConnection? = nil) throws -> String {
        let options: [String: Variant] = [
            "app-id": .s("com.example.sensor"), "idiom": .s("pad"), "display": .s(display),
            "supported-orientations": Variant(strings: ["all"]),
        ]
        let reply = try callManager("RegisterScene", [Variant(vardict: options)], on: connection)
        return try XCTUnwrap(reply.child(at: 0).string)
    }

    func unregister(_ scene: String, on connection: LoopConnection? = nil) throws {
        try callManager("UnregisterScene", [Variant(objectPath: scene)], on: connection)
    }

    /// A property of orientd's manager (or of a scene, given its path), unboxed.
    func property(_ name: String, of path: String = Contract.managerPath) throws -> Variant {
        let interface = path == Contract.managerPath ? Contract.managerInterface : Contract.sceneInterface
        let reply = try client.connection.call(
            destination: Contract.busName, path: path, interface: Contract.properties, method: "Get",
            parameters: Variant(tuple: [.s(interface), .s(name)]), replyType: "(v)", timeoutMilliseconds: 5_000)
        return try XCTUnwrap(reply.child(at: 0).unboxed)
    }

    /// Waits until the manager's (or a scene's) property `name` shows `value` (a string or a Bool).
    func waitFor(_ name: String, of path: String = Contract.managerPath, _ value: String,
                 timeout: Duration = .seconds(20), file: StaticString = #filePath, line: UInt = #line) throws {
        var last = "?"
        do {
            try eventually("\(name) = \(value)", timeout: timeout, file: file, line: line) {
                let current = try property(name, of: path)
                last = current.string ?? current.bool.map { "\($0)" } ?? current.description
                return last == value
            }
        } catch {
            throw TestSupportError("\(error) (last seen: \(last))")
        }
    }

    /// Device orientation, SensorAvailable and SensorSource of the manager, and the scene's orientation.
    func assertState(device: String, scene: String?, sceneOrientation: String?, available: Bool, source: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try property("DeviceOrientation").string, device, "DeviceOrientation", file: file, line: line)
        XCTAssertEqual(try property("SensorAvailable").bool, available, "SensorAvailable", file: file, line: line)
        XCTAssertEqual(try property("SensorSource").string, source, "SensorSource", file: file, line: line)
        if let scene {
            XCTAssertEqual(try property("InterfaceOrientation", of: scene).string, sceneOrientation,
                           "InterfaceOrientation", file: file, line: line)
        }
    }

    // MARK: the system bus

    /// The process id of a connection on the system bus.
    func systemBusPid(of uniqueName: String) throws -> UInt32 {
        let reply = try systemClient.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetConnectionUnixProcessID", parameters: Variant(tuple: [.s(uniqueName)]), replyType: "(u)")
        return try XCTUnwrap(reply.child(at: 0).uint32)
    }

    /// The unique names on the system bus that belong to orientd's process.
    func orientdConnectionsOnSystemBus() throws -> [String] {
        let reply = try systemClient.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "ListNames", replyType: "(as)")
        let names = try XCTUnwrap(reply.child(at: 0).stringArray).filter { $0.hasPrefix(":") }
        return try names.filter { try systemBusPid(of: $0) == UInt32(orientd.process.pid) }
    }

    /// The mock's `AccelerometerOwners`: the unique names holding a claim.
    func claimants(on bus: BusConnection? = nil) throws -> [String] {
        let reply = try (bus ?? systemClient).call(
            destination: Sensor.name, path: Sensor.path, interface: Sensor.mockInterface,
            method: "GetInternalProperty", parameters: Variant(tuple: [.s("AccelerometerOwners")]),
            timeoutMilliseconds: 5_000)
        let value = reply.child(at: 0)
        return try XCTUnwrap(value.unboxed?.stringArray ?? value.stringArray, "AccelerometerOwners: \(reply)")
    }

    /// Whether orientd holds the mock's claim (and nobody else does).
    func orientdHoldsClaim(on bus: BusConnection? = nil) throws -> Bool {
        let owners = try claimants(on: bus)
        guard owners.count == 1 else { return false }
        let pid = try (bus.map { connection in
            try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "GetConnectionUnixProcessID", parameters: Variant(tuple: [.s(owners[0])]), replyType: "(u)"
            ).child(at: 0).uint32
        } ?? systemBusPid(of: owners[0]))
        return pid == UInt32(orientd.process.pid)
    }

    /// Sets one of the mock's properties (`SetInternalProperty`), as the sensor would change it.
    func setMock(_ property: String, _ value: Variant, on bus: BusConnection? = nil) throws {
        try (bus ?? systemClient).call(
            destination: Sensor.name, path: Sensor.path, interface: Sensor.mockInterface,
            method: "SetInternalProperty", parameters: Variant(tuple: [.s(Sensor.interface), .s(property), Variant(boxing: value)]),
            timeoutMilliseconds: 5_000)
    }

    /// Sets the mock's `AccelerometerOrientation`.
    func tiltMock(_ orientation: String, on bus: BusConnection? = nil) throws {
        try setMock("AccelerometerOrientation", .s(orientation), on: bus)
    }

    /// How many times the mock was called with `method` (its `-l` call log).
    func mockCalls(_ method: String, in sensor: SensorService) -> Int {
        sensor.log.split(separator: "\n").filter { $0.contains(" \(method)") }.count
    }

    /// The lines of orientd's log that contain `text`.
    func logLines(containing text: String) -> [Substring] {
        orientd.log.split(separator: "\n").filter { $0.contains(text) }
    }
}
