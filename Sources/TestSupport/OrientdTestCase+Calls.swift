import GLibBridge
import XCTest

/// Calls to the test's orientd, through `client` (or the connection given), with the tests'
/// own copy of the contract's names.
extension OrientdTestCase {
    @discardableResult
    public func callManager(_ method: String, _ arguments: [Variant] = [], on connection: LoopConnection? = nil,
                            interface: String = Contract.managerInterface) throws -> Variant {
        try (connection ?? client).connection.call(
            destination: Contract.busName, path: Contract.managerPath, interface: interface, method: method,
            parameters: Variant(tuple: arguments), timeoutMilliseconds: 10_000)
    }

    @discardableResult
    public func callScene(_ path: String, _ method: String, _ arguments: [Variant] = [],
                          on connection: LoopConnection? = nil) throws -> Variant {
        try (connection ?? client).connection.call(
            destination: Contract.busName, path: path, interface: Contract.sceneInterface, method: method,
            parameters: Variant(tuple: arguments), timeoutMilliseconds: 10_000)
    }

    /// RegisterScene with `options`; returns the scene's path.
    public func register(_ options: [String: Variant], on connection: LoopConnection? = nil) throws -> String {
        let reply = try callManager("RegisterScene", [.vardict(options)], on: connection)
        XCTAssertEqual(reply.typeString, "(o)")
        return try XCTUnwrap(reply.child(at: 0).string)
    }

    /// A property value (unboxed) of the manager, or of the scene at `path`, read through
    /// org.freedesktop.DBus.Properties.Get.
    public func property(_ name: String, of path: String = Contract.managerPath,
                         interface: String? = nil) throws -> Variant {
        let interface = interface ?? Self.interface(of: path)
        let reply = try client.connection.call(
            destination: Contract.busName, path: path, interface: Contract.properties, method: "Get",
            parameters: Variant(tuple: [.s(interface), .s(name)]), replyType: "(v)", timeoutMilliseconds: 10_000)
        return try XCTUnwrap(reply.child(at: 0).unboxed)
    }

    /// Every property of an object (GetAll), unboxed.
    public func allProperties(of path: String, interface: String? = nil) throws -> [String: Variant] {
        let interface = interface ?? Self.interface(of: path)
        let reply = try client.connection.call(
            destination: Contract.busName, path: path, interface: Contract.properties, method: "GetAll",
            parameters: Variant(tuple: [.s(interface)]), replyType: "(a{sv})", timeoutMilliseconds: 10_000)
        return try XCTUnwrap(reply.child(at: 0).vardict)
    }

    private static func interface(of path: String) -> String {
        path == Contract.managerPath ? Contract.managerInterface : Contract.sceneInterface
    }

    /// Asserts that `body` fails with the D-Bus error `name` and a message holding every one
    /// of `fragments` (the bad value, the valid values, ...).
    public func assertDBusError(_ name: String, containing fragments: [String] = [],
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
    public func recordSignals(member: String? = nil, path: String? = nil, interface: String? = nil) throws -> SignalRecorder {
        let listener = try connect()
        return try SignalRecorder(listener, sender: Contract.busName, interface: interface, member: member, path: path)
    }

    /// Every signal orientd sent before now has been recorded.
    public func drain(_ recorder: SignalRecorder) throws {
        try recorder.drain(through: serviceUniqueName())
    }

    // MARK: other clients

    /// Runs a command-line client against orientd's bus (`DBUS_SESSION_BUS_ADDRESS`).
    public func runClient(_ argv: [String], instance: OrientdInstance? = nil) throws -> ProcessOutput {
        try runCommand(argv, environment: (instance ?? orientd).environment, timeout: .seconds(20))
    }

    /// The lines of orientd's log holding `fragment`.
    public func orientdLogLines(containing fragment: String) -> [Substring] {
        orientd.log.split(separator: "\n").filter { $0.contains(fragment) }
    }
}
