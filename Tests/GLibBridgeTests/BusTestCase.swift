import GLibBridge
import TestSupport
import XCTest

/// A test case with a private bus, a service connection (with `TestObject` registered)
/// and a client connection, each with its own loop thread.
class BusTestCase: XCTestCase {
    var bus: PrivateBus!
    var service: LoopConnection!
    var client: LoopConnection!

    override func setUpWithError() throws {
        bus = try PrivateBus()
        service = try bus.connectWithLoop(name: "service-loop")
        client = try bus.connectWithLoop(name: "client-loop")
        try TestObject.register(on: service)
    }

    override func tearDown() {
        client?.close()
        service?.close()
        bus?.stop()
        client = nil
        service = nil
        bus = nil
    }

    /// Calls a TestObject method from the client.
    @discardableResult
    func callTest(_ method: String, _ arguments: [Variant] = [], replyType: String? = nil) throws(DBusError) -> Variant {
        try client.connection.call(
            destination: service.uniqueName, path: TestObject.path, interface: TestObject.interface,
            method: method, parameters: Variant(tuple: arguments), replyType: replyType,
            timeoutMilliseconds: 5_000)
    }

    /// Runs a command-line tool against the private bus.
    func runTool(_ argv: [String]) throws -> ProcessOutput {
        try runCommand(argv, environment: bus.sessionEnvironment, timeout: .seconds(20))
    }
}
