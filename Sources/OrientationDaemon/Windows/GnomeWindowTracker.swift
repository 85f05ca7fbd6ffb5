import GLibBridge
import OrientationCore

/// GNOME Shell: the windows its orientd extension (`orientd-shell45@orientd.github.io` on
/// GNOME Shell 45 and later, `orientd@orientd.github.io` on 43 and 44) publishes as
/// `io.github.orientd.ShellWindows1` on the Shell's own session-bus connection.
///
/// The Shell lets no other program list its windows, so the extension does it from inside.
/// orientd believes only the connection that owns `org.gnome.Shell`: it calls `GetWindows` on
/// that unique name and hears `WindowsChanged` only from it (a match on the unique name, and
/// the sender checked again), so another program exporting the same path or sending the same
/// signal is not heard. Each list is the whole list; what changed is passed on, bounded like
/// every tracker's (`WindowReportBounds`). Lists that come faster than they are read wait one
/// at a time: only the newest, kept on GDBus's thread (`addLatestSignal`: a Shell sending
/// hundreds costs one read of the last, and memory for one), and its size is checked before
/// anything is built from it. Without the Shell, or with the extension not
/// enabled, the tracker is detached and says why; the extension's first signal after it is
/// enabled, or a new Shell, attaches it.
final class GnomeWindowTracker: WindowTracker {
    static let shellName = "org.gnome.Shell"
    static let path = "/io/github/orientd/ShellWindows1"
    static let interface = "io.github.orientd.ShellWindows1"
    static let extensionUUID = "orientd@orientd.github.io"
    /// The same extension for GNOME Shell 45 and later (ES modules).
    static let extensionUUIDShell45 = "orientd-shell45@orientd.github.io"
    static let windowsType = "(a(tsbbb))"

    let kind = WindowTrackerKind.gnome
    let connection: BusConnection
    let log: Log
    private var report: ((WindowTrackerEvent) -> Void)?
    /// The name watches shared with orientd's other parts.
    private let names: NameOwners
    private var nameWatch: NameOwners.WatchID?
    private var subscription: CoalescedSignalID?
    /// The Shell's unique name now (nil: not on the bus).
    private var shell: String?
    /// The epoch (a new Shell drops replies meant for an older one) and its absence said once.
    private var session = PeerSession<Void>()
    private var attached = false
    private var windows = WindowListDiff()
    private var bounds = WindowReportBounds()
    /// Lists longer than this are large: their memory (GDBus's parsed copies, read or not) is
    /// given back once they stop coming.
    static let largeList = 256
    private let trim = HeapTrimSchedule()

    init(connection: BusConnection, names: NameOwners, log: Log) {
        self.connection = connection
        self.names = names
        self.log = log
    }

    deinit { stop() }

    func start(reports: @escaping (WindowTrackerEvent) -> Void) {
        report = reports
        nameWatch = names.watch(Self.shellName, appeared: { [weak self] _, owner in
            self?.shellAppeared(owner)
        }, vanished: { [weak self] _ in
            guard let self else { return }
            let wasThere = self.shell != nil
            self.forgetShell()
            self.lost(wasThere ? "\(Self.shellName) left the session bus (GNOME Shell stopped)"
                               : "GNOME Shell (\(Self.shellName)) is not on the session bus")
        })
    }

    func stop() {
        if let nameWatch { names.unwatch(nameWatch) }
        nameWatch = nil
        forgetShell()
        windows = WindowListDiff()
        report = nil
    }

    private func shellAppeared(_ owner: String) {
        forgetShell()
        shell = owner
        bounds = WindowReportBounds()
        // Only the newest list waits, kept on GDBus's thread: older ones are dropped as it comes.
        subscription = connection.addLatestSignal(sender: owner, interface: Self.interface, member: "WindowsChanged",
                                                  path: Self.path) { [weak self] parameters in
            guard let self, self.shell == owner else { return }
            if parameters.isOfType(Self.windowsType), parameters.child(at: 0).childCount > Self.largeList { self.trim.burst() }
            self.take(parameters)
        }
        let epoch = session.epoch
        connection.callAsync(destination: owner, path: Self.path, interface: Self.interface, method: "GetWindows",
                             timeoutMilliseconds: 10_000) { [weak self] result in
            guard let self, self.session.isCurrent(epoch) else { return }
            switch result {
            case .success(let reply):
                self.take(reply)
            case .failure(let error):
                // Not enabled (yet): its first WindowsChanged attaches the tracker.
                guard !self.attached else { return }
                self.lost("GNOME Shell does not answer \(Self.interface).GetWindows (\(error.message)): enable orientd's extension with `gnome-extensions enable \(Self.extensionUUIDShell45)` (GNOME Shell 45 and later) or `gnome-extensions enable \(Self.extensionUUID)` (43, 44)")
            }
        }
    }

    private func forgetShell() {
        session.newPeer()
        shell = nil
        if let subscription { connection.removeCoalescedSignal(subscription) }
        subscription = nil
    }

    /// One whole list from the Shell: attach if needed, then pass on what changed.
    private func take(_ parameters: Variant) {
        guard report != nil else { return }
        guard parameters.isOfType(Self.windowsType) else {
            bounds.warn("windows: gnome: the Shell's extension sent \(Self.interface) windows of type \(parameters.typeString), not \(Self.windowsType); ignored", log: log)
            return
        }
        if !attached {
            attached = true
            session.present()
            report?(.attached)
        }
        // Counted before anything is built from it: a list of 200,000 windows costs a look at 1,000.
        let entries = parameters.child(at: 0)
        let count = entries.childCount
        if count > WindowReportBounds.maxWindows {
            bounds.warn("windows: gnome: the Shell's extension listed \(count) windows; only the first \(WindowReportBounds.maxWindows) are followed", log: log)
        }
        var listed: [UInt64: WindowListDiff.Window] = [:]
        for index in 0..<min(count, WindowReportBounds.maxWindows) {
            let entry = entries.child(at: index)
            guard let handle = entry.child(at: 0).uint64 else { continue }
            let (appId, problem) = WindowReportBounds.appId(entry.child(at: 1).string)
            if let problem, windows.listed[handle]?.appId != appId {
                bounds.warn("windows: gnome: a window sent \(problem); it is reported without an app id", log: log)
            }
            listed[handle] = .init(appId: appId, activated: entry.child(at: 2).bool ?? false,
                                   minimized: entry.child(at: 3).bool ?? false, fullscreen: entry.child(at: 4).bool ?? false)
        }
        windows.replace(with: listed)
        for event in windows.next() { pass(event) }
    }

    /// Passes a window's change on, with its debug line.
    private func pass(_ event: WindowTrackerEvent) {
        log.debug(event.logLine(tracker: "gnome"))
        report?(event)
    }

    /// The Shell or its extension is not there: its windows are gone with it.
    private func lost(_ reason: String) {
        windows.removeAll()
        for event in windows.next() { pass(event) }
        attached = false
        guard session.reportsAbsence(wasPresent: false) else { return }
        report?(.detached(reason: reason))
    }
}
