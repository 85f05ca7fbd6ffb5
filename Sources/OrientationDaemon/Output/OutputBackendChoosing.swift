import GLibBridge
import OrientationCore

/// `--output-backend`: makes the backend chosen, or for `auto` the first one whose
/// compositor is there, in docs/output.md's order.
enum OutputBackendChoosing {
    static func make(for options: ServiceOptions, connection: BusConnection, log: Log) -> (any OutputBackend)? {
        switch options.outputBackend {
        case .none:
            return nil
        case .auto:
            return auto(options: options, connection: connection, log: log)
        case .mutter, .wlroots, .kwin, .x11:
            let kind = options.outputBackend.kind!
            guard let backend = make(kind, options: options, connection: connection, log: log) else {
                log.warning("output: the \(kind.rawValue) backend is not built into this orientd; OutputBackend stays none")
                return nil
            }
            return backend
        }
    }

    /// One backend by kind; nil when this build has none for it.
    static func make(_ kind: OutputBackendKind, options: ServiceOptions, connection: BusConnection, log: Log) -> (any OutputBackend)? {
        switch kind {
        case .mutter:
            return MutterBackend(connection: connection, output: options.outputName, log: log,
                                 handover: OrientationLockHandover(stateDirectory: options.stateDirectory, log: log))
        case .wlroots:
            return WlrootsBackend.make(environment: ProcessEnvironment.current(), output: options.outputName, log: log)
        case .kwin:
            return KWinBackend.make(environment: ProcessEnvironment.current(), output: options.outputName, log: log)
        case .x11:
            return X11Backend.make(environment: ProcessEnvironment.current(), output: options.outputName,
                                   touchDevices: options.touchDevices, log: log)
        }
    }

    /// DisplayConfig owned on the session bus → mutter; else the other compositors in order;
    /// with none there, mutter's name is watched, so a GNOME session starting later is driven.
    static func auto(options: ServiceOptions, connection: BusConnection, log: Log) -> (any OutputBackend)? {
        if (try? connection.nameOwner(MutterBackend.busName)) != nil {
            log.info("output: --output-backend auto: \(MutterBackend.busName) is on the session bus: mutter")
            return make(.mutter, options: options, connection: connection, log: log)
        }
        let environment = ProcessEnvironment.current()
        // Closures, not method references: Swift 6.0's compiler crashes on a static method
        // (a @Sendable function) as a tuple's element.
        let probes: [(OutputBackendKind, ([String: String]) -> Bool, String)] = [
            (.wlroots, { WlrootsBackend.probe(environment: $0) }, "the Wayland compositor offers wlr-output-management"),
            (.kwin, { KWinBackend.probe(environment: $0) }, "the Wayland compositor offers KWin's output management"),
            (.x11, { X11Backend.probe(environment: $0) }, "DISPLAY names an X server")]
        for (kind, found, what) in probes where found(environment) {
            log.info("output: --output-backend auto: \(what): \(kind.rawValue)")
            return make(kind, options: options, connection: connection, log: log)
        }
        log.info("output: --output-backend auto: no compositor interface found; watching for \(MutterBackend.busName)")
        return make(.mutter, options: options, connection: connection, log: log)
    }
}
