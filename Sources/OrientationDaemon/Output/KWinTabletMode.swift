import GLibBridge
import OrientationCore

/// KWin's tablet mode on the session bus (`org.kde.KWin`'s `TabletModeManager`:
/// `tabletModeAvailable`, `tabletMode`). Under the user's auto-rotate policy "in tablet mode"
/// (KWin's default, and what a KWin with no policy to report does) KWin turns a built-in panel
/// from the accelerometer only in tablet mode: the core's rule, `CompositorRotation.kwin`,
/// takes both. Whoever owns `org.kde.KWin` is untrusted: a value of another type is as if it
/// were not sent, and a tablet mode that flaps is said once per owner (the core takes a change
/// only once it has held: CompositorRotationSettle.swift).
final class KWinTabletMode {
    static let busName = "org.kde.KWin"
    static let path = "/org/kde/KWin"
    static let interface = "org.kde.KWin.TabletModeManager"

    /// More changes of the tablet mode than this in a second is flapping (a real switch is
    /// folded a few times a minute at most).
    static let flapsPerSecond = 10

    let connection: BusConnection
    let log: Log
    /// What KWin says of its tablet mode now (nil: not said).
    private(set) var available: Bool?
    private(set) var tabletMode: Bool?
    /// Called on the main loop when `available`, `tabletMode` or `changing` changes (and when a
    /// burst of notices was read, whatever they said).
    var changed: () -> Void = {}
    private var owner: String?
    private var said: [Bool?] = [nil, nil]
    private var nameWatch: NameWatcherID?
    private var subscription: SignalSubscriptionID?
    /// Bumped with each owner: a late reply from an earlier KWin is dropped.
    private var epoch = 0
    /// The tablet mode's changes from this owner in the second that started at `flaps.window`.
    private var flaps = (count: 0, window: Int64(0))
    /// Whether this owner's flapping was said.
    private var flapSaid = false
    /// Whether change notices wait for a round trip to pass them on (`coalesce`): the word is
    /// still changing, as the core is told (`PanelFacts.rotationChanging`).
    private(set) var changing = false

    init(connection: BusConnection, log: Log) { (self.connection, self.log) = (connection, log) }

    /// What KWin says of turning the panel `output` under the user's auto-rotate `policy`
    /// (nil: KWin reports none) in the tablet mode it says now.
    func rotation(policy: KWinAutoRotatePolicy?, output: String?) -> CompositorRotation {
        .kwin(policy: policy, output: output, tabletModeAvailable: available, tabletMode: tabletMode)
    }

    func start() {
        subscription = connection.subscribe(sender: Self.busName, interface: "org.freedesktop.DBus.Properties",
                                            member: "PropertiesChanged", path: Self.path, arg0: Self.interface) { [weak self] signal in
            guard let self, signal.sender == self.owner, let changed = signal.argument(1).vardict else { return }
            self.take(changed, now: false)
        }
        nameWatch = connection.watchName(Self.busName, appeared: { [weak self] _, owner in
            guard let self else { return }
            (self.owner, self.available, self.tabletMode) = (owner, nil, nil)
            (self.flaps, self.flapSaid) = ((0, 0), false)
            self.epoch += 1
            self.readAll()
        }, vanished: { [weak self] _ in
            guard let self else { return }
            (self.owner, self.available, self.tabletMode) = (nil, nil, nil)
            self.epoch += 1
            self.update()
        })
    }

    func stop() {
        if let nameWatch { connection.unwatchName(nameWatch) }
        if let subscription { connection.unsubscribe(subscription) }
        (nameWatch, subscription, owner) = (nil, nil, nil)
        changed = {}
    }

    private func readAll() {
        let epoch = self.epoch
        connection.callAsync(destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Properties",
                             method: "GetAll", parameters: Variant(tuple: [Variant(string: Self.interface)]),
                             replyType: "(a{sv})", timeoutMilliseconds: 2_000) { [weak self] result in
            guard let self, self.epoch == epoch, case .success(let reply) = result, let values = reply.child(at: 0).vardict else { return }
            self.take(values, now: true)
        }
    }

    /// Takes the values KWin sent; `now` false (a change notice) passes them on once the
    /// notices before have all been read (`coalesce`).
    private func take(_ values: [String: Variant], now: Bool) {
        if let value = values["tabletModeAvailable"] { available = value.bool }
        if let value = values["tabletMode"] {
            let before = tabletMode
            tabletMode = value.bool
            if before != nil, tabletMode != before { countFlap() }
        }
        if now { update() } else { coalesce() }
    }

    /// Passes the latest values on after every change notice already queued on the connection
    /// was read: a ping to the bus (trusted, unlike the owner) is answered after them, in order.
    /// A flood of notices (a flag flipped thousands of times a second) is two core commands per
    /// round trip, not one per notice, so orientd's calls are answered meanwhile; until the
    /// answer the core is told the word is still changing, so that nothing settles on a word the
    /// notices still queued contradict.
    private func coalesce() {
        guard !changing else { return }
        changing = true
        changed()
        connection.callAsync(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus.Peer",
                             method: "Ping", timeoutMilliseconds: 2_000) { [weak self] _ in
            guard let self else { return }
            self.changing = false
            // Said even when the values are the ones passed on: the core learns they stopped changing.
            self.said = [self.available, self.tabletMode]
            self.changed()
        }
    }

    /// Says once per owner that its tablet mode flaps.
    private func countFlap() {
        guard !flapSaid else { return }
        let now = currentMoment().monotonic
        if now - flaps.window >= 1_000_000 { flaps = (0, now) }
        flaps.count += 1
        guard flaps.count > Self.flapsPerSecond else { return }
        flapSaid = true
        log.warning("output: kwin: \(Self.busName) (\(owner ?? "?")) flips its tablet mode more than \(Self.flapsPerSecond) times a second; orientd takes its word only once it has held for a second (said once for this owner)")
    }

    private func update() {
        guard said != [available, tabletMode] else { return }
        said = [available, tabletMode]
        changed()
    }
}
