import GLibBridge
import OrientationCore
import ProcessSupport
import TestSupport
import XCTest

/// An object served on a private bus from a loop thread of its own, each call handed to
/// `handle` there, and a client that calls it: real `MethodInvocation`s for the parts that
/// take them (`Admission`, `BusFace`), with no orientd.
final class ServedObject: @unchecked Sendable {
    static let path = "/org/example/Served"
    let bus: PrivateBus
    let service: LoopConnection
    let client: BusConnection
    let interface: String

    /// `handle` runs on the service's loop thread for each call of `interface`, whose
    /// `methods` are introspection XML `<method>` elements.
    init(interface: String, methods: String, handle: @escaping (MethodInvocation) -> Void) throws {
        bus = try PrivateBus()
        service = try bus.connectWithLoop(name: "served")
        client = try bus.connect()
        self.interface = interface
        let info = try InterfaceInfo(xml: "<node><interface name=\"\(interface)\">\(methods)</interface></node>", name: interface)
        nonisolated(unsafe) let handle = handle
        let connection = service.connection
        _ = try service.sync { () throws(DBusError) -> ObjectRegistrationID in
            try connection.registerObject(path: Self.path, interface: info, methodCall: { handle($0) }, getProperty: { _ in nil })
        }
    }

    /// Calls `method` from `connection` (the client unless said).
    @discardableResult
    func call(_ method: String, _ arguments: [Variant] = [], from connection: BusConnection? = nil) throws(DBusError) -> Variant {
        try (connection ?? client).call(destination: service.uniqueName, path: Self.path, interface: interface, method: method,
                                        parameters: Variant(tuple: arguments), timeoutMilliseconds: 20_000)
    }

    /// Runs `body` on the service's loop thread.
    func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T { service.sync(body) }

    func stop() {
        client.close()
        service.close()
        bus.stop()
    }
}

/// A test of a part that takes real calls (`Admission`, `BusFace`): the object `serve` makes
/// for each test, stopped after it.
class ServedObjectTestCase: XCTestCase {
    /// This test's object, once `serve` made it.
    private(set) var served: ServedObject!

    /// Serves `methods` (introspection XML `<method>` elements) as `interface`, each call
    /// handed to `handle` on the service's loop thread.
    func serve(_ interface: String, methods: String, handle: @escaping (MethodInvocation) -> Void) throws {
        served = try ServedObject(interface: interface, methods: methods, handle: handle)
    }

    override func tearDown() {
        served?.stop()
        super.tearDown()
    }
}

/// The core a served part reads, and what each test keeps beside it: only touched on the
/// service's loop thread.
class CoreOnLoop: @unchecked Sendable {
    var manager = OrientationManager()

    /// Applies `command` for `caller` at time zero; its reply, nil when the core refused it.
    @discardableResult
    func apply(_ command: Command, caller: String) -> Reply? {
        try? manager.apply(command, caller: caller, at: Moment(monotonic: 0, wall: 0)).reply
    }
}
