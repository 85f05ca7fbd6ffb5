import Foundation
import GLibBridge
import OrientationWire
import Glibc
import ProcessSupport

/// D-Bus activation of the orientd under test, as an installed package is started: a private
/// bus (`PrivateBus`) whose only service folder names the binary, a call to the manager with nothing running,
/// and the time until its reply (the bus starting orientd, orientd owning its name and
/// answering). Each round stops orientd again and waits for the name to go.
enum ActivationTiming {
    static func run(rounds: Int, _ report: Report) throws {
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let services = scratch + "/services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        try "[D-BUS Service]\nName=\(Names.bus)\nExec=\(BenchBinaries.orientd) --sensor none\n"
            .write(toFile: services + "/\(Names.bus).service", atomically: true, encoding: .utf8)
        // The tests' private bus, its only service folder ours; the daemon (and so the orientd
        // it starts) keeps this machine's data folders, as a session's bus has them.
        let dataFolders = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share"
        let bus = try PrivateBus(serviceFolders: [services], environment: ["XDG_DATA_DIRS": dataFolders])
        defer { bus.stop() }
        let probe = try bus.connect()
        defer { probe.close() }
        // What the activated orientd runs with: its own folders, not the user's.
        try probe.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                       method: "UpdateActivationEnvironment", parameters: Variant(tuple: [Variant(dictionary: [
                           "XDG_RUNTIME_DIR": Variant(string: scratch), "XDG_STATE_HOME": Variant(string: scratch + "/state"),
                           "XDG_CONFIG_HOME": Variant(string: scratch + "/config"), "G_SLICE": Variant(string: "always-malloc"),
                       ], valueType: "s")]))
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            try probe.call(destination: Names.bus, path: Names.managerPath, interface: BusNames.propertiesInterface,
                           method: "Get", parameters: Variant(tuple: [Variant(string: Names.manager), Variant(string: "Version")]),
                           timeoutMilliseconds: 30_000)
            times.append((ContinuousClock.now - start).milliseconds)
            guard let owner = try probe.nameOwner(Names.bus) else { throw BenchError("the activated orientd owns no name") }
            let pid = try probe.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                     method: "GetConnectionUnixProcessID", parameters: Variant(tuple: [Variant(string: owner)]))
            guard let number = pid.childCount > 0 ? pid.child(at: 0).uint32 : nil else { throw BenchError("no pid for \(owner)") }
            kill(pid_t(number), SIGTERM)
            try eventually("the activated orientd gone", timeout: .seconds(30)) { try probe.nameOwner(Names.bus) == nil }
        }
        report.spread("start.activation", "D-Bus activation of the orientd under test, a call to its name until the reply",
                      Spread(times), "ms")
    }
}
