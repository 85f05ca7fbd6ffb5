import OrientationCore

extension OrientationService {
    /// Starts the window tracker chosen by `--window-tracking` (none: only registered scenes count).
    func startWindows() {
        guard let tracker = WindowTrackerChoosing.make(for: options, connection: connection, log: log) else {
            if options.windowTracking == .none { log.info("window tracking: none (only registered scenes count)") }
            return
        }
        windowLink.tracker = tracker
        let pace = WindowReportPace { [unowned self, weak tracker] event in
            guard let tracker else { return }
            self.windowEvent(event, from: tracker)
        }
        windowLink.pace = pace
        tracker.start { [weak pace] event in pace?.take(event) }
    }

    /// Stops the tracker.
    func stopWindows() {
        windowLink.tracker?.stop()
        windowLink.pace?.cancel()
        (windowLink.tracker, windowLink.pace) = (nil, nil)
    }

    /// A tracker's report, turned into a core command (with the app's manifest, read here).
    func windowEvent(_ event: WindowTrackerEvent, from tracker: any WindowTracker) {
        guard tracker === windowLink.tracker else { return }
        switch event {
        case .attached:
            log.info("windows: following \(tracker.kind.rawValue)'s app windows")
            windowLink.reportedDetached = false
            performWindow(.attached(tracker.kind))
        case .window(let handle, let appId, let activated, let minimized, let fullscreen):
            performWindow(.window(TrackedWindow(handle: handle, appId: appId, activated: activated, minimized: minimized,
                                                fullscreen: fullscreen, manifest: manifest(of: appId))))
        case .closed(let handle):
            performWindow(.closed(handle: handle))
        case .detached(let reason):
            if manager.windows.tracker != nil {
                log.warning("windows: \(tracker.kind.rawValue): \(reason); WindowTracking is none until the compositor returns")
            } else if !windowLink.reportedDetached {
                log.info("windows: \(tracker.kind.rawValue): \(reason); WindowTracking is none until it is there")
            }
            windowLink.reportedDetached = true
            performWindow(.detached)
        }
    }

    /// The app's desktop entry's orientations for the idiom of observed scenes; nil for an
    /// app id that is not one (never looked up as a file name) or an entry that declares none.
    func manifest(of appId: String) -> AppManifest? {
        guard (try? options.limits.checkAppId(appId)) != nil,
              let (mask, file) = DesktopEntry.whitelist(appId: appId, idiom: manager.observedIdiom, log: log) else { return nil }
        return AppManifest(mask: mask, file: file)
    }

    private func performWindow(_ command: WindowCommand) {
        do {
            try perform(.window(command), caller: "")
        } catch {
            log.warning("windows: \(error.message)")
        }
    }
}
