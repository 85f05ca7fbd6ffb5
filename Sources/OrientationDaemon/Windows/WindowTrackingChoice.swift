import GLibBridge
import OrientationCore

/// `--window-tracking`: whose list of app windows orientd follows.
public enum WindowTrackingChoice: String, CaseIterable, Sendable {
    /// Whatever the session offers (the first tracker whose compositor is there).
    case auto
    case wlroots
    case kwin
    case gnome
    case x11
    /// Follow no window list: only registered scenes count.
    case none

    /// The valid values, for usage errors and --help.
    public static let validNames = allCases.map(\.rawValue).joined(separator: ", ")

    /// The tracker kind a fixed choice names (nil for auto and none).
    public var kind: WindowTrackerKind? { WindowTrackerKind(rawValue: rawValue) }
}

/// Makes the tracker `--window-tracking` chose; nil when none is chosen or this build has no
/// tracker for it (each tracker plugs in at `make(_:options:connection:log:)`).
enum WindowTrackerChoosing {
    static func make(for options: ServiceOptions, connection: BusConnection, log: Log) -> (any WindowTracker)? {
        switch options.windowTracking {
        case .none:
            return nil
        case .auto:
            let environment = ProcessEnvironment.current()
            if WlrootsWindowTracker.probe(environment: environment) {
                return make(.wlroots, options: options, connection: connection, log: log)
            }
            if KWinWindowTracker.probe(environment: environment) {
                return make(.kwin, options: options, connection: connection, log: log)
            }
            if GnomeWindowTracker.probe(connection: connection) {
                return make(.gnome, options: options, connection: connection, log: log)
            }
            if let display = environment["DISPLAY"], !display.isEmpty {
                return make(.x11, options: options, connection: connection, log: log)
            }
            log.info("windows: --window-tracking auto found no compositor window list (no wlroots toplevel manager or KWin on Wayland, no GNOME Shell on the session bus, no DISPLAY); WindowTracking stays none")
            return nil
        case .wlroots, .kwin, .gnome, .x11:
            let kind = options.windowTracking.kind!
            guard let tracker = make(kind, options: options, connection: connection, log: log) else {
                log.warning("windows: the \(kind.rawValue) window tracker is not built into this orientd; WindowTracking stays none")
                return nil
            }
            return tracker
        }
    }

    /// One tracker by kind; nil when this build has none for it.
    static func make(_ kind: WindowTrackerKind, options: ServiceOptions, connection: BusConnection, log: Log) -> (any WindowTracker)? {
        switch kind {
        case .x11:
            // A window without _GTK_APPLICATION_ID is claimed by the desktop entry whose
            // StartupWMClass is its WM_CLASS class, else named by that class.
            return X11WindowTracker(display: ProcessEnvironment.current()["DISPLAY"] ?? "", log: log) {
                DesktopEntry.appId(startupWMClass: $0, log: log)
            }
        case .wlroots:
            return WlrootsWindowTracker(environment: ProcessEnvironment.current(), log: log)
        case .kwin:
            return KWinWindowTracker(environment: ProcessEnvironment.current(), log: log)
        case .gnome:
            return GnomeWindowTracker(connection: connection, log: log)
        }
    }
}
