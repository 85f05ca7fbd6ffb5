@testable import OrientationDaemon
import OrientationCore

/// The test playing a compositor's window list, in process: windows opened, activated,
/// minimized and closed by hand, the compositor leaving and coming back, and hostile app ids
/// or floods of windows. Touched only on the tracker's loop thread once the tracker runs
/// (`WindowTrackerRun.loop.sync`), hence unchecked Sendable.
final class FakeWindowPeer: @unchecked Sendable {
    struct Window {
        var appId: String?
        var activated = false
        var minimized = false
        var fullscreen = false
    }

    private(set) var present = true
    private(set) var windows: [UInt64: Window] = [:]
    /// Most recent last: closing the window in front activates the one before it.
    private var order: [UInt64] = []
    private var nextHandle: UInt64 = 1
    weak var tracker: FakeWindowTracker?

    /// Opens a window of `appId` (nil: none sent) and brings it to the front.
    @discardableResult
    func open(_ appId: String?) -> UInt64 {
        let handle = nextHandle
        nextHandle += 1
        windows[handle] = Window(appId: appId)
        activate(handle)
        return handle
    }

    /// Gives `handle` the focus (the window that had it loses it).
    func activate(_ handle: UInt64) {
        guard windows[handle] != nil else { return }
        for (other, window) in windows where window.activated && other != handle {
            windows[other]?.activated = false
            tracker?.peerChanged(other, windows[other]!)
        }
        windows[handle]?.activated = true
        windows[handle]?.minimized = false
        order.removeAll { $0 == handle }
        order.append(handle)
        tracker?.peerChanged(handle, windows[handle]!)
    }

    func minimize(_ handle: UInt64) {
        guard windows[handle] != nil else { return }
        windows[handle]?.minimized = true
        windows[handle]?.activated = false
        tracker?.peerChanged(handle, windows[handle]!)
    }

    /// Closes `handle`; the window before it in front takes the focus.
    func close(_ handle: UInt64) {
        guard let window = windows.removeValue(forKey: handle) else { return }
        order.removeAll { $0 == handle }
        tracker?.peerClosed(handle)
        if window.activated, let previous = order.last { activate(previous) }
    }

    /// The compositor stops: its windows go with it.
    func leave() {
        present = false
        (windows, order) = ([:], [])
        tracker?.peerLeft()
    }

    /// A compositor starts again, with no windows.
    func arrive() {
        present = true
        tracker?.peerArrived()
    }

    /// `count` windows announced at once, the first ones with a control character and an
    /// app id of 4,000 characters.
    func flood(_ count: Int) {
        for index in 0..<count {
            let appId = switch index {
            case 0: "org.example.\u{1b}[2J"
            case 1: String(repeating: "a", count: 4_000)
            case 2: "org.example.Bad\nLine"
            default: "org.example.Flood\(index)"
            }
            open(appId)
        }
    }
}

/// A window tracker following a `FakeWindowPeer`: what every tracker keeps (the conformance
/// suite's contract) and nothing of a compositor's protocol. It bounds what its peer sends as
/// the real ones do (`WindowReportBounds`) and keeps its peer with a `PeerSession`. It reports
/// the kind the test plays (a real one, as `FakeWindowList` does), not any one compositor's.
final class FakeWindowTracker: WindowTracker {
    let kind: WindowTrackerKind
    let peer: FakeWindowPeer
    let log: Log
    private var report: ((WindowTrackerEvent) -> Void)?
    private var session = PeerSession<Void>()
    private var reported: [UInt64: WindowTrackerEvent] = [:]
    private var bounds = WindowReportBounds()

    init(peer: FakeWindowPeer, playing kind: WindowTrackerKind, log: Log) {
        (self.peer, self.kind) = (peer, kind)
        self.log = log
    }

    func start(reports: @escaping (WindowTrackerEvent) -> Void) {
        report = reports
        peer.tracker = self
        if peer.present { peerArrived() } else { peerLeft() }
    }

    func stop() {
        peer.tracker = nil
        reported = [:]
        report = nil
    }

    func peerArrived() {
        session.newPeer()
        session.present()
        bounds = WindowReportBounds()
        report?(.attached)
        for (handle, window) in peer.windows.sorted(by: { $0.key < $1.key }) { peerChanged(handle, window) }
    }

    func peerLeft() {
        let wasPresent = !reported.isEmpty || session.epoch > 0
        session.newPeer()
        for handle in reported.keys.sorted() { report?(.closed(handle: handle)) }
        reported = [:]
        if session.reportsAbsence(wasPresent: wasPresent) {
            report?(.detached(reason: wasPresent ? "the fake compositor went away" : "the fake compositor is not there"))
        }
    }

    func peerChanged(_ handle: UInt64, _ window: FakeWindowPeer.Window) {
        guard reported[handle] != nil || reported.count < WindowReportBounds.maxWindows else { return }
        let (appId, problem) = WindowReportBounds.appId(window.appId)
        if let problem { bounds.warn("windows: fake: window \(handle): \(problem)", log: log) }
        let event = WindowTrackerEvent.window(handle: handle, appId: appId, activated: window.activated,
                                              minimized: window.minimized, fullscreen: window.fullscreen)
        guard "\(reported[handle].map { "\($0)" } ?? "")" != "\(event)" else { return }
        reported[handle] = event
        report?(event)
    }

    func peerClosed(_ handle: UInt64) {
        guard reported.removeValue(forKey: handle) != nil else { return }
        report?(.closed(handle: handle))
    }
}
