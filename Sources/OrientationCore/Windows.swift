/// Which compositor family's window list orientd follows (`WindowTracking` property).
public enum WindowTrackerKind: String, CaseIterable, Sendable { case wlroots, kwin, gnome, x11
    public static let noneName = "none"
    public static func name(of kind: WindowTrackerKind?) -> String { kind?.rawValue ?? noneName } }
/// The supported orientations an app's desktop entry declares, and the entry's path (the shell reads it).
public struct DeclaredOrientations: Sendable, Equatable {
    /// The phone declaration (`X-Orientd-SupportedOrientations`, else Lomiri's keys); empty
    /// when only the large-screen key declares.
    public var mask: OrientationMask
    public var file: String
    /// The large-screen declaration (`X-Orientd-SupportedOrientations-Pad`), if any.
    public var padMask: OrientationMask?
    /// Whether the entry lists `Game` in its `Categories` (a game turns a held large screen).
    public var isGame: Bool
    public init(mask: OrientationMask, file: String, padMask: OrientationMask? = nil, isGame: Bool = false) {
        (self.mask, self.file, self.padMask, self.isGame) = (mask, file, padMask, isGame)
    }
    /// Whether it declares anything at all.
    public var declaresAnything: Bool { !mask.isEmpty || padMask.map { !$0.isEmpty } ?? false }
}
/// One app window as the compositor reports it.
public struct TrackedWindow: Sendable, Equatable {
    /// The tracker's own number for the window, unique while it is open.
    public var handle: UInt64
    public var appId: String
    public var activated: Bool
    public var minimized: Bool
    public var fullscreen: Bool
    /// The app's desktop entry's orientations, when it declares any (the shell reads it).
    public var declared: DeclaredOrientations?
    public init(handle: UInt64, appId: String, activated: Bool = false, minimized: Bool = false, fullscreen: Bool = false, declared: DeclaredOrientations? = nil) {
        self.handle = handle
        self.appId = appId
        self.activated = activated
        self.minimized = minimized
        self.fullscreen = fullscreen
        self.declared = declared
    }
}
/// A window tracker's report.
public enum WindowCommand: Sendable, Equatable {
    case attached(WindowTrackerKind)   // found its compositor; its list starts empty
    case detached(reason: String)      // compositor gone or not there: every tracked window goes
    case window(TrackedWindow)         // a window appeared or changed (by handle)
    case closed(handle: UInt64)
}

/// What the core knows of the compositor's app windows (WindowTracking.swift has the rules).
public struct WindowState: Sendable, Equatable {
    /// The tracker whose list is followed; nil: none (no window is tracked).
    public internal(set) var tracker: WindowTrackerKind?
    /// Why no tracker follows a window list, with the option that changes it ("" while one
    /// does, and before the service has said anything).
    public internal(set) var status = ""
    /// The windows by handle. A window whose app id is not a valid app-id is kept with the
    /// app id "" (it belongs to no app: it is never observed and backs no scene).
    public internal(set) var windows: [UInt64: TrackedWindow] = [:]
    /// The observed scene standing for each window, while its app registered none of its own.
    public internal(set) var observedScenes: [UInt64: SceneID] = [:]
    /// The handles of activated, unminimized windows in the order they became so: the last
    /// is the window in front.
    var activationOrder: [UInt64] = []
    /// How many windows each app has.
    var windowsByApp: [String: Int] = [:]
    /// When each window was last reported (a count of reports): the longest idle is evicted
    /// first when a bound is reached (WindowCap.swift).
    var lastReported: [UInt64: UInt64] = [:]
    private var reports: UInt64 = 0

    /// The window last activated, kept through moments with no app window activated (a
    /// drawer, an overview, a notification, a keyboard-taking layer surface): until another
    /// window is activated, or it is minimized or closed.
    var lastActivated: UInt64?

    /// The window in front as the compositor reports it, if any.
    public var activeWindow: TrackedWindow? { activationOrder.last.flatMap { windows[$0] } }

    /// The window the app in front left the screen to while no app window is activated (the
    /// shell's own surfaces turn nothing); nil while one is activated, or none was kept.
    public var keptWindow: TrackedWindow? {
        guard activationOrder.isEmpty, let handle = lastActivated else { return nil }
        return windows[handle]
    }

    /// Whether the tracker reports a window of `appId` (its scenes are window-backed).
    public func hasWindows(of appId: String) -> Bool { windowsByApp[appId] != nil }

    /// The handles of `appId`'s windows, in handle order.
    func handles(of appId: String) -> [UInt64] {
        guard hasWindows(of: appId) else { return [] }
        return windows.values.filter { $0.appId == appId }.map(\.handle).sorted()
    }

    /// Puts a window in place (new or changed), keeping the counts and the activation order.
    mutating func store(_ window: TrackedWindow) {
        if let old = windows[window.handle] { forgetCount(old.appId) }
        windows[window.handle] = window
        windowsByApp[window.appId, default: 0] += 1
        reports += 1
        lastReported[window.handle] = reports
        let index = activationOrder.lastIndex(of: window.handle)
        let inFront = window.activated && !window.minimized
        if inFront, index == nil {
            activationOrder.append(window.handle)
        } else if !inFront, let index {
            activationOrder.remove(at: index)
        }
        if inFront { lastActivated = window.handle } else if window.minimized, lastActivated == window.handle { lastActivated = nil }
    }

    /// Takes a window away; returns it.
    mutating func remove(_ handle: UInt64) -> TrackedWindow? {
        guard let old = windows.removeValue(forKey: handle) else { return nil }
        forgetCount(old.appId)
        lastReported[handle] = nil
        activationOrder.removeAll { $0 == handle }
        if lastActivated == handle { lastActivated = nil }
        return old
    }

    private mutating func forgetCount(_ appId: String) {
        let count = windowsByApp[appId, default: 0] - 1
        windowsByApp[appId] = count > 0 ? count : nil
    }
}

extension TrackedWindow {
    /// The activation an observed scene of this window has: activated → foreground-active,
    /// minimized → background, else foreground-inactive.
    public var activation: ActivationState {
        if minimized { return .background }
        return activated ? .foregroundActive : .foregroundInactive
    }
}
