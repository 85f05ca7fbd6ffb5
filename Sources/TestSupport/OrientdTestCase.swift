import Foundation
import GLibBridge
import XCTest

/// A test with the built orientd on a private session bus, and, when a test asks for it, a
/// private bus orientd reaches as its system bus with a mock or real sensor on it.
///
/// setUp starts orientd with `orientdArguments` and connects `client` (unless
/// `startsOrientdInSetUp` is false: a test then starts what it needs). Everything a test
/// starts through here (orientd instances, buses, child processes, sensors, connections,
/// temporary folders) is stopped or removed after it, and when it fails every log is printed.
/// Each test target subclasses it and adds only what is its own.
open class OrientdTestCase: XCTestCase {
    /// The orientd setUp or `startOrientd` started.
    public var orientd: OrientdInstance!
    /// An in-process client on `orientd`'s bus, with a loop thread of its own.
    public var client: LoopConnection!
    /// The bus orientd reaches as its system bus, once `startSystemBus()` made it.
    public var systemBus: PrivateBus!
    /// A plain connection to `systemBus` (mock control, name and pid queries).
    public var systemClient: BusConnection!
    /// The sensor services the test started, oldest first.
    public var sensors: [SensorService] = []

    private var launched: [OrientdInstance] = []
    private var connections: [LoopConnection] = []
    private var buses: [PrivateBus] = []
    private var processes: [ChildProcess] = []
    private var logs: [(name: String, read: () -> String)] = []
    private var directories: [String] = []

    /// Whether setUp starts orientd (with `orientdArguments`) and connects `client`.
    open var startsOrientdInSetUp: Bool { true }
    /// The arguments of the orientd setUp or `startOrientd()` starts.
    open var orientdArguments: [String] { ["--sensor", "none"] }
    /// The settle time setUp sets through the bus (0: settled device orientations apply at
    /// once), nil to keep orientd's default.
    open var setUpSettleTime: UInt32? { 0 }

    open override func setUpWithError() throws {
        try super.setUpWithError()
        addTeardownBlock { [unowned self] in self.cleanUp() }
        guard startsOrientdInSetUp else { return }
        try startOrientd(orientdArguments, settleTime: setUpSettleTime)
    }

    private func cleanUp() {
        if (testRun?.totalFailureCount ?? 0) > 0 {
            for (index, instance) in launched.enumerated() {
                // Whether it still ran says whether a call's NoReply was orientd ending.
                let state = instance.process.exitStatus.map { "ended: \($0)" } ?? "still running"
                print("---- orientd #\(index + 1) log (\(name); \(state)) ----\n\(instance.log)---- end of log ----")
            }
            for log in logs { print("---- \(log.name) log (\(name)) ----\n\(log.read())---- end of log ----") }
            for sensor in sensors {
                print("---- \(sensor.kind) sensor log ----\n\(sensor.log)\(sensor.process.standardError)---- end of log ----")
            }
        }
        for connection in connections { connection.close() }
        for instance in launched where instance.process.isRunning { instance.stop() }
        for process in processes where process.isRunning { process.stop() }
        for sensor in sensors where sensor.process.isRunning { sensor.stop() }
        systemClient?.close()
        systemBus?.stop()
        for bus in buses { bus.stop() }
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
        (connections, launched, processes, sensors, buses, logs, directories) = ([], [], [], [], [], [], [])
        (client, orientd, systemClient, systemBus) = (nil, nil, nil, nil)
    }

    // MARK: orientd

    /// Starts an orientd whose log is printed if the test fails (it reaches `systemBus` as its
    /// system bus if the test started one; `environment` overrides).
    @discardableResult
    public func launch(arguments: [String] = ["--sensor", "none"], environment: [String: String] = [:],
                       bus: PrivateBus? = nil, stateHome: String? = nil, timeout: Duration = .seconds(10)) throws -> OrientdInstance {
        let merged = (systemBus?.systemEnvironment ?? [:]).merging(environment) { _, new in new }
        let instance = try OrientdInstance(arguments: arguments, environment: merged, bus: bus, stateHome: stateHome,
                                           timeout: timeout)
        launched.append(instance)
        return instance
    }

    /// Starts orientd (with `orientdArguments` unless given) as the test's `orientd`, connects
    /// `client` to it and sets the settle time (unless nil).
    @discardableResult
    public func startOrientd(_ arguments: [String]? = nil, environment: [String: String] = [:],
                             settleTime: UInt32? = 0) throws -> OrientdInstance {
        let instance = try launch(arguments: arguments ?? orientdArguments, environment: environment)
        orientd = instance
        client = try connect(to: instance)
        if let settleTime { try callManager("SetSettleTime", [.u(settleTime)]) }
        return instance
    }

    /// A new in-process client on `instance`'s bus (default: `orientd`), closed after the test.
    public func connect(to instance: OrientdInstance? = nil, name: String = "test-client") throws -> LoopConnection {
        try connect(toBus: (instance ?? orientd).bus, name: name)
    }

    /// A new in-process client on `bus`, closed after the test.
    public func connect(toBus bus: PrivateBus, name: String = "test-client") throws -> LoopConnection {
        let connection = try bus.connectWithLoop(name: name)
        connections.append(connection)
        return connection
    }

    /// orientd's unique name on its bus.
    public func serviceUniqueName(_ instance: OrientdInstance? = nil) throws -> String {
        let connection = try (instance ?? orientd).bus.connect()
        defer { connection.close() }
        return try XCTUnwrap(try connection.nameOwner(Contract.busName))
    }

    // MARK: other processes

    /// A new private bus, stopped after the test.
    public func makeBus() throws -> PrivateBus {
        let bus = try PrivateBus()
        buses.append(bus)
        return bus
    }

    /// Starts a child process whose output is printed (as `name`) if the test fails, stopped
    /// after the test.
    open func start(_ name: String, _ argv: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        let process = try ChildProcess(argv, environment: environment)
        processes.append(process)
        addLog(name) { process.standardError + process.standardOutput }
        return process
    }

    /// A log printed (as `name`) if the test fails.
    public func addLog(_ name: String, _ read: @escaping () -> String) { logs.append((name, read)) }

    /// A fresh temporary folder, removed after the test.
    public func temporaryDirectory() throws -> String {
        let directory = try OrientdInstance.temporaryDirectory()
        directories.append(directory)
        return directory
    }

    /// A fresh set of XDG folders (pass its `root` as `stateHome`), removed after the test once
    /// every process is stopped.
    public func makeXDGFolders() throws -> XDGFolders { try XDGFolders.make(in: temporaryDirectory()) }

    // MARK: the system bus and the sensor

    /// Starts the private bus orientd reaches as its system bus (every orientd launched after
    /// this gets it as `DBUS_SYSTEM_BUS_ADDRESS`).
    public func startSystemBus() throws {
        systemBus = try PrivateBus()
        systemClient = try systemBus.connect()
    }

    /// Starts python-dbusmock's iio-sensors-proxy template on the system bus (or at
    /// `address`) with an initial orientation.
    @discardableResult
    public func startMock(_ orientation: String = "normal", address: String? = nil,
                          replacing previous: SensorService? = nil) throws -> SensorService {
        let sensor = try SensorService(.mock, address: address ?? systemBus.address, orientation: orientation,
                                       workDirectory: temporaryDirectory(), replacing: previous)
        sensors.append(sensor)
        return sensor
    }

    /// The mock sensor's `AccelerometerOwners` (on `systemClient` unless `bus` is given): the
    /// unique names holding an accelerometer claim.
    public func claimants(on bus: BusConnection? = nil) throws -> [String] {
        let reply = try (bus ?? systemClient).call(
            destination: Sensor.name, path: Sensor.path, interface: Sensor.mockInterface,
            method: "GetInternalProperty", parameters: Variant(tuple: [.s("AccelerometerOwners")]),
            timeoutMilliseconds: 5_000)
        let value = reply.child(at: 0)
        return try XCTUnwrap(value.unboxed?.stringArray ?? value.stringArray, "AccelerometerOwners: \(reply)")
    }

    /// Sets one of the mock's properties (`SetInternalProperty`), as the sensor would change it.
    public func setMock(_ property: String, _ value: Variant, on bus: BusConnection? = nil) throws {
        try (bus ?? systemClient).call(
            destination: Sensor.name, path: Sensor.path, interface: Sensor.mockInterface,
            method: "SetInternalProperty", parameters: Variant(tuple: [.s(Sensor.interface), .s(property), Variant(boxing: value)]),
            timeoutMilliseconds: 5_000)
    }

    /// Sets the mock's `AccelerometerOrientation`.
    public func tiltMock(_ orientation: String, on bus: BusConnection? = nil) throws {
        try setMock("AccelerometerOrientation", .s(orientation), on: bus)
    }

    /// Starts the real iio-sensor-proxy under umockdev on the system bus.
    public func startRealSensor() throws -> SensorService {
        let sensor = try SensorService(.real, address: systemBus.address, workDirectory: temporaryDirectory())
        sensors.append(sensor)
        return sensor
    }
}
