import GLibBridge
import ProcessSupport
import TestSupport

/// An object served on a private bus from a loop thread of its own, each call handed to
/// `handle` there, and a client that calls it: real `MethodInvocation`s for the parts that
/// take them (`Admission`, `BusFace`), with no orientd.
final class ServedObject: @unchecked Sendable {
    static let path = "/org/example/Served"
    let bus: PrivateBus
    let service: LoopConnection
    let client: BusConnection
    let interface: String

    /// `handle` runs on the service's loop thread for each call of `interface` (in `xml`).
    init(xml: String, interface: String, handle: @escaping (MethodInvocation) -> Void) throws {
        bus = try PrivateBus()
        service = try bus.connectWithLoop(name: "served")
        client = try bus.connect()
        self.interface = interface
        let info = try InterfaceInfo(xml: xml, name: interface)
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
