import GLibBridge
import OrientationWire
import ProcessSupport

/// `orientd-reference-peer`: a minimal C service on GDBus, on the same private bus as
/// orientd, answering the same call shapes. Each of orientd's calls is timed against the
/// peer's same-shape call, interleaved in the same run (see BENCHMARKS.md).
final class ReferencePeer {
    static let path = "/io/github/orientd/ReferencePeer"
    static let interface = "io.github.orientd.ReferencePeer1"

    let process: ChildProcess
    /// The peer's unique name: calls go straight to it.
    let owner: String

    init(_ target: BenchTarget) throws {
        let binary = BenchBinaries.peer
        // The same allocator as orientd, which sets G_SLICE=always-malloc for itself (MemoryRelease).
        var environment = target.instance.environment
        environment["G_SLICE"] = "always-malloc"
        process = try ChildProcess([binary], environment: environment)
        owner = try process.firstLineOfOutput(timeout: .seconds(30))
        guard owner.hasPrefix(":") else { throw BenchError("orientd-reference-peer printed '\(owner)', not its unique name") }
    }

    func stop() { _ = process.stop() }

    /// Fails if the peer is no longer running (with its stderr).
    func checkAlive() throws(BenchError) {
        if let status = process.exitStatus {
            throw BenchError("orientd-reference-peer ended (\(status)); its stderr:\n\(process.standardError)")
        }
    }
}

extension BusConnection {
    /// A method of the reference peer, waiting for the reply.
    @discardableResult
    func peer(_ peer: ReferencePeer, _ method: String, _ arguments: [Variant] = []) throws(DBusError) -> Variant {
        try call(destination: peer.owner, path: ReferencePeer.path, interface: ReferencePeer.interface, method: method,
                 parameters: Variant(tuple: arguments))
    }

    /// `Properties.Get` of `property` on `interface` at `path` of `destination`.
    @discardableResult
    func getProperty(_ destination: String, _ path: String, _ interface: String, _ property: String) throws(DBusError) -> Variant {
        try call(destination: destination, path: path, interface: BusNames.propertiesInterface, method: "Get",
                 parameters: Variant(tuple: [Variant(string: interface), Variant(string: property)]))
    }

    /// `ObjectManager.GetManagedObjects` at `path` of `destination`.
    @discardableResult
    func managedObjects(_ destination: String, _ path: String) throws(DBusError) -> Variant {
        try call(destination: destination, path: path, interface: BusNames.objectManagerInterface,
                 method: "GetManagedObjects", replyType: "(a{oa{sa{sv}}})")
    }
}
