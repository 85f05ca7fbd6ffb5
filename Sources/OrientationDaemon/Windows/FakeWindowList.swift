import OrientationCore

/// The window tracker `ORIENTD_FAKE_WINDOWS=KIND[:APP,APP…]` makes `auto` take
/// (`FakeAdapters`): a fixed list of app windows, one per APP in order (handles 1, 2, …), the
/// last one activated (in front). The app ids are bounded as a compositor's are
/// (`WindowReportBounds`). The manager's `WindowTracking` names KIND (a `WindowTrackerKind`:
/// the tracker a test plays), so the wire's vocabulary is the real one.
final class FakeWindowList: WindowTracker {
    let kind: WindowTrackerKind
    let appIds: [String]
    private let log: Log

    init(kind: WindowTrackerKind, appIds: [String], log: Log) { (self.kind, self.appIds, self.log) = (kind, appIds, log) }

    /// The kind and app ids the variable gives; nil (with a warning) when KIND is not a tracker's.
    static func list(in context: AdapterContext) -> (kind: WindowTrackerKind, appIds: [String])? {
        FakeAdapters.value(FakeAdapters.windows, in: context,
                           valid: "give KIND[:APP,APP…], KIND one of \(WindowTrackerKind.allCases.map(\.rawValue).joined(separator: ", "))") { raw in
            let parts = raw.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let kind = WindowTrackerKind(rawValue: String(parts[0])) else { return nil }
            let apps = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
            return (kind, Array(apps.prefix(WindowReportBounds.maxWindows)))
        }
    }

    func start(reports: @escaping (WindowTrackerEvent) -> Void) {
        log.warning("windows: \(FakeAdapters.windows) is set: the fake window tracker lists \(appIds.count) fixed windows, "
            + "reported as \(kind.rawValue); no compositor's windows are followed")
        reports(.attached)
        for (index, raw) in appIds.enumerated() {
            let (appId, problem) = WindowReportBounds.appId(raw)
            if let problem { log.warning("windows: fake: window \(index + 1): \(problem)") }
            reports(.window(handle: UInt64(index + 1), appId: appId, activated: index == appIds.count - 1,
                            minimized: false, fullscreen: false))
        }
    }

    func stop() {}
}
