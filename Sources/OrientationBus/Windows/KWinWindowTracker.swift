import CGio
import CWaylandProtocols
import Glibc
import OrientationCore

/// KWin (Plasma, Plasma Mobile): the windows of `org_kde_plasma_window_management`, through
/// libwayland-client.
///
/// KWin offers that list only to a program whose path is the `Exec` of an installed desktop
/// entry naming the interface in `X-KDE-Wayland-Interfaces` (orientd ships
/// `io.github.orientd.orientd.desktop`); to any other client the global is simply not there,
/// which is reported as the reason. Each window is reported after its `initial_state` (app id
/// and states complete) and when its app id or states change; `unmapped` closes it. KWin
/// going away reports every window closed, then `.detached`; the socket being bound again (a
/// folder watch, no polling) connects again. What KWin sends is bounded
/// (`WindowReportBounds`): at most 1,000 windows, app ids checked, bad input logged a few
/// times per connection.
final class KWinWindowTracker: WindowTracker {
    static let managerInterface = "org_kde_plasma_window_management"
    /// Globals only KWin offers: a compositor with one of them and without the window list is
    /// a KWin that does not trust this orientd's path.
    static let kwinInterfaces = ["org_kde_plasma_shell", "kde_output_management_v2", "org_kde_kwin_outputmanagement"]
    /// The desktop entry that makes KWin offer its window list to orientd.
    static let desktopEntry = "io.github.orientd.orientd.desktop"

    let kind = WindowTrackerKind.kwin
    let socketPath: String?
    let log: Log
    private var connection: WaylandConnection?
    private var appearance: SocketFileWatch?
    private var report: ((WindowTrackerEvent) -> Void)?
    private var retry: guint = 0
    /// What was last reported of each window.
    private var windows = ToplevelWindowList(tracker: "kwin")
    /// The compositor's absence, said once (not per retry).
    private var session = PeerSession<Void>()

    init(environment: [String: String], log: Log) {
        socketPath = WaylandSocket.socketPath(environment: environment)
        self.log = log
    }

    deinit { stop() }

    /// `--window-tracking auto`: KWin, whether or not it offers its window list to orientd (when
    /// it does not, the tracker says which desktop entry KWin asks for, rather than auto
    /// falling back to Xwayland's X11 windows, which miss every Wayland app).
    static func probe(environment: [String: String]) -> Bool {
        WaylandSocket.compositorOffers(any: [managerInterface] + kwinInterfaces, environment: environment)
    }

    func start(reports: @escaping (WindowTrackerEvent) -> Void) {
        report = reports
        guard let socketPath else {
            reports(.detached(reason: "no Wayland session: XDG_RUNTIME_DIR is not set"))
            return
        }
        let slash = socketPath.lastIndex(of: "/")!
        appearance = SocketFileWatch(directory: String(socketPath[..<slash]),
                                      name: String(socketPath[socketPath.index(after: slash)...])) { [weak self] in
            self?.connect(retriesLeft: WaylandPresence.connectRetries.count)
        }
        connect(retriesLeft: 0)
    }

    func stop() {
        appearance?.cancel()
        appearance = nil
        connection?.close()
        connection = nil
        cancelRetry()
        windows = ToplevelWindowList(tracker: "kwin")
        report = nil
    }

    private func connect(retriesLeft: Int) {
        guard let socketPath, report != nil, connection?.isOpen != true else { return }
        cancelRetry()
        let connection = WaylandConnection(socketPath: socketPath, binds: .plasmaWindows,
                                           maxToplevels: WindowReportBounds.maxWindows)
        var handlers = WaylandConnection.Handlers()
        handlers.listed = { [weak self] globals in self?.listed(globals) }
        handlers.toplevel = { [weak self] handle, appId, states in self?.window(handle, appId, states) }
        handlers.toplevelClosed = { [weak self] handle in self?.closed(handle) }
        handlers.toplevelRefused = { [weak self] in
            guard let self else { return }
            self.windows.bounds.warn("windows: kwin: KWin lists more than \(WindowReportBounds.maxWindows) windows; the rest are not followed", log: self.log)
        }
        handlers.ended = { [weak self] reason in self?.lost(reason) }
        do throws(WaylandWatchError) {
            try connection.open(handlers)
            self.connection = connection
            windows.bounds = WindowReportBounds()
        } catch {
            if retriesLeft > 0 {
                retry = afterDelay(milliseconds: WaylandPresence.connectRetries.milliseconds) { [weak self] in
                    self?.retry = 0
                    self?.connect(retriesLeft: retriesLeft - 1)
                }
            } else {
                lost(error.message)
            }
        }
    }

    private func listed(_ globals: [String]) {
        guard globals.contains(Self.managerInterface) else {
            lost(Self.absenceReason(globals: globals, socketPath: socketPath ?? "?"))
            return
        }
        session.present()
        report?(.attached)
    }

    /// Why the window list is not there: not KWin, or a KWin that does not trust this path.
    static func absenceReason(globals: [String], socketPath: String) -> String {
        guard globals.contains(where: kwinInterfaces.contains) else {
            return "the Wayland compositor on \(socketPath) is not KWin: it offers no \(managerInterface)"
        }
        let path = ownExecutable() ?? "orientd's path"
        return "KWin on \(socketPath) does not offer \(managerInterface) to \(path): it offers it only to a program that an installed desktop entry (\(desktopEntry)) names in Exec with X-KDE-Wayland-Interfaces=\(managerInterface)"
    }

    /// orientd's own executable, as KWin sees it (`/proc/self/exe`).
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func window(_ handle: UInt64, _ rawAppId: String?, _ states: UInt32) {
        if let event = windows.update(handle, rawAppId: rawAppId, states: states, log: log) { report?(event) }
    }

    private func closed(_ handle: UInt64) {
        if let event = windows.close(handle, log: log) { report?(event) }
    }

    /// KWin is not there or went away: its windows are gone with it.
    private func lost(_ reason: String) {
        connection?.close()
        connection = nil
        for event in windows.closeAll() { report?(event) }
        guard session.reportsAbsence(wasPresent: false) else { return }
        report?(.detached(reason: reason))
    }

    private func cancelRetry() {
        if retry != 0 { cancelDelay(retry) }
        retry = 0
    }
}
