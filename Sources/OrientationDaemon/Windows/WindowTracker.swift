import OrientationCore

/// One compositor family's list of app windows. Lives on the GLib main loop thread. It watches
/// its compositor and reports what it sees through `reports`; it never decides which window
/// is in front (the core does).
protocol WindowTracker: PeerAdapter where Report == WindowTrackerEvent {
    var kind: WindowTrackerKind { get }
    // `start` reports `.attached` when the compositor's window list is found,
    // `.detached(reason:)` when it is not there or goes away.
}

/// What a tracker saw.
enum WindowTrackerEvent {
    case attached
    /// A window appeared or changed.
    case window(handle: UInt64, appId: String, activated: Bool, minimized: Bool, fullscreen: Bool)
    case closed(handle: UInt64)
    case detached(reason: String)
}

extension WindowTrackerEvent {
    /// The debug line a tracker writes for a window or a close, named after the tracker.
    func logLine(tracker: String) -> String {
        switch self {
        case .window(let handle, let appId, let activated, let minimized, let fullscreen):
            return "windows: \(tracker): window \(handle) '\(ControlCharacters.escaped(appId))'"
                + (activated ? " activated" : "") + (minimized ? " minimized" : "") + (fullscreen ? " fullscreen" : "")
        case .closed(let handle):
            return "windows: \(tracker): window \(handle) closed"
        case .attached:
            return "windows: \(tracker): attached"
        case .detached(let reason):
            return "windows: \(tracker): detached: \(reason)"
        }
    }
}
