/// The bounds on followed windows (`Limits.trackedWindows`, `Limits.trackedWindowsPerApp`), so
/// that no client can fill them and blind orientd to the user's app:
///
/// - One app holds at most `trackedWindowsPerApp` windows: its newest window takes the place
///   of its own longest idle one (the least recently reported that is not in front), so a
///   client flooding windows under one app id churns only its own.
/// - At `trackedWindows` in all, a new window that is not in front is refused (the service
///   offers it again when a slot frees), and a new window the compositor reports activated
///   takes the place of the longest idle window of the app holding the most: the window in
///   front is always followed, whatever the others hold.
extension OrientationManager {
    /// Makes room for `window` (not yet tracked), evicting as the bounds say; throws
    /// `LimitExceeded` when it is not to be followed.
    mutating func makeRoom(for window: TrackedWindow, events: inout [Event]) throws(OrientationError) {
        // Every check comes before the first eviction: a refused window changes nothing.
        let inFront = window.activated && !window.minimized
        let description = "window \(window.handle) of \(window.appId.isEmpty ? "an unnamed app" : window.appId)"
        if windows.windowsByApp[window.appId, default: 0] >= limits.trackedWindowsPerApp {
            guard let victim = windows.longestIdle(of: window.appId) else {
                throw .limitExceeded("The window tracker reports \(limits.trackedWindowsPerApp) windows of one app, all in front; the limit per app is \(limits.trackedWindowsPerApp): \(description) is not followed")
            }
            // One of its own goes: the count in all stays within its limit.
            evict(victim, events: &events)
            return
        }
        guard windows.windows.count >= limits.trackedWindows else { return }
        guard inFront else {
            throw .limitExceeded("The window tracker reports \(windows.windows.count) windows; the limit is \(limits.trackedWindows): \(description) is not followed until one closes")
        }
        guard let victim = windows.longestIdleOfTheLargestApp() else {
            throw .limitExceeded("The window tracker reports \(windows.windows.count) windows, all in front; the limit is \(limits.trackedWindows): \(description) is not followed")
        }
        evict(victim, events: &events)
    }

    /// Stops following the window `handle` (as if it closed; the tracker reports it again when it changes).
    private mutating func evict(_ handle: UInt64, events: inout [Event]) {
        guard let old = windows.remove(handle) else { return }
        reconcileObserved(old.appId, events: &events)
    }
}

extension WindowState {
    /// `appId`'s window reported longest ago that is not in front; nil when every one is.
    func longestIdle(of appId: String) -> UInt64? {
        var found: (handle: UInt64, reported: UInt64)?
        for (handle, window) in windows where window.appId == appId && !activationOrder.contains(handle) {
            let reported = lastReported[handle, default: 0]
            if found == nil || reported < found!.reported { found = (handle, reported) }
        }
        return found?.handle
    }

    /// The longest idle window of the app with the most windows (unnamed windows count as one app).
    func longestIdleOfTheLargestApp() -> UInt64? {
        let largest = windowsByApp.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (appId, _) in largest {
            if let handle = longestIdle(of: appId) { return handle }
        }
        return nil
    }
}
