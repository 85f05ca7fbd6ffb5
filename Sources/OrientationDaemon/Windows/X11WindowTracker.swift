import CGio
import CClientLibraries
import OrientationCore

/// The app windows of an X11 session, as its EWMH window manager lists them: the root
/// window's `_NET_CLIENT_LIST` and `_NET_ACTIVE_WINDOW`, and each client's `_NET_WM_STATE`
/// (hidden: minimized; fullscreen), `_GTK_APPLICATION_ID` and `WM_CLASS`, all followed
/// through PropertyNotify on one libxcb connection (see `X11Connection`: nothing here blocks
/// the loop). The window manager is found by `_NET_SUPPORTING_WM_CHECK`; without one (or
/// when it goes) the tracker detaches and waits for one. The X server going away detaches
/// too; its return is seen when it binds its socket in /tmp/.X11-unix again.
///
/// Any X client can change properties as fast as the server lets it: a change only asks for
/// a read (`X11PropertyReads`: one in flight per window and property, only the wish to read
/// once more waiting), the manager is looked for once at a time, and the connection hands
/// out a bounded batch of events per turn of the loop.
final class X11WindowTracker: WindowTracker {
    let kind = WindowTrackerKind.x11
    let display: String
    let log: Log

    private var events: ((WindowTrackerEvent) -> Void)?
    private var connection: X11Connection?
    private var connecting = false
    /// The X server as the peer: its epoch (bumped by `stop()`, each connection and its end:
    /// answers on an older one are dropped) and its absence said once.
    private var session = PeerSession<Void>()
    /// One look for the window manager at a time; a change meanwhile looks once more after it.
    private var managerLook = OneCallAtATime<Void>()
    private var reads = X11PropertyReads()
    private var appearance: SocketFileWatch?
    /// Tries after the socket file appears: the server binds it a moment before it listens
    /// (up to 9 s: on a loaded machine an X server can take seconds between the two).
    static let connectRetries = (count: 30, milliseconds: UInt32(300))
    /// Tries left after a failed one. Set by the socket's appearance even while a try is in
    /// flight, so that a server appearing during a try that then fails is still waited for.
    private var retriesLeft = 0, retryTimer: guint = 0
    private var atoms: X11Atoms?
    /// The window manager's check window, while attached.
    private var manager: UInt32?
    /// The client windows as read (`X11WindowTracker+State.swift` reads their state too).
    var clients: X11ClientWindows
    private var warnedLongList = false, refusalsLogged = 0

    private let classLookup: X11WindowClassLookup
    /// The windows whose `WM_CLASS` is being looked up: which lookup, and what its answer is
    /// for. One lookup per window at a time, so a client renaming its window in a loop
    /// queues nothing: only its newest class is looked up next.
    private var classLookups: [UInt32: (token: Int, then: ClassLookupEnd)] = [:]
    private var classLookupCount = 0
    private enum ClassLookupEnd { case report, lookUp(String), drop }

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
        newServer()
        connection?.close()
        appearance?.cancel()
        (connection, appearance, atoms, manager, connecting, events) = (nil, nil, nil, nil, false, nil)
        session.present()  // a new start says the absence again
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
        newServer()
        let expected = session.epoch
        X11Connection.open(display: display) { [weak self] result in
            guard let self, self.session.isCurrent(expected) else {
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
                self.session.present()  // the server is back: the manager's absence is said again
                self.connected(connection)
            }
        }
    }

    private func connected(_ connection: X11Connection) {
        self.connection = connection
        let expected = session.epoch
        connection.start(events: { [weak self] event in self?.handle(event) },
                         lost: { [weak self] reason in self?.lost(reason) })
        X11Atoms.intern(on: connection) { [weak self] atoms in
            guard let self, self.session.isCurrent(expected) else { return }
            guard let atoms else { return self.lost("the X server \(self.display) refused to name the EWMH atoms") }
            self.atoms = atoms
            connection.selectEvents(window: connection.root, mask: UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue))
            self.findManager()
        }
    }

    private func lost(_ reason: String) {
        connection?.close()
        (connection, atoms, manager) = (nil, nil, nil)
        newServer()
        leaveWindows()
        detach("the connection to the X server \(display) ended (\(reason)); waiting for it to return")
    }

    // MARK: The window manager

    /// Looks for an EWMH window manager: the root's `_NET_SUPPORTING_WM_CHECK` names a
    /// window whose own `_NET_SUPPORTING_WM_CHECK` names itself (a stale value left by a
    /// manager that died names a window that is gone). Its destruction is watched from
    /// before it is confirmed, so that a manager leaving is never missed.
    private func findManager() {
        guard let connection, let atoms, managerLook.submit(()) != nil else { return }
        let expected = session.epoch
        let ended: (_ found: (UInt32, String)?) -> Void = { [weak self] found in
            guard let self, self.session.isCurrent(expected) else { return }
            if let (window, name) = found { self.managerFound(window, name: name) } else { self.noManager() }
            if self.managerLook.finish() != nil { self.findManager() }
        }
        connection.getProperty(window: connection.root, property: atoms.supportingCheck, maxBytes: 4) { value in
            guard let candidate = X11WindowProperties.window(value) else { return ended(nil) }
            connection.selectEvents(window: candidate, mask: UInt32(XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue))
            connection.getProperty(window: candidate, property: atoms.supportingCheck, maxBytes: 4) { named in
                guard X11WindowProperties.window(named) == candidate else { return ended(nil) }
                connection.getProperty(window: candidate, property: atoms.name, maxBytes: 64) { name in
                    ended((candidate, name.map { X11WindowProperties.escaped($0.bytes) } ?? ""))
                }
            }
        }
        connection.flush()
    }

    private func managerFound(_ window: UInt32, name: String) {
        guard let connection, let atoms, window != manager else { return }
        if manager != nil { leaveWindows() }
        manager = window
        reads.removeAll()
        session.present()
        log.info("window tracking: following the X11 window manager \(name.isEmpty ? "(unnamed)" : name) on \(display)")
        events?(.attached)
        readList(connection, atoms)
        readActive(connection, atoms)
        connection.flush()
    }

    private func noManager() {
        let had = manager != nil
        manager = nil
        reads.removeAll()
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
            if atom == atoms.gtkApplicationId {
                readApplicationId(window, connection, atoms)
            } else if atom == X11Atoms.windowClass {
                readWindowClass(window, connection, atoms)
            } else if atom == atoms.state {
                readState(window, connection, atoms)
            }
        }
    }

    // MARK: Reading

    /// Reads `property` of `window` unless a read of it is in flight (then it is read once
    /// more after that one); `take` gets the value while the server and manager are the same.
    func read(_ window: UInt32, _ property: UInt32, maxBytes: UInt32, _ connection: X11Connection,
                      _ take: @escaping (X11PropertyValue?) -> Void) {
        let key = X11PropertyReads.Key(window: window, property: property)
        guard reads.start(key) else { return }
        let expected = (session.epoch, manager)
        connection.getProperty(window: window, property: property, maxBytes: maxBytes) { [weak self] value in
            guard let self, (self.session.epoch, self.manager) == expected else { return }
            take(value)
            guard self.reads.finish(key), let connection = self.connection else { return }
            self.read(window, property, maxBytes: maxBytes, connection, take)
        }
    }

    private func readList(_ connection: X11Connection, _ atoms: X11Atoms) {
        let maxBytes = UInt32(4 * X11ClientWindows.maximum)
        read(connection.root, atoms.clientList, maxBytes: maxBytes, connection) { [weak self] value in
            guard let self, let connection = self.connection else { return }
            if value?.truncated == true && !self.warnedLongList {
                self.warnedLongList = true
                self.log.warning("the X11 window manager lists more than \(X11ClientWindows.maximum) windows; following the first \(X11ClientWindows.maximum) and the active window")
            }
            let (added, events) = self.clients.setList(value?.words ?? [], truncated: value?.truncated == true)
            self.send(events)
            self.follow(added, connection, atoms)
        }
    }

    /// Starts following `windows`: their property changes, and their properties read now.
    private func follow(_ windows: [UInt32], _ connection: X11Connection, _ atoms: X11Atoms) {
        for window in windows {
            connection.selectEvents(window: window, mask: UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue))
            readApplicationId(window, connection, atoms)
            readWindowClass(window, connection, atoms)
            readState(window, connection, atoms)
        }
    }

    private func readActive(_ connection: X11Connection, _ atoms: X11Atoms) {
        read(connection.root, atoms.activeWindow, maxBytes: 4, connection) { [weak self] value in
            guard let self, let connection = self.connection else { return }
            let (added, events) = self.clients.setActive(X11WindowProperties.window(value) ?? 0)
            self.send(events)
            self.follow(added, connection, atoms)
        }
    }

    private func readApplicationId(_ window: UInt32, _ connection: X11Connection, _ atoms: X11Atoms) {
        read(window, atoms.gtkApplicationId, maxBytes: X11WindowProperties.appIdRequestBytes, connection) { [weak self] value in
            guard let self else { return }
            let id = X11WindowProperties.appId(value, utf8: atoms.utf8String)
            self.logRefusal(id, "_GTK_APPLICATION_ID", window)
            self.send(self.clients.update(window) { $0.applicationId = .some(id) })
        }
    }

    private func readWindowClass(_ window: UInt32, _ connection: X11Connection, _ atoms: X11Atoms) {
        read(window, X11Atoms.windowClass, maxBytes: X11WindowProperties.windowClassRequestBytes, connection) { [weak self] value in
            guard let self else { return }
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
        let expected = (session.epoch, manager)
        classLookupCount += 1
        let token = classLookupCount
        classLookups[window] = (token, .report)
        classLookup.lookUp(name) { [weak self] desktopId in
            guard let self, let lookup = self.classLookups[window], lookup.token == token else { return }
            self.classLookups[window] = nil
            switch lookup.then {
            case .report where (self.session.epoch, self.manager) == expected:
                self.send(self.clients.update(window) { $0.windowClass = .some(.success(.init(name: name, desktopId: desktopId))) })
            case .lookUp(let newer):
                self.lookUpClass(newer, of: window)
            case .report, .drop:
                break
            }
        }
    }

    // MARK: Reporting

    func send(_ list: [WindowTrackerEvent]) {
        for event in list {
            log.debug(event.logLine(tracker: "x11"))
            events?(event)
        }
    }

    private func leaveWindows() { send(clients.removeAll()) }

    /// A new X server (or none): answers from the old one are dropped, nothing is in flight.
    private func newServer() {
        session.newPeer()
        managerLook.cancel()
        reads.removeAll()
    }

    /// Reports `.detached` when the manager was there, or once since it last was (a server
    /// that stays away, or a manager's check window flapping, is not reported again).
    private func detach(_ reason: String) {
        guard session.reportsAbsence(wasPresent: false) else { return }
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
