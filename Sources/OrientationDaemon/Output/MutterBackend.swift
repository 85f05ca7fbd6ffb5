import GLibBridge
import OrientationCore

/// Turns the panel through `org.gnome.Mutter.DisplayConfig` on the session bus (GNOME Shell,
/// mutter, Phosh).
///
/// - It watches DisplayConfig's name: attached while the name is owned and the panel is on,
///   detached when it goes (and attached again, with the current orientation applied by the
///   core, when it returns). `MonitorsChanged` re-reads the state: someone else's change is
///   reported as `.orientationRead`, never undone.
/// - Each apply reads `GetCurrentState` first (its serial and every logical monitor), keeps
///   every other logical monitor and moves those beside the panel when its width and height
///   swap. A stale serial is read again, up to three times (`MutterApplyBudget`); a race is no
///   failure, so it never detaches. Method 1 (temporary) first; a compositor that answers OK
///   but ignores it (Phosh) gets method 2 (persistent) from then on.
/// - While `PanelOrientationManaged` is true (mutter would turn the panel from the sensor) it
///   holds the GSettings orientation-lock true, and hands the user's value back when it stops.
/// - One apply at a time (`PeerSession`): an apply asked for meanwhile waits, and only the newest waits. At
///   most one `GetCurrentState` in flight (`MutterStateReader`): a flood of `MonitorsChanged`
///   makes one read after the current one, and a reply with a number orientd cannot compute
///   with, or too large, detaches with the reason (none until a usable state comes).
/// - A refusal because the screen is locked (Phosh) keeps the panel attached; the newest
///   orientation asked for meanwhile is applied at the unlock (`MutterLockedScreen`).
/// - A clean stop hands the panel back: the transform it had when orientd attached, unless
///   someone else turned it since (`MutterHandBack`).
final class MutterBackend: OutputBackend {
    static let busName = "org.gnome.Mutter.DisplayConfig"
    static let path = "/org/gnome/Mutter/DisplayConfig"
    static let interface = "org.gnome.Mutter.DisplayConfig"
    /// Why it is detached while DisplayConfig has not been on the bus.
    static let absentReason = "\(busName) is not on the session bus (no GNOME Shell, mutter or Phosh yet)"
    static let stateType = "(ua((ssss)a(siiddada{sv})a{sv})a(iiduba(ssss)a{sv})a{sv})"

    /// `OutputStatus` while DisplayConfig has not been on the bus, for `--output-backend auto`
    /// (which found no other compositor and waits for this one).
    static let autoWaitingStatus = "--output-backend auto found no compositor (no \(busName) on the session bus, "
        + "no wlroots or KWin output management on WAYLAND_DISPLAY, no X server on DISPLAY); "
        + "orientd waits for mutter, or choose one with --output-backend"

    let kind = OutputBackendKind.mutter
    let connection: BusConnection
    /// Whether `--output-backend auto` chose it for want of any compositor (`status`).
    let chosenByAuto: Bool
    let requestedOutput: String?
    let log: Log
    let handover: OrientationLockHandover

    var report: ((OutputBackendEvent) -> Void)?
    /// The name watches shared with orientd's other parts.
    private let names: NameOwners
    private var nameWatch: NameOwners.WatchID?
    private var subscriptions: [SignalSubscriptionID] = []
    private var monitorsChanged: CoalescedSignalID?
    /// DisplayConfig's unique name while it is on the bus.
    var owner: String?
    /// The epoch (a new owner drops late replies from the earlier compositor), "not found"
    /// said once per owner, and one apply at a time.
    var session = PeerSession<InterfaceOrientation>()
    /// The connector driven while attached.
    private(set) var attachedOutput: String?
    var panelManaged = false
    /// Whether mutter answered for PanelOrientationManaged (an older mutter says nothing).
    var panelManagedKnown = false
    /// The panel's size as last read.
    var panelSize: PanelSize?
    /// 1 (temporary); 2 (persistent) once the compositor ignored 1.
    private(set) var method: UInt32 = 1
    /// Refused while the screen is locked: applied when it is unlocked.
    var afterUnlock: InterfaceOrientation?
    let reader: MutterStateReader
    /// What the panel showed when orientd attached, and what orientd last asked for: a clean
    /// stop hands the first back while the panel still shows the second.
    var handBack: (connector: String, original: UInt32)?
    var lastAsked: UInt32?
    /// The panel's transform as last read (after orientd's change or someone else's).
    var lastSeen: UInt32?

    init(connection: BusConnection, names: NameOwners, output: String?, log: Log, handover: OrientationLockHandover,
         chosenByAuto: Bool = false) {
        self.connection = connection
        self.names = names
        self.chosenByAuto = chosenByAuto
        requestedOutput = output
        self.log = log
        self.handover = handover
        reader = MutterStateReader(connection: connection)
    }

    /// DisplayConfig's owner now (nil: not on the bus).
    var compositor: String? { owner }

    func start(reports: @escaping (OutputBackendEvent) -> Void) {
        report = reports
        handover.userChose = { [weak self] locked in self?.report?(.userRotationLock(locked)) }
        handover.noted = { [weak self] sentence in self?.report?(.note(sentence)) }
        // Whether a GNOME session is there is the name watch's first answer (below), on the loop:
        // never a call that waits for the bus.
        reader.refreshed = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let state): self.take(state)
            case .failure(let error): self.lost(error.message)
            }
        }
        nameWatch = names.watch(Self.busName, appeared: { [weak self] _, owner in
            guard let self else { return }
            self.followCompositorSignals()
            self.owner = owner
            // A new compositor: whatever was in flight went to the old one, and it may honour
            // method 1 where the old one did not.
            self.session.newPeer()
            self.session.present()
            self.attachedOutput = nil
            self.method = 1
            self.afterUnlock = nil
            self.reader.reset()
            (self.handBack, self.lastAsked) = (nil, nil)
            self.panelManagedKnown = false
            self.readPanelManaged()
            self.refresh()
        }, vanished: { [weak self] _ in
            guard let self else { return }
            let wasThere = self.owner != nil
            self.owner = nil
            self.session.newPeer()
            self.reader.reset()
            (self.handBack, self.lastAsked) = (nil, nil)
            self.lost(wasThere ? "\(Self.busName) left the session bus (the compositor stopped)"
                               : Self.absentReason)
        })
    }

    /// Follows the compositor's signals: from when DisplayConfig first has an owner, before
    /// its state is read (the bus delivers what changes after the subscription, and the read
    /// sees the rest). Not before: each subscription to a well-known sender costs GDBus a
    /// match rule and a `GetNameOwner` of its own, which an orientd started before the
    /// compositor (at login, or with none) paid at start-up for nothing.
    private func followCompositorSignals() {
        guard monitorsChanged == nil else { return }  // once, until stop()
        // Coalesced before dispatch: a flood costs a comparison per signal, and one read.
        monitorsChanged = connection.addCoalescedSignal(
            sender: Self.busName, interface: Self.interface, member: "MonitorsChanged", path: Self.path
        ) { [weak self] in
            guard let self, self.owner != nil else { return }
            self.refresh()
        }
        subscriptions.append(connection.subscribe(
            sender: Self.busName, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
            path: Self.path, arg0: Self.interface
        ) { [weak self] signal in
            guard let self, signal.sender == self.owner,
                  let managed = signal.argument(1).vardict?["PanelOrientationManaged"]?.bool else { return }
            self.setPanelManaged(managed)
        })
        subscriptions.append(MutterLockedScreen.watchUnlock(on: connection) { [weak self] in self?.screenUnlocked() })
    }

    func stop() {
        handPanelBack()
        reader.reset()
        reader.refreshed = nil
        if let nameWatch { names.unwatch(nameWatch) }
        nameWatch = nil
        for id in subscriptions { connection.unsubscribe(id) }
        if let monitorsChanged { connection.removeCoalescedSignal(monitorsChanged) }
        monitorsChanged = nil
        subscriptions = []
        session.newPeer()
        attachedOutput = nil
        handover.release(flush: true)
        report = nil
    }

    func status(_ reason: String) -> String {
        chosenByAuto && reason == Self.absentReason ? Self.autoWaitingStatus : "\(kind.rawValue): \(reason)"
    }

    func apply(_ row: InterfaceOrientation) {
        guard attachedOutput != nil else { return }
        if afterUnlock != nil {
            afterUnlock = row
            return
        }
        guard let row = session.calls.submit(row) else { return }  // waits for the apply in flight
        apply(row, budget: MutterApplyBudget(), epoch: session.epoch)
    }

    // MARK: Reading

    /// Reads the state (coalesced): attaches, reports what the panel shows, or detaches when it is gone.
    private func refresh() {
        reader.refresh()
    }

    private func take(_ state: MutterDisplayState) {
        guard let panel = state.panel(named: requestedOutput) else {
            if session.reportsAbsence(wasPresent: attachedOutput != nil) {
                lost(PanelNotFound.explain(requested: requestedOutput, builtin: "eDP, DSI, LVDS or marked built-in",
                                           listing: "monitors on", names: state.enabledConnectorNames))
            }
            return
        }
        panelSize = state.size(of: panel)
        if attachedOutput == panel {
            lastSeen = state.transform(of: panel)
            report?(.orientationRead(state.showing(panel)))
            report?(.facts(facts))
        } else {
            attachedOutput = panel
            session.present()
            if handBack?.connector != panel {
                handBack = state.transform(of: panel).map { (panel, $0) }
                lastAsked = nil
            }
            updateHandover()
            report?(.attached(outputName: panel, showing: state.showing(panel)))
            report?(.facts(facts))
        }
    }

    private func lost(_ reason: String) {
        attachedOutput = nil
        session.calls.cancel()
        afterUnlock = nil
        updateHandover()
        report?(.detached(reason: reason))
    }

    // MARK: Applying

    private func apply(_ row: InterfaceOrientation, budget: MutterApplyBudget, epoch: Int) {
        reader.read { [weak self] result in
            guard let self, self.session.isCurrent(epoch) else { return }
            switch result {
            case .failure(let error):
                self.lost(error.message)
            case .success(let state):
                guard let panel = self.attachedOutput, state.transform(of: panel) != nil else {
                    self.take(state)
                    self.finishApply()
                    return
                }
                // Already showing it, unless our own last request (another orientation) may not
                // have reached the state yet: Phosh answers ApplyMonitorsConfig before its state
                // shows the change, so a state read just after it can be one turn behind.
                if state.showing(panel) == row, self.lastAsked == nil || self.lastAsked == MutterDisplayState.transform(for: row) {
                    self.report?(.orientationRead(row))
                    self.finishApply()
                    return
                }
                guard let logical = state.turning(panel, to: MutterDisplayState.transform(for: row)) else {
                    self.lost("turning \(panel) to transform \(MutterDisplayState.transform(for: row)) would move a monitor out of the layout's range")
                    return
                }
                let method = self.method
                self.lastAsked = MutterDisplayState.transform(for: row)
                self.log.debug("output: mutter: ApplyMonitorsConfig serial \(state.serial) method \(method): \(panel) transform \(MutterDisplayState.transform(for: row))")
                self.connection.callAsync(destination: Self.busName, path: Self.path, interface: Self.interface,
                                          method: "ApplyMonitorsConfig",
                                          parameters: state.applyArguments(logical, method: method)) { [weak self] result in
                    guard let self, self.session.isCurrent(epoch) else { return }
                    switch result {
                    case .success:
                        self.readBack(row, method: method, before: state.showing(panel), budget: budget, epoch: epoch)
                    case .failure(let error) where MutterLockedScreen.isRefusal(error):
                        self.refusedWhileLocked(row, panel: panel)
                        self.session.calls.finish()  // what waited now waits for the unlock
                    case .failure(let error) where error.message.containsText("stale"):
                        self.stale(row, serial: state.serial, budget: budget, epoch: epoch)
                    case .failure(let error):
                        self.lost("mutter refused to turn \(panel) to transform \(MutterDisplayState.transform(for: row)): \(error)")
                    }
                }
            }
        }
    }

    /// After an OK: what the panel shows now. A compositor that ignored method 1 gets method 2;
    /// one that still shows something else is asked once more from a fresh state (Phosh answers
    /// OK and then drops a configuration that came while its previous one was being applied).
    /// Both only while the panel still shows what it showed `before`: a third orientation is
    /// someone else's turn, reported as read for the core to judge, never undone from here.
    private func readBack(_ row: InterfaceOrientation, method: UInt32, before: InterfaceOrientation?,
                          budget: MutterApplyBudget, epoch: Int) {
        reader.read { [weak self] result in
            guard let self, self.session.isCurrent(epoch) else { return }
            switch result {
            case .failure(let error):
                self.lost(error.message)
            case .success(let state):
                guard let panel = self.attachedOutput else { return self.finishApply() }
                let showing = state.showing(panel)
                let unchanged = showing == before
                if showing != row, unchanged, method == 1 {
                    self.log.info("output: the compositor accepted ApplyMonitorsConfig method 1 (temporary) but ignored it; using method 2 (persistent)")
                    self.method = 2
                    self.apply(row, budget: MutterApplyBudget(), epoch: epoch)
                    return
                }
                if showing != row, unchanged, budget.askAgain > 0 {
                    self.log.debug("output: mutter: the compositor accepted ApplyMonitorsConfig but shows \(showing.map(\.rawValue) ?? "nothing known"); asking again")
                    self.apply(row, budget: budget.askingAgain, epoch: epoch)
                    return
                }
                self.report?(.orientationRead(showing))
                self.finishApply()
            }
        }
    }

    /// A stale serial: the configuration changed since orientd read it (someone else's change,
    /// or orientd's own earlier request landing late). The state is read again, and the panel
    /// may already show `row`. A compositor whose configuration changes under every attempt is
    /// left as it shows, still attached: a race is no failure, and detaching would hand the
    /// orientation-lock back to the compositor in the middle of it.
    private func stale(_ row: InterfaceOrientation, serial: UInt32, budget: MutterApplyBudget, epoch: Int) {
        guard budget.stale > 0 else {
            log.warning("output: mutter: \(Self.busName)'s configuration changed under each of orientd's \(MutterApplyBudget().stale + 1) attempts to turn the panel to \(row.rawValue); leaving it as it shows until the next change")
            refresh()
            finishApply()
            return
        }
        log.debug("output: mutter: stale serial \(serial); reading the state again")
        apply(row, budget: budget.afterStale, epoch: epoch)
    }

    /// The orientation asked for while an apply was under way (taken: no longer waiting).
    func takeWaiting() -> InterfaceOrientation? {
        session.calls.takeWaiting()
    }

    private func finishApply() {
        if let next = session.calls.finish() { apply(next) }
    }

    func holdCompositorRotation(_ held: Bool) { handover.holdCompositorRotation(held) }

    func rotationLockChanged(_ locked: Bool) { handover.rotationLockChanged(locked) }
}

/// How many more times one apply may ask: after a stale serial (each time with a fresh state),
/// and after an OK the panel does not show.
struct MutterApplyBudget {
    var stale = 3
    var askAgain = 1

    var afterStale: MutterApplyBudget { MutterApplyBudget(stale: stale - 1, askAgain: askAgain) }
    var askingAgain: MutterApplyBudget { MutterApplyBudget(stale: stale, askAgain: askAgain - 1) }
}
