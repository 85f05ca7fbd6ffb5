import OrientationCore

/// The output backends, in `--output-backend auto`'s order (docs/output.md): DisplayConfig
/// owned on the session bus → mutter; else a Wayland compositor with wlroots' or KWin's output
/// management; else an X server. With none there, mutter waits for its name (the fallback) and
/// the host probes again whenever a compositor arrives. A test's fake comes first, present only
/// with its variable set (`FakeAdapters`).
enum OutputBackends {
    static let family = AdapterFamily<any OutputBackend, OutputBackendEvent>(
        name: "output", option: "--output-backend",
        entries: [fake, mutter, wlroots, kwin, x11],
        fallback: mutter,
        nothingFound: "no compositor interface found; watching for \(MutterBackend.busName)",
        helpBefore: "how the built-in panel is turned to the front window's orientation: ",
        helpAfter: "; auto: the first one whose compositor is there; none: leave the panel to the compositor (default: auto)",
        start: { backend, reports in backend.start(reports: reports) },
        stop: { $0.stop() },
        attachment: {
            switch $0 {
            case .attached: true
            case .detached: false
            case .orientationRead, .userRotationLock, .facts, .note: nil
            }
        })

    static let fake = AdapterEntry<any OutputBackend>(
        name: FakeAdapters.name, found: FakeAdapters.found(FakeAdapters.output), fakeVariable: FakeAdapters.output, arrivals: [],
        probe: { FakeOutput.kind(in: $0) != nil },
        make: { FakeOutput(kind: FakeOutput.kind(in: $0) ?? .wlroots, log: $0.log) })

    static let mutter = AdapterEntry<any OutputBackend>(
        name: "mutter", found: "\(MutterBackend.busName) is on the session bus", help: "mutter (GNOME, Phosh: DisplayConfig)",
        arrivals: [.busName(MutterBackend.busName)],
        look: { $0.probes.nameOwned(MutterBackend.busName, in: $0.names) },
        make: { context in
            MutterBackend(connection: context.connection, names: context.names, output: context.options.outputName, log: context.log,
                          handover: OrientationLockHandover(stateDirectory: context.options.stateDirectory, log: context.log),
                          chosenByAuto: context.chosenByAuto)
        })

    static let wlroots = AdapterEntry<any OutputBackend>(
        name: "wlroots", found: "the Wayland compositor offers wlr-output-management", help: "wlroots (wlr-output-management)",
        arrivals: [.waylandSocket],
        look: WlrootsBackend.probe,
        make: { WlrootsBackend.make(environment: $0.environment, output: $0.options.outputName, log: $0.log) })

    static let kwin = AdapterEntry<any OutputBackend>(
        name: "kwin", found: "the Wayland compositor offers KWin's output management", help: "kwin (KWin's output management)",
        arrivals: [.waylandSocket],
        look: KWinBackend.probe,
        make: { KWinBackend.make(environment: $0.environment, output: $0.options.outputName, log: $0.log, connection: $0.connection,
                                 stateDirectory: $0.options.stateDirectory) })

    static let x11 = AdapterEntry<any OutputBackend>(
        name: "x11", found: "DISPLAY names an X server", help: "x11 (RandR)", arrivals: [.x11Socket],
        probe: { X11Backend.probe(environment: $0.environment) },
        make: { X11Backend.make(environment: $0.environment, output: $0.options.outputName,
                                touchDevices: $0.options.touchDevices, log: $0.log) })
}

