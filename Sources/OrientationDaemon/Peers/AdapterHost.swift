import CGio
import GLibBridge

/// Drives one adapter family for the service, whichever entry it is: makes the adapter the
/// option chose (`AdapterFamily.choose`), starts it, passes on its reports while it is the
/// current one, and stops it.
///
/// With `auto`, the compositor may come after orientd (D-Bus activation before the session,
/// a compositor restarted as another): while the adapter is not attached, the host watches
/// for any entry's peer to arrive (`PeerArrival`: a bus name, a Wayland or X11 socket) and
/// probes the entries again; a peer found for another entry replaces the adapter. An adapter
/// whose own peer came back attaches by itself.
///
/// Lives on the main loop thread.
final class AdapterHost<Adapter, Report> {
    let family: AdapterFamily<Adapter, Report>
    /// The adapter while there is one, and its entry's name.
    private(set) var adapter: Adapter?
    private(set) var entryName: String?
    /// Whether the current adapter's last report said attached.
    private(set) var attached = false
    private var choice = AdapterChoice.none
    private var context: AdapterContext?
    private var reports: ((Report, Adapter) -> Void)?
    /// Which adapter a report comes from: reports of a replaced one are dropped.
    private var generation = 0
    private var arrivals: [SocketFileWatch] = []
    private var nameWatches: [NameWatcherID] = []
    /// The next probe after a peer arrived (0: none).
    private var retry: guint = 0

    init(_ family: AdapterFamily<Adapter, Report>) { self.family = family }

    /// Makes and starts the adapter `choice` names; false when there is none (the log said why).
    /// `reports` hears the current adapter's reports, with the adapter.
    @discardableResult
    func start(_ choice: AdapterChoice, context: AdapterContext, reports: @escaping (Report, Adapter) -> Void) -> Bool {
        (self.choice, self.context, self.reports) = (choice, context, reports)
        if choice == .auto { watchArrivals(context) }
        guard let (entry, auto) = family.choose(choice, context) else { return false }
        run(entry, auto: auto)
        return true
    }

    /// Stops the adapter and every watch.
    func stop() {
        if retry != 0 { cancelDelay(retry) }
        retry = 0
        for watch in arrivals { watch.cancel() }
        arrivals = []
        if let connection = context?.connection { for id in nameWatches { connection.unwatchName(id) } }
        nameWatches = []
        halt()
        reports = nil
    }

    private func run(_ entry: AdapterEntry<Adapter>, auto: Bool) {
        guard var context else { return }
        halt()
        context.chosenByAuto = auto
        let adapter = entry.make(context)
        generation += 1
        let current = generation
        (self.adapter, entryName) = (adapter, entry.name)
        family.start(adapter) { [weak self] report in
            guard let self, self.generation == current, let adapter = self.adapter else { return }
            if let attached = self.family.attachment(report) { self.attached = attached }
            self.reports?(report, adapter)
        }
    }

    private func halt() {
        generation += 1
        attached = false
        if let adapter { family.stop(adapter) }
        (adapter, entryName) = (nil, nil)
    }

    // MARK: auto, later

    /// A peer arrived: while nothing is attached, the first entry whose peer is there now
    /// replaces an adapter of another entry. A compositor binds its socket a moment before it
    /// answers: probed again a few times (`WaylandDialer.retries`) until one is found.
    func peerArrived(_ what: String, triesLeft: Int = WaylandDialer.retries.count) {
        if retry != 0 { cancelDelay(retry) }
        retry = 0
        guard choice == .auto, !attached, let context else { return }
        guard let entry = family.firstPresent(context) else {
            guard triesLeft > 0 else { return }
            retry = afterDelay(milliseconds: WaylandDialer.retries.milliseconds) { [weak self] in
                self?.retry = 0
                self?.peerArrived(what, triesLeft: triesLeft - 1)
            }
            return
        }
        guard entry.name != entryName else { return }
        context.log.info("\(family.name): \(family.option) auto: \(what) arrived; \(entry.found): \(entry.name)")
        run(entry, auto: true)
    }

    private func watchArrivals(_ context: AdapterContext) {
        let all = family.entries.flatMap(\.arrivals)
        var names: [String] = []
        for arrival in all {
            if case .busName(let name) = arrival, !names.contains(name) { names.append(name) }
        }
        for name in names {
            nameWatches.append(context.connection.watchName(name, appeared: { [weak self] _, _ in
                self?.peerArrived(name)
            }, vanished: { _ in }))
        }
        if all.contains(.waylandSocket), let runtime = WaylandSocket.runtimeDirectory(context.environment),
           let watch = SocketFileWatch(directory: runtime, matching: WaylandSocket.isSocketName,
                                       appeared: { [weak self] name in self?.peerArrived("the Wayland socket \(name)") }) {
            arrivals.append(watch)
        }
        if all.contains(.x11Socket), let watch = SocketFileWatch(directory: X11Presence.socketDirectory, matching: { $0.hasPrefix("X") },
                                                                 appeared: { [weak self] name in self?.peerArrived("the X server socket \(name)") }) {
            arrivals.append(watch)
        }
    }
}
