/// What a compositor lists of its windows against what was passed on of them: the one diff
/// every window tracker and the service's pace use. A window is passed on only when what is
/// reported of it changed; a window that came and went before it was passed on costs nothing.
struct WindowListDiff {
    /// What orientd reports of one window.
    struct Window: Equatable {
        var appId: String
        var activated, minimized, fullscreen: Bool
    }

    /// The windows as the compositor lists them now.
    private(set) var listed: [UInt64: Window] = [:]
    private var reported: [UInt64: Window] = [:]
    private var changed: Set<UInt64> = []

    init() {}

    /// Nothing is waiting to be passed on.
    var isSettled: Bool { changed.isEmpty }

    /// Whether `handle` was passed on (and not closed since).
    func isReported(_ handle: UInt64) -> Bool { reported[handle] != nil }

    /// `handle` is listed as `window`, or no longer listed (nil).
    mutating func set(_ handle: UInt64, _ window: Window?) {
        listed[handle] = window
        if listed[handle] == reported[handle] { changed.remove(handle) } else { changed.insert(handle) }
    }

    /// The compositor's whole list: the windows not in it are gone.
    mutating func replace(with list: [UInt64: Window]) {
        for handle in listed.keys where list[handle] == nil { set(handle, nil) }
        for (handle, window) in list { set(handle, window) }
    }

    /// Every window is gone.
    mutating func removeAll() { replace(with: [:]) }

    /// Takes a tracker's event about one window (nothing for `.attached`, `.detached`).
    mutating func take(_ event: WindowTrackerEvent) {
        switch event {
        case .window(let handle, let appId, let activated, let minimized, let fullscreen):
            set(handle, Window(appId: appId, activated: activated, minimized: minimized, fullscreen: fullscreen))
        case .closed(let handle):
            set(handle, nil)
        case .attached, .detached:
            break
        }
    }

    /// At most `limit` of the changes to pass on, which then count as passed on: the closes
    /// first, then the windows without the focus, then the one with it (a window never gains
    /// the focus before the one losing it is passed on), each in handle order.
    mutating func next(limit: Int = .max) -> [WindowTrackerEvent] {
        guard !changed.isEmpty, limit > 0 else { return [] }
        let order = changed.sorted { rank($0, $1) }
        var events: [WindowTrackerEvent] = []
        for handle in order.prefix(limit) {
            changed.remove(handle)
            if let window = listed[handle] {
                reported[handle] = window
                events.append(.window(handle: handle, appId: window.appId, activated: window.activated,
                                      minimized: window.minimized, fullscreen: window.fullscreen))
            } else {
                reported[handle] = nil
                events.append(.closed(handle: handle))
            }
        }
        return events
    }

    private func rank(_ left: UInt64, _ right: UInt64) -> Bool {
        func weight(_ handle: UInt64) -> Int {
            guard let window = listed[handle] else { return 0 }
            return window.activated ? 2 : 1
        }
        return (weight(left), left) < (weight(right), right)
    }
}
