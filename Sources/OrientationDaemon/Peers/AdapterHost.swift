import CGio
import Glibc
import GLibBridge

/// Drives one adapter family for the service, whichever entry it is: makes the adapter the
/// option chose (`AdapterFamily.choose`), starts it, passes on its reports while it is the
/// current one, and stops it.
///
/// With `auto`, the entries are probed in order without blocking the loop (`PeerProbes`: a
/// probe that must wait for its peer answers `.pending`, and the walk goes on when it has
/// answered). The compositor may come after orientd (D-Bus activation before the session, a
/// compositor restarted as another): while the adapter is not attached, the host watches for
/// any entry's peer to arrive (`PeerArrival`: a bus name, a Wayland or X11 socket, only names
/// a compositor can have and sockets it can own) and probes the entries again once the
/// arrivals settle (`quietPeriod`: a storm of socket files is one walk, not one per file). A
/// walk after arrivals that finds nothing is tried again with backoff (`retryDelays`: a
/// compositor binds its socket a moment before it answers), arrivals meanwhile waiting for
/// the next try. A compositor that answers a listing after its deadline (`PeerProbes`: one
/// still starting when orientd looked) counts as arriving then. A peer found for another
/// entry replaces the adapter; an adapter whose own peer came back attaches by itself.
///
/// Lives on the main loop thread.
final class AdapterHost<Adapter, Report> {
    /// Arrivals are looked at once none came for this long…
    static var quietPeriod: UInt32 { 150 }
    /// …or this long after the first of a burst, whichever comes first.
    static var longestCoalescing: Int64 { 1_000 }
    /// The tries after a walk after arrivals found nothing, further and further apart.
    static var retryDelays: [UInt32] { [300, 600, 1_200, 2_400, 4_800, 9_600] }

    let family: AdapterFamily<Adapter, Report>
    /// The adapter while there is one, and its entry's name.
    private(set) var adapter: Adapter?
    private(set) var entryName: String?
    /// Whether the current adapter's last report said attached.
    private(set) var attached = false
    /// Whether the first choice is made (with `auto`, once the first walk's probes answered).
    private(set) var settled = false
    private var choice = AdapterChoice.none
    private var context: AdapterContext?
    private var reports: ((Report, Adapter) -> Void)?
    private var foundNothing: () -> Void = {}
    private var onSettled: [() -> Void] = []
    /// Which adapter a report comes from: reports of a replaced one are dropped.
    private var generation = 0
    private var arrivals: [SocketFileWatch] = []
    /// Whether arrivals are watched (from `start` with `auto` until `stop`).
    private var watching = false
    private var nameWatches: [NameOwners.WatchID] = []
    private var listener: Int?
    private var lateListener: Int?
    /// A walk waits for a probe's answer.
    private var walkPending = false
    /// What arrived since the last walk (for the log), and when the burst began.
    private var arrived: String?
    private var burstStart: Int64 = 0
    private var quiet: guint = 0
    /// The next try after a walk found nothing (0: none), and how many were made.
    private var retry: guint = 0
    private var failures = 0

    init(_ family: AdapterFamily<Adapter, Report>) { self.family = family }

    /// Makes and starts the adapter `choice` names; false when there is none (the log said why).
    /// With `auto` it is true: the walk goes on as the probes answer, and `foundNothing` runs
    /// when it found no entry's peer and the family has no fallback. `reports` hears the
    /// current adapter's reports, with the adapter.
    @discardableResult
    func start(_ choice: AdapterChoice, context: AdapterContext, foundNothing: @escaping () -> Void = {},
               reports: @escaping (Report, Adapter) -> Void) -> Bool {
        (self.choice, self.context, self.reports, self.foundNothing) = (choice, context, reports, foundNothing)
        guard choice == .auto else {
            // Settled once the named adapter runs (or none does): what waits for the first
            // choice then sees it.
            defer { settle() }
            guard let (entry, auto) = family.choose(choice, context) else { return false }
            run(entry, auto: auto)
            return true
        }
        watchArrivals(context)
        listener = context.probes.listen { [weak self] in
            guard let self, self.walkPending else { return }
            self.walk()
        }
        lateListener = context.probes.listenForLateAnswers { [weak self] socket in
            self?.peerArrived("a late answer of the compositor on \(socket)")
        }
        walk()
        return true
    }

    /// Runs `body` once the first choice is made (at once when it is).
    func whenSettled(_ body: @escaping () -> Void) {
        if settled { body() } else { onSettled.append(body) }
    }

    /// Stops the adapter and every watch.
    func stop() {
        for source in [retry, quiet] where source != 0 { cancelDelay(source) }
        (retry, quiet, walkPending) = (0, 0, false)
        for id in [listener, lateListener].compactMap({ $0 }) { context?.probes.unlisten(id) }
        (listener, lateListener) = (nil, nil)
        for watch in arrivals { watch.cancel() }
        arrivals = []
        watching = false
        if let names = context?.names { for id in nameWatches { names.unwatch(id) } }
        nameWatches = []
        halt()
        reports = nil
        onSettled = []
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

    private func settle() {
        guard !settled else { return }
        settled = true
        let waiting = onSettled
        onSettled = []
        for body in waiting { body() }
    }

    // MARK: auto

    /// Asks the entries in order; waits for a pending answer (the probes' listener walks again).
    private func walk() {
        walkPending = false
        guard choice == .auto, !attached, let context else { return }
        switch family.firstPresent(context) {
        case .pending:
            walkPending = true
        case .found(let entry):
            failures = 0
            if entry.name != entryName {
                if let what = arrived {
                    context.log.info("\(family.name): \(family.option) auto: \(what) arrived; \(entry.found): \(entry.name)")
                } else {
                    context.log.info("\(family.name): \(family.option) auto: \(entry.found): \(entry.name)")
                }
                run(entry, auto: true)
            }
            arrived = nil
            settle()
        case .nothing:
            if !settled {
                context.log.info("\(family.name): \(family.option) auto: \(family.nothingFound)")
                if let fallback = family.fallback { run(fallback, auto: true) } else { foundNothing() }
                settle()
            } else {
                tryAgainLater()
            }
        }
    }

    /// A walk after arrivals found nothing: the next try after the next delay, while there is one.
    private func tryAgainLater() {
        guard retry == 0, failures < Self.retryDelays.count else { return }
        let delay = Self.retryDelays[failures]
        failures += 1
        retry = afterDelay(milliseconds: delay) { [weak self] in
            guard let self else { return }
            self.retry = 0
            self.context?.probes.forget()
            self.walk()
        }
    }

    /// A peer arrived: while nothing is attached, the entries are walked again once the
    /// arrivals settle (or at the next try, while one is waiting).
    func peerArrived(_ what: String) {
        guard choice == .auto, !attached, context != nil else { return }
        arrived = what
        guard retry == 0 else { return }
        let now = Int64(g_get_monotonic_time() / 1_000)
        if quiet != 0 {
            guard now - burstStart < Self.longestCoalescing else { return }
            cancelDelay(quiet)
        } else {
            burstStart = now
            failures = 0
        }
        quiet = afterDelay(milliseconds: Self.quietPeriod) { [weak self] in
            guard let self else { return }
            self.quiet = 0
            self.context?.probes.forget()
            self.walk()
        }
    }

    private func watchArrivals(_ context: AdapterContext) {
        watching = true
        let all = family.entries.flatMap(\.arrivals)
        var names: [String] = []
        for arrival in all {
            if case .busName(let name) = arrival, !names.contains(name) { names.append(name) }
        }
        for name in names {
            nameWatches.append(context.names.watch(name, appeared: { [weak self] _, _ in
                self?.peerArrived(name)
            }, vanished: { _ in }))
        }
        let sockets = Self.socketArrivals(all, context.environment)
        guard !sockets.isEmpty else { return }
        // The folders are watched once the bus answered the request for the name (AfterName);
        // a socket bound from now until then is one that was not here now.
        let here = sockets.map { SocketFileWatch.present(in: $0.folder, matching: $0.matches) }
        context.afterName.later { [weak self] in
            guard let self, self.watching else { return }
            for (socket, wasHere) in zip(sockets, here) {
                let said = socket.said
                guard let watch = SocketFileWatch(directory: socket.folder, matching: socket.matches,
                                                  appeared: { [weak self] name in self?.peerArrived(said(name)) }) else { continue }
                self.arrivals.append(watch)
                for name in SocketFileWatch.present(in: socket.folder, matching: socket.matches).subtracting(wasHere).sorted() {
                    self.peerArrived(said(name))
                }
            }
        }
    }

    /// A socket file whose binding is a peer's arrival: its folder, which names count, and how
    /// the log says one.
    struct SocketArrival {
        let folder: String
        let matches: (String) -> Bool
        let said: (String) -> String
    }

    /// The socket files the arrivals `all` name, in `environment`.
    static func socketArrivals(_ all: [PeerArrival], _ environment: [String: String]) -> [SocketArrival] {
        var sockets: [SocketArrival] = []
        if all.contains(.waylandSocket), let wayland = waylandArrival(environment) { sockets.append(wayland) }
        if all.contains(.x11Socket), let x11 = x11Arrival(environment) { sockets.append(x11) }
        return sockets
    }

    /// The session's Wayland socket being bound: `WAYLAND_DISPLAY`'s name when it is set, else
    /// any `wayland-<name>`; a socket the user owns (in the user's runtime folder).
    static func waylandArrival(_ environment: [String: String]) -> SocketArrival? {
        guard let path = WaylandSocket.socketPath(environment: environment), let slash = path.lastIndex(of: "/") else { return nil }
        let folder = String(path[..<slash])
        let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let only = display.map { _ in String(path[path.index(after: slash)...]) }
        return SocketArrival(folder: folder.isEmpty ? "/" : folder, matches: { name in
            (only.map { name == $0 } ?? WaylandSocket.isSocketName(name)) && WaylandSocket.isUsersSocket(folder + "/" + name)
        }, said: { "the Wayland socket \($0)" })
    }

    /// The X server of `DISPLAY` binding its socket (`X` and its number), owned by root or the
    /// user; nothing is watched without a local `DISPLAY` (the x11 entries probe only it).
    static func x11Arrival(_ environment: [String: String]) -> SocketArrival? {
        guard let display = environment["DISPLAY"], let number = X11Presence.socketNumber(display: display) else { return nil }
        let name = "X\(number)"
        return SocketArrival(folder: X11Presence.socketDirectory, matches: { candidate in
            candidate == name && X11Presence.isServerSocket(X11Presence.socketDirectory + "/" + candidate)
        }, said: { "the X server socket \($0)" })
    }
}
