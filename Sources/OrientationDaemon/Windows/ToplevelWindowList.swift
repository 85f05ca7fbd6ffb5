import CClientLibraries
import OrientationCore

/// What a Wayland window tracker passes on of its compositor's toplevels (wlroots' and KWin's
/// lists give each window an app id and a set of `ORIENTD_WL_*` state bits): a window is
/// reported only when what orientd reads of it changed (`WindowListDiff`, as every tracker), and an app id that fails
/// `WindowReportBounds` is reported as none, with a bounded warning.
struct ToplevelWindowList {
    /// The tracker's name in log lines (`wlroots`, `kwin`).
    let tracker: String
    var bounds = WindowReportBounds()
    private var windows = WindowListDiff()

    init(tracker: String) { self.tracker = tracker }

    /// A window's app id and states after its `done`; the event to report, if anything changed.
    mutating func update(_ handle: UInt64, rawAppId: String?, states: UInt32, log: Log) -> WindowTrackerEvent? {
        let (appId, problem) = WindowReportBounds.appId(rawAppId)
        if let problem, windows.listed[handle]?.appId != appId {
            bounds.warn("windows: \(tracker): a window sent \(problem); it is reported without an app id", log: log)
        }
        windows.set(handle, .init(appId: appId, activated: states & UInt32(ORIENTD_WL_ACTIVATED) != 0,
                                  minimized: states & UInt32(ORIENTD_WL_MINIMIZED) != 0,
                                  fullscreen: states & UInt32(ORIENTD_WL_FULLSCREEN) != 0))
        guard let event = windows.next().first else { return nil }  // a repeated done: nothing changed
        log.debug(event.logLine(tracker: tracker))
        return event
    }

    /// A window the compositor closed; its `.closed`, if it had been reported.
    mutating func close(_ handle: UInt64, log: Log) -> WindowTrackerEvent? {
        windows.set(handle, nil)
        guard let event = windows.next().first else { return nil }
        log.debug(event.logLine(tracker: tracker))
        return event
    }

    /// Forgets every window (the compositor went away): a `.closed` for each, in handle order.
    mutating func closeAll() -> [WindowTrackerEvent] {
        windows.removeAll()
        return windows.next()
    }
}
