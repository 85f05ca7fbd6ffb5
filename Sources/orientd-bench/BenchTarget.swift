import Foundation
import GLibBridge
import Glibc
import ProcessSupport

/// The orientd under test: a private session bus and the orientd built beside this program
/// (`OrientdInstance` finds it, or `$ORIENTD_BINARY`), with no sensor and a fresh state folder.
final class BenchTarget {
    let instance: OrientdInstance
    /// orientd's unique name: calls go straight to it.
    let owner: String
    let binary: String

    init() throws {
        binary = BenchBinaries.orientd
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("no orientd at \(binary): build it (swift build -c release) or set ORIENTD_BINARY")
        }
        instance = try OrientdInstance(busName: Names.bus, arguments: ["--sensor", "none"])
        let connection = try instance.bus.connect()
        defer { connection.close() }
        guard let owner = try connection.nameOwner(Names.bus) else { throw BenchError("orientd does not own its name") }
        self.owner = owner
    }

    var pid: pid_t { instance.process.pid }
    var address: String { instance.bus.address }
    var usage: ProcessUsage { ProcessUsage(pid: pid) }
    /// The private bus's dbus-daemon.
    var busPID: pid_t { instance.bus.process.pid }

    /// A plain connection: sync calls only.
    func connect() throws(DBusError) -> BusConnection { try instance.bus.connect() }

    /// A connection with a loop thread, for pipelined calls and signals.
    func connectWithLoop(_ name: String) throws(DBusError) -> LoopConnection {
        try instance.bus.connectWithLoop(name: name)
    }

    /// Stops orientd and the bus, and removes the state folder.
    func stop() {
        instance.stop()
        instance.bus.stop()
        try? FileManager.default.removeItem(atPath: instance.stateHome)
    }

    /// Fails if orientd is no longer running (with its log).
    func checkAlive() throws(BenchError) {
        if let status = instance.process.exitStatus {
            throw BenchError("orientd ended (\(status)); its log:\n\(instance.log)")
        }
    }
}
