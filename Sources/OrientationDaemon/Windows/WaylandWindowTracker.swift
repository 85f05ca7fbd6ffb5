import CGio
import CClientLibraries
import OrientationCore

/// A Wayland compositor's window list, through libwayland-client: wlroots' foreign toplevels
/// (`WlrootsWindowTracker`) or KWin's plasma windows (`KWinWindowTracker`), which differ only
/// in what `WaylandWindowList` says.
///
/// Each window is reported once its app id and states are complete, and only when what it
/// reports changed; closed when the compositor closes it. The compositor going away reports
/// every window closed, then `.detached`; the socket being bound again (a folder watch, no
/// polling) connects again. What the compositor sends is bounded (`WindowReportBounds`): at
/// most 1,000 windows, app ids checked, bad input logged a few times per connection.
class WaylandWindowTracker: WindowTracker {
    let list: WaylandWindowList
    var kind: WindowTrackerKind { list.kind }
    let socketPath: String?
    let log: Log
    private var connection: WaylandConnection?
    private var dialer: WaylandDialer?
    private var report: ((WindowTrackerEvent) -> Void)?
    /// What was last reported of each window.
    private var windows: ToplevelWindowList
    /// The compositor's absence, said once (not per retry).
    private var session = PeerSession<Void>()

    init(list: WaylandWindowList, environment: [String: String], log: Log) {
        self.list = list
        socketPath = WaylandSocket.socketPath(environment: environment)
        self.log = log
        windows = ToplevelWindowList(tracker: list.kind.rawValue)
    }

    deinit { stop() }

    func start(reports: @escaping (WindowTrackerEvent) -> Void) {
        report = reports
        guard let socketPath else {
            reports(.detached(reason: "no Wayland session: XDG_RUNTIME_DIR is not set"))
            return
        }
        let dialer = WaylandDialer(socketPath: socketPath)
        self.dialer = dialer
        dialer.start(dial: { [weak self] () throws(WaylandWatchError) in try self?.connect() },
                     failed: { [weak self] reason in self?.lost(reason) })
    }

    func stop() {
        dialer?.stop()
        dialer = nil
        connection?.close()
        connection = nil
        windows = ToplevelWindowList(tracker: list.kind.rawValue)
        report = nil
    }

    /// Opens a connection unless one is open.
    private func connect() throws(WaylandWatchError) {
        guard let socketPath, report != nil, connection?.isOpen != true else { return }
        let connection = WaylandConnection(socketPath: socketPath, binds: list.binds,
                                           maxToplevels: WindowReportBounds.maxWindows)
        var handlers = WaylandConnection.Handlers()
        handlers.listed = { [weak self] globals in self?.listed(globals) }
        handlers.toplevel = { [weak self] handle, appId, states in self?.window(handle, appId, states) }
        handlers.toplevelClosed = { [weak self] handle in self?.closed(handle) }
        handlers.toplevelRefused = { [weak self] in
            guard let self else { return }
            self.windows.bounds.warn("windows: \(self.list.kind.rawValue): \(self.list.compositor) lists more than \(WindowReportBounds.maxWindows) windows; its oldest windows not in front are no longer followed, to follow the newest", log: self.log)
        }
        handlers.toplevelManagerFinished = { [weak self] in
            self?.lost("the compositor on \(socketPath) stopped its window list")
        }
        handlers.ended = { [weak self] reason in self?.lost(reason) }
        try connection.open(handlers)
        self.connection = connection
        windows.bounds = WindowReportBounds()
    }

    private func listed(_ globals: [String]) {
        guard globals.contains(list.managerInterface) else {
            lost(list.absenceReason(globals, socketPath ?? "?"))
            return
        }
        session.present()
        report?(.attached)
    }

    private func window(_ handle: UInt64, _ rawAppId: String?, _ states: UInt32) {
        if let event = windows.update(handle, rawAppId: rawAppId, states: states, log: log) { report?(event) }
    }

    private func closed(_ handle: UInt64) {
        if let event = windows.close(handle, log: log) { report?(event) }
    }

    /// The compositor is not there or went away: its windows are gone with it.
    private func lost(_ reason: String) {
        connection?.close()
        connection = nil
        for event in windows.closeAll() { report?(event) }
        guard session.reportsAbsence(wasPresent: false) else { return }
        report?(.detached(reason: reason))
    }
}

/// What tells one compositor family's Wayland window list apart.
struct WaylandWindowList {
    let kind: WindowTrackerKind
    /// The global that offers the list.
    let managerInterface: String
    /// What the connection binds.
    let binds: WaylandConnection.Binds
    /// The compositor as log lines name it ("KWin", "the compositor").
    let compositor: String
    /// Why the list is not there, from the globals the compositor offers and its socket.
    let absenceReason: (_ globals: [String], _ socketPath: String) -> String
}
