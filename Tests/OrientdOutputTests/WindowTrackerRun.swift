import CClientLibraries
import GLibBridge
@testable import OrientationDaemon
import TestSupport
import XCTest

/// A window tracker driven in-process on a GLib loop of its own, its events collected for the
/// test: the real adapter against a real compositor, without the service around it.
final class WindowTrackerRun: @unchecked Sendable {
    /// What the tracker knows of one window, replayed from its events.
    struct Window: Equatable, Sendable {
        var appId: String
        var activated: Bool
        var minimized: Bool
        var fullscreen: Bool
    }

    let loop = MainLoop.startThread(name: "window-tracker")
    let events = LockedValue<[WindowTrackerEvent]>([])
    /// Only touched on the loop's thread.
    private var tracker: (any WindowTracker)?

    init(_ make: @escaping @Sendable () -> any WindowTracker) {
        loop.sync { [self] in
            let tracker = make()
            tracker.start { [events] event in events.withLock { $0.append(event) } }
            self.tracker = tracker
        }
    }

    func stop() {
        loop.sync { [self] in
            tracker?.stop()
            tracker = nil
        }
        loop.stopThread()
    }

    /// The windows open now, by handle, as the events say.
    var windows: [UInt64: Window] {
        var windows: [UInt64: Window] = [:]
        for event in events.value {
            switch event {
            case .window(let handle, let appId, let activated, let minimized, let fullscreen):
                windows[handle] = Window(appId: appId, activated: activated, minimized: minimized, fullscreen: fullscreen)
            case .closed(let handle):
                windows[handle] = nil
            case .attached, .detached:
                break
            }
        }
        return windows
    }

    /// The one open window of `appId` (nil: none or several).
    func window(of appId: String) -> (handle: UInt64, window: Window)? {
        let matches = windows.filter { $0.value.appId == appId }
        guard matches.count == 1, let match = matches.first else { return nil }
        return (match.key, match.value)
    }

    var attachedCount: Int { events.value.filter { if case .attached = $0 { true } else { false } }.count }
    var detachReasons: [String] { events.value.compactMap { if case .detached(let reason) = $0 { reason } else { nil } } }

    /// The events as lines, for failure messages.
    var transcript: String { events.value.map { "\($0)" }.joined(separator: "\n") }
}

/// The test's task switcher, as Phosh's overview or Plasma's task manager is one: a Wayland
/// client of its own that follows the compositor's windows (wlroots' list, or KWin's with
/// `binds: [.plasmaWindows]`) and asks it to activate or minimize one by app id.
final class TaskSwitcher: @unchecked Sendable {
    let loop: MainLoop
    /// Only touched on the loop's thread.
    private var connection: WaylandConnection?
    private var handles: [String: UInt64] = [:]
    /// Whether each app's window was activated in the compositor's latest report.
    private var activated: [String: Bool] = [:]

    init(socketPath: String, on loop: MainLoop, binds: WaylandConnection.Binds = [.toplevels, .seat]) throws {
        self.loop = loop
        try loop.sync { [self] () throws(WaylandWatchError) in
            let connection = WaylandConnection(socketPath: socketPath, binds: binds, maxToplevels: 100)
            var handlers = WaylandConnection.Handlers()
            handlers.toplevel = { [unowned self] handle, appId, states in
                self.handles[appId ?? ""] = handle
                self.activated[appId ?? ""] = states & UInt32(ORIENTD_WL_ACTIVATED) != 0
            }
            handlers.toplevelClosed = { [unowned self] handle in
                for (appId, each) in self.handles where each == handle { self.activated[appId] = nil }
                self.handles = self.handles.filter { $0.value != handle }
            }
            try connection.open(handlers)
            self.connection = connection
        }
    }

    func close() {
        loop.sync { [self] in
            connection?.close()
            connection = nil
        }
    }

    /// Whether the compositor shows `appId`'s window activated (nil: this client knows no window of it).
    func isActivated(_ appId: String) -> Bool? {
        loop.sync { [self] in activated[appId] }
    }

    /// Asks for `request` on `appId`'s window; false while this client does not know it yet.
    func request(_ request: WaylandConnection.WindowRequest, _ appId: String) -> Bool {
        loop.sync { [self] in
            guard let handle = handles[appId] else { return false }
            return connection?.request(request, window: handle) ?? false
        }
    }
}
