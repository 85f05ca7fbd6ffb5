import OrientationCore

/// The service's window part: the tracker `--window-tracking` chose (driven by the generic
/// `AdapterHost`), its reports turned into core commands with each app's desktop entry read
/// here. Lives on the main loop thread.
final class WindowPart {
    let host: AdapterHost<any WindowTracker, WindowTrackerEvent>
    let log: Log
    let limits: Limits
    /// Runs a command through the core (the service's `perform`, as an internal caller).
    var perform: (Command) throws(OrientationError) -> Void = { _ throws(OrientationError) in }
    /// The tracker's first answer (attached or detached) is in, or no tracker will answer.
    var answered: () -> Void = {}
    /// The core's state now (set by the service).
    var manager: () -> OrientationManager = { preconditionFailure("the service gives its parts the core's state") }
    /// Whether the tracker's absence was logged (said once, then only after it was attached).
    private var reportedDetached = false
    /// The pace at which the current tracker's windows reach the core, and that tracker.
    private var pace: WindowReportPace?
    private var pacedTracker: ObjectIdentifier?
    /// Windows the core had no room for, newest last, offered again when a window closes (the
    /// tracker reports a window only when it changes). Bounded: the oldest go first.
    private var refused: [TrackedWindow] = []
    static let refusedKept = 256

    init(family: AdapterFamily<any WindowTracker, WindowTrackerEvent> = WindowTrackers.family, log: Log, limits: Limits) {
        host = AdapterHost(family)
        (self.log, self.limits) = (log, limits)
    }

    /// The tracker while there is one.
    var tracker: (any WindowTracker)? { host.adapter }

    /// Starts the window tracker chosen by `--window-tracking` (none: only registered scenes count).
    func start(_ context: AdapterContext) {
        let choice = context.options.windowTracking
        if choice == .none { log.info("window tracking: none (only registered scenes count)") }
        let started = host.start(choice.adapterChoice, context: context, foundNothing: { [unowned self] in
            self.performWindow(.detached(reason: Self.autoWaitingStatus))
        }) { [unowned self] event, tracker in
            self.paced(event, from: tracker)
        }
        guard !started, tracker == nil else { return }
        defer { answered() }
        performWindow(.detached(reason: choice == .none ? Self.noneStatus : Self.autoWaitingStatus))
    }

    /// `WindowTrackingStatus` with `--window-tracking none`.
    static let noneStatus = "--window-tracking none: only registered scenes count (--window-tracking auto follows the compositor's app windows)"
    /// `WindowTrackingStatus` while `--window-tracking auto` has found no compositor.
    static let autoWaitingStatus = "--window-tracking auto found no compositor window list (no wlroots toplevel manager or KWin on Wayland, "
        + "no GNOME Shell session, no X server on DISPLAY); orientd waits for one, or choose one with --window-tracking"

    /// orientd serves before the tracker's first answer came (`StartupGate`):
    /// `WindowTrackingStatus` says so until it comes.
    func stillStarting() {
        let name = host.entryName.map { " (\($0))" } ?? ""
        performWindow(.detached(reason: "orientd is starting: waiting for the compositor's window list\(name)"))
    }

    /// Stops the tracker.
    func stop() {
        host.stop()
        pace?.cancel()
        (pace, pacedTracker) = (nil, nil)
    }

    /// A tracker's report through its pace (`WindowReportPace`): a tracker that replaced
    /// another gets a pace of its own, and what the other's still held is dropped.
    private func paced(_ event: WindowTrackerEvent, from tracker: any WindowTracker) {
        if pacedTracker != ObjectIdentifier(tracker) {
            pace?.cancel()
            pace = WindowReportPace { [unowned self, weak tracker] event in
                guard let tracker else { return }
                self.take(event, from: tracker)
            }
            pacedTracker = ObjectIdentifier(tracker)
        }
        pace?.take(event)
    }

    /// A tracker's report, turned into a core command (with the orientations the app's desktop entry declares, read here).
    private func take(_ event: WindowTrackerEvent, from tracker: any WindowTracker) {
        switch event {
        case .attached:
            log.info("windows: following \(tracker.kind.rawValue)'s app windows")
            reportedDetached = false
            performWindow(.attached(tracker.kind))
            answered()
        case .window(let handle, let appId, let activated, let minimized, let fullscreen):
            performWindow(.window(TrackedWindow(handle: handle, appId: appId, activated: activated, minimized: minimized,
                                                fullscreen: fullscreen, declared: declaredOrientations(of: appId))))
        case .closed(let handle):
            performWindow(.closed(handle: handle))
        case .detached(let reason):
            if manager().windows.tracker != nil {
                log.warning("windows: \(tracker.kind.rawValue): \(reason); WindowTracking is none until the compositor returns")
            } else if !reportedDetached {
                log.info("windows: \(tracker.kind.rawValue): \(reason); WindowTracking is none until it is there")
            }
            reportedDetached = true
            performWindow(.detached(reason: "\(tracker.kind.rawValue): \(reason)"))
            answered()
        }
    }

    /// What the app's desktop entry declares, for phones and for large screens, and whether it
    /// is a game (the core takes the part in force for the screen and its posture); nil for an
    /// app id that is not one (never looked up as a file name) or an entry that declares none.
    func declaredOrientations(of appId: String) -> DeclaredOrientations? {
        guard (try? limits.checkAppId(appId)) != nil else { return nil }
        return DesktopEntry.declared(appId: appId, natural: manager().output.natural, log: log)
    }

    private func performWindow(_ command: WindowCommand) {
        switch command {
        case .attached, .detached: refused = []
        case .window(let window): refused.removeAll { $0.handle == window.handle }
        case .closed(let handle): refused.removeAll { $0.handle == handle }
        }
        do {
            try perform(.window(command))
        } catch {
            log.warning("windows: \(error.message)")
            if error.kind == .limitExceeded, case .window(let window) = command {
                refused.append(window)
                if refused.count > Self.refusedKept { refused.removeFirst() }
            }
            return
        }
        if case .closed = command { offerRefused() }
    }

    /// A slot freed: the newest refused window is offered again (and kept waiting when it is
    /// refused again).
    private func offerRefused() {
        guard let window = refused.popLast() else { return }
        do {
            try perform(.window(.window(window)))
        } catch {
            if error.kind == .limitExceeded { refused.append(window) }
        }
    }
}
