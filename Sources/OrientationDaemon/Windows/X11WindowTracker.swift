import CGio
import CXcb
import OrientationCore

/// The app windows of an X11 session, as its EWMH window manager lists them: the root
/// window's `_NET_CLIENT_LIST` and `_NET_ACTIVE_WINDOW`, and each client's `_NET_WM_STATE`
/// (hidden: minimized; fullscreen), `_GTK_APPLICATION_ID` and `WM_CLASS`, all followed
/// through PropertyNotify on one libxcb connection (see `X11Connection`: nothing here blocks
/// the loop). The window manager is found by `_NET_SUPPORTING_WM_CHECK`; without one (or
/// when it goes) the tracker detaches and waits for one. The X server going away detaches
/// too; its return is seen when it binds its socket in /tmp/.X11-unix again.
final class X11WindowTracker: WindowTracker {
    let kind = WindowTrackerKind.x11
    let display: String
    let log: Log

    private var events: ((WindowTrackerEvent) -> Void)?
    private var connection: X11Connection?
    private var connecting = false
    /// Bumped by `stop()` and by each connection: answers on an older one are dropped.
    private var generation = 0
    /// Bumped by each look for the window manager: answers to an older look are dropped.
    private var check = 0
    private var appearance: SocketFileWatch?
    /// Tries after the socket file appears: the server binds it a moment before it listens
    /// (up to 9 s: on a loaded machine an X server can take seconds between the two).
    static let connectRetries = (count: 30, milliseconds: UInt32(300))
    /// Tries left after a failed one. Set by the socket's appearance even while a try is in
    /// flight, so that a server appearing during a try that then fails is still waited for.
    private var retriesLeft = 0
    private var retryTimer: guint = 0
    private var atoms: X11Atoms?
    /// The window manager's check window, while attached.
    private var manager: UInt32?
    private var clients: X11ClientWindows
    private var lastDetachReason: String?
    private var warnedLongList = false
    private var refusalsLogged = 0

    private let classLookup: X11WindowClassLookup
    /// The windows whose `WM_CLASS` is being looked up: which lookup, and what its answer is
    /// for. One lookup per window at a time, so a client renaming its window in a loop
    /// queues nothing: only its newest class is looked up next.
    private var classLookups: [UInt32: (token: Int, then: ClassLookupEnd)] = [:]
    private var classLookupCount = 0
    private enum ClassLookupEnd {
        case report
        case lookUp(String)
        case drop
    }

    /// `applicationIdForWindowClass` maps a `WM_CLASS` class to a desktop id (desktop
    /// entries' `StartupWMClass`), off the main loop; without one the class itself is the app id.
    init(display: String, log: Log, applicationIdForWindowClass: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.display = display
        self.log = log
        clients = X11ClientWindows()
        classLookup = X11WindowClassLookup(resolve: applicationIdForWindowClass)
    }

    deinit { stop() }

    func start(reports: @escaping (WindowTrackerEvent) -> Void) {
        stop()
        self.events = reports
        if let number = X11Presence.socketNumber(display: display) {
            appearance = SocketFileWatch(directory: X11Presence.socketDirectory, name: "X\(number)") { [weak self] in
                self?.retriesLeft = Self.connectRetries.count
                self?.connect()
            }
        }
        connect()
    }

    func stop() {
        generation += 1
        connection?.close()
        appearance?.cancel()
        (connection, appearance, atoms, manager, connecting, events, lastDetachReason) = (nil, nil, nil, nil, false, nil, nil)
        classLookups = [:]
        if retryTimer != 0 { cancelDelay(retryTimer) }
        retryTimer = 0
        _ = clients.removeAll()
    }

    // MARK: The X server

    private func connect() {
        guard events != nil, connection == nil, !connecting else { return }
        if retryTimer != 0 { cancelDelay(retryTimer) }
        retryTimer = 0
        guard !display.isEmpty else { return detach("no X display: DISPLAY is not set") }
        connecting = true
        generation += 1
        let expected = generation
        X11Connection.open(display: display) { [weak self] result in
            guard let self, self.generation == expected else {
                if case .success(let connection) = result { connection.close() }
                return
            }
            self.connecting = false
            switch result {
            case .failure(let error):
                let watched = X11Presence.socketNumber(display: self.display) == nil
                    ? "it is not a local display, so its return is not watched" : "waiting for it to start"
                self.detach("cannot connect to the X server \(self.display): \(error.message); \(watched)")
                guard self.retriesLeft > 0 else { return }
                self.retriesLeft -= 1
                self.retryTimer = afterDelay(milliseconds: Self.connectRetries.milliseconds) { [weak self] in
                    self?.retryTimer = 0
                    self?.connect()
                }
            case .success(let connection):
                self.retriesLeft = 0
                self.connected(connection)
            }
        }
    }

    private func connected(_ connection: X11Connection) {
        self.connection = connection
        let expected = generation
        connection.start(events: { [weak self] event in self?.handle(event) },
                         lost: { [weak self] reason in self?.lost(reason) })
        X11Atoms.intern(on: connection) { [weak self] atoms in
            guard let self, self.generation == expected else { return }
            guard let atoms else { return self.lost("the X server \(self.display) refused to name the EWMH atoms") }
            self.atoms = atoms
            connection.selectEvents(window: connection.root, mask: UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue))
            self.findManager()
        }
    }

    private func lost(_ reason: String) {
        connection?.close()
        (connection, atoms, manager) = (nil, nil, nil)
        generation += 1
        leaveWindows()
        detach("the connection to the X server \(display) ended (\(reason)); waiting for it to return")
    }

    // MARK: The window manager

    /// Looks for an EWMH window manager: the root's `_NET_SUPPORTING_WM_CHECK` names a
    /// window whose own `_NET_SUPPORTING_WM_CHECK` names itself (a stale value left by a
    /// manager that died names a window that is gone). Its destruction is watched from
    /// before it is confirmed, so that a manager leaving is never missed.
    private func findManager() {
        guard let connection, let atoms else { return }
        check += 1
        let expected = (generation, check)
        connection.getProperty(window: connection.root, property: atoms.supportingCheck, maxBytes: 4) { [weak self] value in
            guard let self, (self.generation, self.check) == expected else { return }
            guard let candidate = X11WindowProperties.window(value) else { return self.noManager() }
            connection.selectEvents(window: candidate, mask: UInt32(XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue))
            connection.getProperty(window: candidate, property: atoms.supportingCheck, maxBytes: 4) { [weak self] named in
                guard let self, (self.generation, self.check) == expected else { return }
                guard X11WindowProperties.window(named) == candidate else { return self.noManager() }
                connection.getProperty(window: candidate, property: atoms.name, maxBytes: 64) { [weak self] name in
                    guard let self, (self.generation, self.check) == expected else { return }
                    self.managerFound(candidate, name: name.map { X11WindowProperties.escaped($0.bytes) } ?? "")
                }
            }
        }
        connection.flush()
    }

    private func managerFound(_ window: UInt32, name: String) {
        guard let connection, let atoms, window != manager else { return }
        if manager != nil { leaveWindows() }
        manager = window
        lastDetachReason = nil
        log.info("window tracking: following the X11 window manager \(name.isEmpty ? "(unnamed)" : name) on \(display)")
        events?(.attached)
        readList(connection, atoms)
        readActive(connection, atoms)
        connection.flush()
    }

    private func noManager() {
        let had = manager != nil
        manager = nil
        leaveWindows()
        let what = had ? "the window manager left the X server \(display)" : "the X server \(display) has no EWMH window manager"
        detach("\(what) (no window names itself in the root window's _NET_SUPPORTING_WM_CHECK); waiting for one to start")
    }

    // MARK: Events

    private func handle(_ event: X11Connection.Event) {
        guard let connection, let atoms else { return }
        switch event {
        case .destroyed(let window):
            if window == manager { findManager() }
        case .propertyChanged(let window, let atom) where window == connection.root:
            if atom == atoms.supportingCheck {
                findManager()
            } else if manager != nil && atom == atoms.clientList {
                readList(connection, atoms)
            } else if manager != nil && atom == atoms.activeWindow {
                readActive(connection, atoms)
            }
        case .propertyChanged(let window, let atom):
            guard clients.windows[window] != nil else { return }
            if atom == atoms.gtkApplicationId || atom == X11Atoms.windowClass {
                readAppId(window, connection, atoms)
            } else if atom == atoms.state {
                readState(window, connection, atoms)
            }
        }
    }

    // MARK: Reading

    private func readList(_ connection: X11Connection, _ atoms: X11Atoms) {
        let expected = (generation, manager)
        let maxBytes = UInt32(4 * X11ClientWindows.maximum)
        connection.getProperty(window: connection.root, property: atoms.clientList, maxBytes: maxBytes) { [weak self] value in
            guard let self, (self.generation, self.manager) == expected else { return }
            if value?.truncated == true && !self.warnedLongList {
                self.warnedLongList = true
                self.log.warning("the X11 window manager lists more than \(X11ClientWindows.maximum) windows; following the first \(X11ClientWindows.maximum)")
            }
            let (added, events) = self.clients.setList(value?.words ?? [])
            self.send(events)
            for window in added {
                connection.selectEvents(window: window, mask: UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue))
                self.readAppId(window, connection, atoms)
                self.readState(window, connection, atoms)
            }
        }
    }

    private func readActive(_ connection: X11Connection, _ atoms: X11Atoms) {
        let expected = (generation, manager)
        connection.getProperty(window: connection.root, property: atoms.activeWindow, maxBytes: 4) { [weak self] value in
            guard let self, (self.generation, self.manager) == expected else { return }
            self.send(self.clients.setActive(X11WindowProperties.window(value) ?? 0))
        }
    }

    private func readAppId(_ window: UInt32, _ connection: X11Connection, _ atoms: X11Atoms) {
        let expected = (generation, manager)
        connection.getProperty(window: window, property: atoms.gtkApplicationId,
                               maxBytes: X11WindowProperties.appIdRequestBytes) { [weak self] value in
            guard let self, (self.generation, self.manager) == expected else { return }
            let id = X11WindowProperties.appId(value, utf8: atoms.utf8String)
            self.logRefusal(id, "_GTK_APPLICATION_ID", window)
            self.send(self.clients.update(window) { $0.applicationId = .some(id) })
        }
        connection.getProperty(window: window, property: X11Atoms.windowClass,
                               maxBytes: X11WindowProperties.windowClassRequestBytes) { [weak self] value in
            guard let self, (self.generation, self.manager) == expected else { return }
            let windowClass = X11WindowProperties.windowClass(value, utf8: atoms.utf8String)
            self.logRefusal(windowClass, "WM_CLASS", window)
            guard case .success(let name)? = windowClass else {
                self.classLookups[window]?.then = .drop
                return self.send(self.clients.update(window) { $0.windowClass = .some(windowClass.map { $0.map { X11ClientWindows.WindowClass(name: $0) } }) })
            }
            self.lookUpClass(name, of: window)
        }
    }

    /// Reports the window once the desktop entry claiming its class (`StartupWMClass`) is
    /// known: a window is never reported under its class and then renamed.
    private func lookUpClass(_ name: String, of window: UInt32) {
        if classLookups[window] != nil {
            classLookups[window]!.then = .lookUp(name)
            return
        }
        let expected = (generation, manager)
        classLookupCount += 1
        let token = classLookupCount
        classLookups[window] = (token, .report)
        classLookup.lookUp(name) { [weak self] desktopId in
            guard let self, let lookup = self.classLookups[window], lookup.token == token else { return }
            self.classLookups[window] = nil
            switch lookup.then {
            case .report where (self.generation, self.manager) == expected:
                self.send(self.clients.update(window) { $0.windowClass = .some(.success(.init(name: name, desktopId: desktopId))) })
            case .lookUp(let newer):
                self.lookUpClass(newer, of: window)
            case .report, .drop:
                break
            }
        }
    }

    private func readState(_ window: UInt32, _ connection: X11Connection, _ atoms: X11Atoms) {
        let expected = (generation, manager)
        connection.getProperty(window: window, property: atoms.state,
                               maxBytes: 4 * X11WindowProperties.maximumStateAtoms) { [weak self] value in
            guard let self, (self.generation, self.manager) == expected else { return }
            let state = X11WindowProperties.state(value, hidden: atoms.stateHidden, fullscreen: atoms.stateFullscreen)
            self.send(self.clients.update(window) { $0.state = state })
        }
    }

    // MARK: Reporting

    private func send(_ list: [WindowTrackerEvent]) {
        for event in list {
            log.debug(event.logLine(tracker: "x11"))
            events?(event)
        }
    }

    private func leaveWindows() { send(clients.removeAll()) }

    /// Reports `.detached` once per reason (a server that stays away is not reported again).
    private func detach(_ reason: String) {
        guard reason != lastDetachReason else { return }
        lastDetachReason = reason
        log.info("window tracking: X11: \(reason)")
        events?(.detached(reason: reason))
    }

    /// A refused property is logged (escaped), at most 20 times per run: any client can set them.
    private func logRefusal(_ result: Result<String, X11WindowProperties.Refusal>?, _ property: String, _ window: UInt32) {
        guard case .failure(let refusal)? = result, refusalsLogged < 20 else { return }
        refusalsLogged += 1
        log.warning("window tracking: X11 window 0x\(String(window, radix: 16)) has an unusable \(property): \(refusal.reason)")
    }
}
