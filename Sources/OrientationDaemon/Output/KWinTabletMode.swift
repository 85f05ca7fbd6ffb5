import GLibBridge
import OrientationCore

/// KWin's tablet mode on the session bus (`org.kde.KWin`'s `TabletModeManager`:
/// `tabletModeAvailable`, `tabletMode`). Under the user's auto-rotate policy "in tablet mode"
/// (KWin's default, and what a KWin with no policy to report does) KWin turns a built-in panel
/// from the accelerometer only in tablet mode: the core's rule, `CompositorRotation.kwin`,
/// takes both. Whoever owns `org.kde.KWin` is untrusted: a value of another type is as if it
/// were not sent.
final class KWinTabletMode {
    static let busName = "org.kde.KWin"
    static let path = "/org/kde/KWin"
    static let interface = "org.kde.KWin.TabletModeManager"

    let connection: BusConnection
    /// What KWin says of its tablet mode now (nil: not said).
    private(set) var available: Bool?
    private(set) var tabletMode: Bool?
    /// Called on the main loop when `available` or `tabletMode` changes.
    var changed: () -> Void = {}
    private var owner: String?
    private var said: [Bool?] = [nil, nil]
    private var nameWatch: NameWatcherID?
    private var subscription: SignalSubscriptionID?
    /// Bumped with each owner: a late reply from an earlier KWin is dropped.
    private var epoch = 0

    init(connection: BusConnection) { self.connection = connection }

    /// What KWin says of turning the panel `output` under the user's auto-rotate `policy`
    /// (nil: KWin reports none) in the tablet mode it says now.
    func rotation(policy: KWinAutoRotatePolicy?, output: String?) -> CompositorRotation {
        .kwin(policy: policy, output: output, tabletModeAvailable: available, tabletMode: tabletMode)
    }

    func start() {
        subscription = connection.subscribe(sender: Self.busName, interface: "org.freedesktop.DBus.Properties",
                                            member: "PropertiesChanged", path: Self.path, arg0: Self.interface) { [weak self] signal in
            guard let self, signal.sender == self.owner, let changed = signal.argument(1).vardict else { return }
            self.take(changed)
        }
        nameWatch = connection.watchName(Self.busName, appeared: { [weak self] _, owner in
            guard let self else { return }
            (self.owner, self.available, self.tabletMode) = (owner, nil, nil)
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
            self.take(values)
        }
    }

    private func take(_ values: [String: Variant]) {
        if let value = values["tabletModeAvailable"] { available = value.bool }
        if let value = values["tabletMode"] { tabletMode = value.bool }
        update()
    }

    private func update() {
        guard said != [available, tabletMode] else { return }
        said = [available, tabletMode]
        changed()
    }
}
