import OrientationCore

/// One compositor family's list of app windows. Lives on the GLib main loop thread. It watches
/// its compositor and reports what it sees through `events`; it never decides which window
/// is in front (the core does).
protocol WindowTracker: AnyObject {
    var kind: WindowTrackerKind { get }
    /// Starts watching; reports `.attached` when the compositor's window list is found,
    /// `.detached(reason:)` when it is not there or goes away (and keeps watching for its return).
    func start(events: @escaping (WindowTrackerEvent) -> Void)
    /// Stops watching.
    func stop()
}

/// What a tracker saw.
enum WindowTrackerEvent {
    case attached
    /// A window appeared or changed.
    case window(handle: UInt64, appId: String, activated: Bool, minimized: Bool, fullscreen: Bool)
    case closed(handle: UInt64)
    case detached(reason: String)
}
