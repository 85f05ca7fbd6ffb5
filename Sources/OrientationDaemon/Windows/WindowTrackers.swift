/// The window trackers, in `--window-tracking auto`'s order: a Wayland compositor with the
/// wlroots toplevel manager, or KWin; GNOME Shell (only when the session really is its:
/// `GnomeSessionCheck`); an X server. With none there, the host probes again whenever a
/// compositor arrives. A test's fake comes first, present only with its variable set
/// (`FakeAdapters`).
enum WindowTrackers {
    static let family = AdapterFamily<any WindowTracker, WindowTrackerEvent>(
        name: "windows", option: "--window-tracking",
        entries: [fake, wlroots, kwin, gnome, x11],
        nothingFound: "no compositor window list found (no wlroots toplevel manager or KWin on Wayland, no GNOME Shell session, no X server on DISPLAY); WindowTracking is none until a compositor comes",
        helpBefore: "whose list of app windows to follow, so that the app in front decides the panel: ",
        helpAfter: "; auto: whatever the session offers; none: only registered scenes count (default: auto)",
        start: { tracker, reports in tracker.start(reports: reports) },
        stop: { $0.stop() },
        attachment: {
            switch $0 {
            case .attached: true
            case .detached: false
            case .window, .closed: nil
            }
        })

    static let fake = AdapterEntry<any WindowTracker>(
        name: FakeAdapters.name, found: FakeAdapters.found(FakeAdapters.windows), fakeVariable: FakeAdapters.windows, arrivals: [],
        probe: { FakeWindowList.list(in: $0) != nil },
        make: { context in
            let list = FakeWindowList.list(in: context)
            return FakeWindowList(kind: list?.kind ?? .wlroots, appIds: list?.appIds ?? [], log: context.log)
        })

    static let wlroots = AdapterEntry<any WindowTracker>(
        name: "wlroots", found: "the Wayland compositor offers \(WlrootsWindowTracker.managerInterface)",
        help: "wlroots (phoc, sway)", arrivals: [.waylandSocket],
        look: WlrootsWindowTracker.probe,
        make: { WlrootsWindowTracker(environment: $0.environment, log: $0.log) })

    static let kwin = AdapterEntry<any WindowTracker>(
        name: "kwin", found: "the Wayland compositor is KWin", arrivals: [.waylandSocket],
        look: KWinWindowTracker.probe,
        make: { KWinWindowTracker(environment: $0.environment, log: $0.log) })

    static let gnome = AdapterEntry<any WindowTracker>(
        name: "gnome", found: "the session is GNOME Shell's", help: "gnome (the Shell extension)",
        arrivals: [.busName(GnomeWindowTracker.shellName), .waylandSocket],
        look: GnomeSessionCheck.isGnomeShell,
        make: { GnomeWindowTracker(connection: $0.connection, names: $0.names, log: $0.log) })

    static let x11 = AdapterEntry<any WindowTracker>(
        name: "x11", found: "DISPLAY names an X server", help: "x11 (EWMH)", arrivals: [.x11Socket],
        probe: { X11Backend.probe(environment: $0.environment) },
        make: { context in
            // A window without _GTK_APPLICATION_ID is claimed by the desktop entry whose
            // StartupWMClass is its WM_CLASS class, else named by that class.
            let log = context.log
            return X11WindowTracker(display: context.environment["DISPLAY"] ?? "", log: log) {
                DesktopEntry.appId(startupWMClass: $0, log: log)
            }
        })
}

