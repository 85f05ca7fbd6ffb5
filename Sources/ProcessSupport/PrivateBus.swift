import Foundation
import GLibBridge

/// A private `dbus-daemon` for one test: `--nofork --print-address=1` with a configuration
/// file of its own, started with `ChildProcess` and stopped by `stop()` or when dropped.
///
/// The configuration is the session bus's (allow everything, the session limits) with no
/// service folder but `serviceFolders`: never the machine's (no `<standard_session_servicedirs/>`,
/// no includes), so an installed orientd is never D-Bus-activated by a test's call. The daemon,
/// and any service it activates, sees `XDG_DATA_DIRS` and `XDG_DATA_HOME` in an empty folder of
/// the bus's own unless `environment` says otherwise.
///
/// Any number may run at once. One can stand in for the system bus too (give its `address`
/// to the program under test as `DBUS_SYSTEM_BUS_ADDRESS`).
public final class PrivateBus: Sendable {
    /// The bus address, such as `unix:path=/tmp/dbus-XYZ,guid=...`.
    public let address: String
    /// The daemon process.
    public let process: ChildProcess
    /// The folder holding the configuration written for it (nil with `configFile`).
    public let folder: String?

    /// Starts the daemon with `configFile`, or with a configuration written for it that reads
    /// activation files only from `serviceFolders`; `environment` is added to the daemon's.
    /// - Throws: `ProcessSupportError` if it does not start or print its address in time.
    public init(configFile: String? = nil, serviceFolders: [String] = [], environment: [String: String] = [:],
                timeout: Duration = .seconds(10)) throws(ProcessSupportError) {
        var argv = ["dbus-daemon", "--nofork", "--print-address=1"]
        var childEnvironment: [String: String] = [:]
        if let configFile {
            folder = nil
            argv.append("--config-file=\(configFile)")
        } else {
            let folder = try makeTemporaryDirectory()
            self.folder = folder
            let config = folder + "/bus.conf"
            guard FileManager.default.createFile(atPath: config, contents: Data(Self.configuration(serviceFolders).utf8)) else {
                throw ProcessSupportError("cannot write \(config)")
            }
            argv.append("--config-file=\(config)")
            childEnvironment = ["XDG_DATA_DIRS": folder + "/no-data", "XDG_DATA_HOME": folder + "/no-data-home"]
        }
        childEnvironment.merge(environment) { _, new in new }
        process = try ChildProcess(argv, environment: childEnvironment)
        address = try process.firstLineOfOutput(timeout: timeout)
    }

    deinit {
        stop()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A session bus's configuration whose only service folders are `serviceFolders`,
    /// listening on `listen` (a fresh socket in /tmp unless said, such as `unix:path=…` for a
    /// bus that must come back at the same address).
    public static func configuration(_ serviceFolders: [String], listen: String = "unix:tmpdir=/tmp") -> String {
        let folders = serviceFolders.map { "  <servicedir>\(xmlEscaped($0))</servicedir>\n" }.joined()
        let limits = [("max_incoming_bytes", 1_000_000_000), ("max_outgoing_bytes", 1_000_000_000),
                      ("max_message_size", 1_000_000_000), ("service_start_timeout", 120_000), ("auth_timeout", 240_000),
                      ("pending_fd_timeout", 150_000), ("max_completed_connections", 100_000),
                      ("max_incomplete_connections", 10_000), ("max_connections_per_user", 100_000),
                      ("max_pending_service_starts", 10_000), ("max_names_per_connection", 50_000),
                      ("max_match_rules_per_connection", 50_000), ("max_replies_per_connection", 50_000)]
            .map { "  <limit name=\"\($0.0)\">\($0.1)</limit>\n" }.joined()
        return """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <keep_umask/>
              <listen>\(xmlEscaped(listen))</listen>
              <auth>EXTERNAL</auth>
            \(folders)  <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            \(limits)</busconfig>

            """
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The environment that points a child's session bus here.
    public var sessionEnvironment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// The environment that points a child's system bus here.
    public var systemEnvironment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": address] }

    /// A new plain connection (no loop: sync calls and emits only; see `LoopConnection`).
    public func connect() throws(DBusError) -> BusConnection {
        try BusConnection(address: address)
    }

    /// A new connection with a loop thread of its own that dispatches its callbacks.
    public func connectWithLoop(name: String = "bus-loop") throws(DBusError) -> LoopConnection {
        try LoopConnection(address: address, threadName: name)
    }

    /// Stops the daemon (SIGTERM, then SIGKILL after 5 s). Safe to repeat.
    public func stop() {
        if process.isRunning { process.stop() }
    }
}
