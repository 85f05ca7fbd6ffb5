// orientd: the OrientationManager on the session bus.
import Glibc
import GLibBridge
import OrientationDaemon

/// The whole program, in a function rather than as top-level code: in Swift 6 top-level code
/// and its variables belong to the main actor, and the closures below, capturing them, would
/// check at run time that they run on it, which links Swift's concurrency runtime and
/// libdispatch into orientd (~730 KB, ~90 KiB of its pages dirty in every orientd), for a check the
/// one GLib main loop thread makes needless.
func runOrientd() -> Never {
    // First: GLib's allocator settings, and returning freed memory to the system (may re-execute orientd).
    MemoryRelease.configureProcess()
    // Read once: each read makes a dictionary of every variable.
    let environment = ProcessEnvironment.current()
    var options = ServiceOptions(stateDirectory: SettingsStore.defaultDirectory(environment: environment))
    do {
        switch try OrientdCommandLine.parse(Array(CommandLine.arguments.dropFirst()), into: &options) {
        case .help:
            print(OrientdCommandLine.usage)
            exit(0)
        case .version:
            print(OrientdCommandLine.version)
            exit(0)
        case .run:
            break
        }
    } catch {
        let message = Array("orientd: \(error)\nTry 'orientd --help'.\n".utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(64)
    }

    // Children of test runners may inherit blocked termination signals; GLib must see them.
    MainLoop.unblockTerminationSignals()
    // Log lines go to the journal when there is one for them, else to stderr (Log.swift).
    Log.installWriter()
    let log = Log(verbose: options.verbose)
    let loop = MainLoop()
    let contract: ContractXML
    let connection: BusConnection
    do {
        contract = try ContractXML.load(searchPath: ContractXML.searchPath(environment: environment))
        connection = try BusConnection.session()
    } catch let error as DBusError {
        log.error("cannot connect to the session bus: \(error.message). Start one (dbus-daemon --session), or run 'make run', which starts a private bus when there is none")
        exit(1)
    } catch {
        log.error("\(error)")
        LastFailure.record("\(error)", environment: environment)
        exit(1)
    }

    let service: OrientationService
    do {
        service = try OrientationService(connection: connection, loop: loop, options: options, contract: contract,
                                         environment: environment)
    } catch {
        log.error("\(error)")
        // For orientctl: D-Bus activation says only that orientd exited.
        LastFailure.record("\(error)", environment: environment)
        connection.close()
        exit(1)
    }
    // Before start(): once the name is owned a client may send SIGTERM at once, and it must
    // end orientd cleanly (exit 0), not by the default action.
    for signal in [SIGTERM, SIGINT] {
        loop.addSignalHandler(signal) {
            log.info("signal \(signal): exiting")
            service.stop(status: 0)
        }
    }
    // SIGHUP (systemctl --user reload orientd): read the configuration files again.
    loop.addSignalHandler(SIGHUP) {
        service.reloadConfiguration(because: "SIGHUP")
    }
    do {
        try service.start()
    } catch {
        log.error("cannot start: \(error)")
        LastFailure.record("\(error)", environment: environment)
        exit(1)
    }
    LastFailure.clear(environment: environment)
    loop.run()
    log.flush()
    service.log.flush()
    // Every reply already sent reaches its caller before the process ends.
    try? connection.flush()
    connection.close()
    exit(service.exitStatus)
}

runOrientd()
