import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The contract's names, spelled out here rather than imported from the service, so that a
/// renamed constant in the service cannot silently rename what the tests check.
enum Contract {
    static let busName = ContractNames.busName
    static let managerPath = ContractNames.managerPath
    static let managerInterface = ContractNames.managerInterface
    static let sceneInterface = ContractNames.sceneInterface
    static let scenePathPrefix = ContractNames.scenePathPrefix
    static func sceneNamespace(of uniqueName: String) -> String { ContractNames.sceneNamespace(of: uniqueName) }
    static func scenePath(_ n: UInt64, registeredBy uniqueName: String) -> String {
        ContractNames.scenePath(n, registeredBy: uniqueName)
    }
    static let objectManager = ContractNames.objectManager
    static let properties = ContractNames.properties
    static let errorPrefix = ContractNames.errorPrefix
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"

    static let sceneProperties = [
        "AppId", "Owner", "Detached", "Observed", "Idiom", "Display", "InterfaceOrientation", "SupportedOrientations",
        "SupportedOrientationsMask", "DecidingController", "Width", "Height", "SplitView", "ActivationState",
        "StatusBarHidden",
    ]
    static let interfaceOrientations = ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"]
}

/// A test with a built orientd on a private bus (started in setUp unless `startsOrientdInSetUp`
/// is false), an in-process GLibBridge client with a loop thread, and helpers for busctl,
/// gdbus, dbus-send and python3-dbus. When a test fails, the log of every orientd it started
/// is printed.
class OrientdTestCase: XCTestCase {
    /// The instance setUp started.
    var orientd: OrientdInstance!
    /// An in-process client on orientd's bus.
    var client: LoopConnection!
    private var launched: [OrientdInstance] = []
    private var connections: [LoopConnection] = []

    /// Whether setUp starts orientd (with `setUpArguments`).
    var startsOrientdInSetUp: Bool { true }
    /// orientd's arguments in setUp.
    var setUpArguments: [String] { ["--sensor", "none"] }
    /// The settle time setUp sets through the bus, nil to keep orientd's (default 250 ms).
    var setUpSettleTime: UInt32? { 0 }

    override func setUpWithError() throws {
        addTeardownBlock { [unowned self] in
            if (self.testRun?.totalFailureCount ?? 0) > 0 {
                for (index, instance) in self.launched.enumerated() {
                    print("---- orientd #\(index + 1) log (\(self.name)) ----\n\(instance.log)---- end of log ----")
                }
            }
            for connection in self.connections { connection.close() }
            for instance in self.launched where instance.process.isRunning { instance.stop() }
            self.connections = []
            self.launched = []
            self.client = nil
            self.orientd = nil
        }
        guard startsOrientdInSetUp else { return }
        orientd = try launch(arguments: setUpArguments)
        client = try connect()
        if let settle = setUpSettleTime {
            try callManager("SetSettleTime", [.u(settle)])
        }
    }

    /// Starts an orientd whose log is printed if the test fails.
    @discardableResult
    func launch(arguments: [String] = ["--sensor", "none"], environment: [String: String] = [:],
                bus: PrivateBus? = nil, stateHome: String? = nil) throws -> OrientdInstance {
        let instance = try OrientdInstance(arguments: arguments, environment: environment, bus: bus, stateHome: stateHome)
        launched.append(instance)
        return instance
    }

    /// A new in-process client on `instance`'s bus (default: `orientd`), closed after the test.
    func connect(to instance: OrientdInstance? = nil) throws -> LoopConnection {
        let connection = try (instance ?? orientd).bus.connectWithLoop(name: "test-client")
        connections.append(connection)
        return connection
    }

    /// orientd's unique name on its bus.
    func serviceUniqueName(_ instance: OrientdInstance? = nil) throws -> String {
        let connection = try (instance ?? orientd).bus.connect()
        defer { connection.close() }
        return try XCTUnwrap(try connection.nameOwner(Contract.busName))
    }

    // MARK: calls

    @discardableResult
    func callManager(_ method: String, _ arguments: [Variant] = [], on connection: LoopConnection? = nil,
                     interface: String = Contract.managerInterface) throws -> Variant {
        try (connection ?? client).connection.call(
            destination: Contract.busName, path: Contract.managerPath, interface: interface, method: method,
            parameters: Variant(tuple: arguments), timeoutMilliseconds: 5_000)
    }

    @discardableResult
    func callScene(_ path: String, _ method: String, _ arguments: [Variant] = [],
                   on connection: LoopConnection? = nil) throws -> Variant {
        try (connection ?? client).connection.call(
            destination: Contract.busName, path: path, interface: Contract.sceneInterface, method: method,
            parameters: Variant(tuple: arguments), timeoutMilliseconds: 5_000)
    }

    /// RegisterScene with `options`; returns the scene's path.
    func register(_ options: [String: Variant], on connection: LoopConnection? = nil) throws -> String {
        let reply = try callManager("RegisterScene", [.vardict(options)], on: connection)
        XCTAssertEqual(reply.typeString, "(o)")
        return try XCTUnwrap(reply.child(at: 0).string)
    }

    /// A phone scene that allows portrait and both landscapes (the default whitelist is portrait only).
    func registerRotatingPhone(_ appId: String = "com.example.app", extra: [String: Variant] = [:],
                               on connection: LoopConnection? = nil) throws -> String {
        var options: [String: Variant] = ["app-id": .s(appId), "supported-orientations": .strings(["all-but-upside-down"])]
        options.merge(extra) { _, new in new }
        return try register(options, on: connection)
    }

    /// A property value (unboxed), read through org.freedesktop.DBus.Properties.Get.
    func property(_ name: String, of path: String = Contract.managerPath, interface: String? = nil) throws -> Variant {
        let interface = interface ?? (path == Contract.managerPath ? Contract.managerInterface : Contract.sceneInterface)
        let reply = try client.connection.call(
            destination: Contract.busName, path: path, interface: Contract.properties, method: "Get",
            parameters: Variant(tuple: [.s(interface), .s(name)]), replyType: "(v)", timeoutMilliseconds: 5_000)
        return try XCTUnwrap(reply.child(at: 0).unboxed)
    }

    /// Every property of an object (GetAll), unboxed.
    func allProperties(of path: String, interface: String? = nil) throws -> [String: Variant] {
        let interface = interface ?? (path == Contract.managerPath ? Contract.managerInterface : Contract.sceneInterface)
        let reply = try client.connection.call(
            destination: Contract.busName, path: path, interface: Contract.properties, method: "GetAll",
            parameters: Variant(tuple: [.s(interface)]), replyType: "(a{sv})", timeoutMilliseconds: 5_000)
        return try XCTUnwrap(reply.child(at: 0).vardict)
    }

    func orientation(of path: String) throws -> String? { try property("InterfaceOrientation", of: path).string }

    /// Asserts that `body` fails with the D-Bus error `name` and a message holding every one
    /// of `fragments` (the bad value, the valid values, ...).
    func assertDBusError(_ name: String, containing fragments: [String] = [],
                         file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) {
        do {
            try body()
            XCTFail("expected \(name), but the call succeeded", file: file, line: line)
        } catch let error as DBusError {
            XCTAssertEqual(error.name, name, "\(error)", file: file, line: line)
            for fragment in fragments {
                XCTAssertTrue(error.message.contains(fragment), "'\(fragment)' not in the message: \(error.message)",
                              file: file, line: line)
            }
        } catch {
            XCTFail("expected \(name), got \(error)", file: file, line: line)
        }
    }

    // MARK: signals

    /// A recorder of every signal orientd sends, on a client of its own.
    func recordSignals(member: String? = nil, path: String? = nil, interface: String? = nil) throws -> SignalRecorder {
        let listener = try connect()
        return try SignalRecorder(listener, sender: Contract.busName, interface: interface, member: member, path: path)
    }

    /// Every signal orientd sent before now has been recorded.
    func drain(_ recorder: SignalRecorder) throws {
        try recorder.drain(through: serviceUniqueName())
    }

    /// The OrientationChanged signals recorded, as (path, previous, current, reason).
    func orientationChanges(_ recorder: SignalRecorder) -> [[String]] {
        recorder.signals.filter { $0.member == "OrientationChanged" }.map { signal in
            [signal.path] + signal.parameters.children.map { $0.string ?? "?" }
        }
    }

    // MARK: other clients

    /// Runs a command-line client against orientd's bus (`DBUS_SESSION_BUS_ADDRESS`).
    func runClient(_ argv: [String], instance: OrientdInstance? = nil) throws -> ProcessOutput {
        try runCommand(argv, environment: (instance ?? orientd).environment, timeout: .seconds(20))
    }

    /// `busctl --user ARGS`, which must succeed; returns its standard output.
    @discardableResult
    func busctl(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = try runClient(["busctl", "--user"] + arguments)
        guard output.succeeded else {
            throw TestSupportError("busctl \(arguments.joined(separator: " ")) failed: \(output)")
        }
        return output.stdout
    }

    /// `busctl --user call` on orientd; returns its standard output.
    @discardableResult
    func busctlCall(_ path: String, _ interface: String, _ method: String, _ arguments: [String] = []) throws -> String {
        try busctl(["call", Contract.busName, path, interface, method] + arguments)
    }

    /// `gdbus call --session` on orientd (the output and status, successful or not).
    func gdbusCall(_ path: String, _ interface: String, _ method: String, _ arguments: [String] = []) throws -> ProcessOutput {
        try runClient(["gdbus", "call", "--session", "--dest", Contract.busName, "--object-path", path,
                       "--method", "\(interface).\(method)"] + arguments)
    }

    /// Runs a Python 3 script with Debian's python3-dbus (libdbus) against orientd's bus.
    func python(_ script: String, arguments: [String] = [], instance: OrientdInstance? = nil) throws -> ProcessOutput {
        try runClient(["/usr/bin/python3", "-c", script] + arguments, instance: instance)
    }
}
