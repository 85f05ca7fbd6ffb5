import GLibBridge

/// What every part of the service shares: the bus connection, the main loop, the options, the
/// log, the environment read once at start (a read is a dictionary of every variable), and the
/// main loop's two timers: the settle timer (it sends the core `.tick` when a
/// pending reading has held for the settle time) and memory release (it trims the heap after
/// large listings, refused calls and many scenes leaving).
struct ServiceContext {
    let connection: BusConnection
    let loop: MainLoop
    let options: ServiceOptions
    let log: Log
    let environment: [String: String]
    let settleTimer: SettleTimer
    let memory: MemoryRelease
}

/// The files orientd reads and writes: the state folder (its lock, the user's settings, the
/// scene numbers, the `--replace` takeover) and the configuration files.
struct Persistence {
    let stateFolder: StateFolder
    let configurationFiles: ConfigurationFiles
}
