import GLibBridge

/// A private `dbus-daemon` for one test: `--session --nofork --print-address=1`, started
/// with `ChildProcess` and stopped by `stop()` or when dropped.
///
/// Any number may run at once. One can stand in for the system bus too (give its `address`
/// to the program under test as `DBUS_SYSTEM_BUS_ADDRESS`): the session configuration
/// allows everything, which is all a test needs.
public final class PrivateBus: Sendable {
    /// The bus address, such as `unix:path=/tmp/dbus-XYZ,guid=...`.
    public let address: String
    /// The daemon process.
    public let process: ChildProcess

    /// Starts the daemon, with `configFile` instead of the session configuration if given.
    /// - Throws: `ProcessSupportError` if it does not start or print its address in time.
    public init(configFile: String? = nil, timeout: Duration = .seconds(10)) throws(ProcessSupportError) {
        var argv = ["dbus-daemon", "--nofork", "--print-address=1"]
        argv.append(configFile.map { "--config-file=\($0)" } ?? "--session")
        process = try ChildProcess(argv)
        address = try process.firstLineOfOutput(timeout: timeout)
    }

    deinit { stop() }

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
