/// What the X11 window tracker knows of the window manager's client windows, and what it has
/// reported of them: each change of a window's properties, of the list or of the active
/// window gives the tracker events to send (a window is reported once all its properties
/// are read, and again only when what is reported changes: `WindowListDiff`, as every tracker).
struct X11ClientWindows {
    /// One client window's properties as read; nil until read.
    struct Window {
        var applicationId: Result<String, X11WindowProperties.Refusal>??
        var windowClass: Result<WindowClass, X11WindowProperties.Refusal>??
        var state: (minimized: Bool, fullscreen: Bool)?

        var isRead: Bool { applicationId != nil && windowClass != nil && state != nil }
    }

    /// `WM_CLASS`'s class, and the desktop id whose entry's `StartupWMClass` names it (nil: none).
    struct WindowClass: Equatable {
        var name: String
        var desktopId: String?
    }

    /// The most windows followed: the rest of a longer `_NET_CLIENT_LIST` is left out, but for
    /// the active window, which is always followed.
    static let maximum = 1024

    private(set) var windows: [UInt32: Window] = [:]
    /// The windows of the list followed (its first `maximum`), and whether it was longer.
    private var listed: Set<UInt32> = []
    private var truncated = false
    private var reported = WindowListDiff()
    private(set) var active: UInt32 = 0

    /// The app id of a read window: `_GTK_APPLICATION_ID`, else the desktop entry whose
    /// `StartupWMClass` is the `WM_CLASS` class, else that class; nil when neither is usable.
    func appId(of window: Window) -> String? {
        if case .success(let id)?? = window.applicationId { return id }
        if case .success(let windowClass)?? = window.windowClass { return windowClass.desktopId ?? windowClass.name }
        return nil
    }

    /// Takes the manager's new list: returns the windows new to it (to be read) and the
    /// events for those gone.
    /// `truncated`: the list was cut at `maximum` (the active window may be past it, and is
    /// followed anyway).
    mutating func setList(_ list: [UInt32], truncated: Bool = false) -> (added: [UInt32], events: [WindowTrackerEvent]) {
        listed = Set(list.prefix(Self.maximum))
        self.truncated = truncated
        var kept = listed
        if truncated, active != 0 { kept.insert(active) }
        var events: [WindowTrackerEvent] = []
        for window in windows.keys where !kept.contains(window) { events += remove(window) }
        var added = list.prefix(Self.maximum).filter { windows[$0] == nil }
        if truncated, active != 0, windows[active] == nil, !added.contains(active) { added.append(active) }
        for window in added { windows[window] = Window() }
        return (added, events)
    }

    /// Takes a change of one window's properties (ignored for a window no longer listed).
    mutating func update(_ window: UInt32, _ change: (inout Window) -> Void) -> [WindowTrackerEvent] {
        guard windows[window] != nil else { return [] }
        change(&windows[window]!)
        return report(window)
    }

    /// Takes the manager's active window (0 for none). Past the end of a cut list it is
    /// followed too (`added`: its properties are to be read), and a window followed only for
    /// being active goes when it no longer is.
    mutating func setActive(_ window: UInt32) -> (added: [UInt32], events: [WindowTrackerEvent]) {
        let previous = active
        active = window
        guard previous != window else { return ([], []) }
        var events = report(previous) + report(window)
        if previous != 0, !listed.contains(previous), windows[previous] != nil { events += remove(previous) }
        var added: [UInt32] = []
        if truncated, window != 0, windows[window] == nil {
            windows[window] = Window()
            added.append(window)
        }
        return (added, events)
    }

    /// Forgets every window: a `closed` for each one reported.
    mutating func removeAll() -> [WindowTrackerEvent] {
        (windows, active, listed, truncated) = ([:], 0, [], false)
        reported.removeAll()
        return reported.next()
    }

    private mutating func remove(_ window: UInt32) -> [WindowTrackerEvent] {
        windows[window] = nil
        reported.set(UInt64(window), nil)
        return reported.next()
    }

    /// The event for `window` if what is reported of it changed.
    private mutating func report(_ window: UInt32) -> [WindowTrackerEvent] {
        guard let properties = windows[window], properties.isRead, let state = properties.state else { return [] }
        // An app id gone bad: no longer an app window orientd can name (closed).
        reported.set(UInt64(window), appId(of: properties).map {
            WindowListDiff.Window(appId: $0, activated: window == active, minimized: state.minimized, fullscreen: state.fullscreen)
        })
        return reported.next()
    }
}
