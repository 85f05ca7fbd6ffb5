import CGio
import Glibc
import GLibBridge

/// What a probe of an entry's peer says now (`AdapterEntry.probe`).
enum ProbeAnswer: Equatable {
    case present, absent
    /// Being found out: the host asks again when `PeerProbes` hears back.
    case pending
}

/// What `auto` learns of the peers it probes for, found out without ever blocking the main
/// loop, shared by every adapter family of the service so that each peer is probed once at a
/// time whichever entries ask:
///
/// - a Wayland compositor's globals: a non-blocking connection listed on the loop
///   (`WaylandConnection`), with a deadline (`listingDeadline`): a socket that accepts and
///   never answers is "no compositor" after it, and only one listing of a socket is in flight;
/// - a bus name's owner: a name watch (the bus answers asynchronously), pending until its first answer;
/// - an X server: a non-blocking `connect()` (a full backlog is an error at once, never a wait),
///   only to a socket owned by root or the user.
///
/// Answers are kept until `forget()` (a peer arrived: the host asks afresh). Lives on the main
/// loop thread.
final class PeerProbes {
    /// How long a Wayland socket has to list its globals.
    static let listingDeadline: UInt32 = 2_000

    private enum Listing {
        case inFlight(WaylandConnection, guint)
        /// Past its deadline and taken for no compositor, but left open: a compositor binds
        /// its socket before its loop runs (GNOME Shell on a loaded machine took seconds to
        /// answer), and one that answers late is heard (`lateAnswer`) rather than missed.
        case overdue(WaylandConnection)
        case done([String]?)
    }

    private var listings: [String: Listing] = [:]
    private var names: [String: (watch: NameOwners.WatchID, owned: Bool?)] = [:]
    private var owners: NameOwners?
    private var listeners: [(id: Int, heard: () -> Void)] = []
    /// Told of a compositor that answered an overdue listing, with its socket's path.
    private var lateListeners: [(id: Int, heard: (String) -> Void)] = []
    private var nextListener = 0
    /// A listener run is queued (answers that land together are heard once).
    private var telling: guint = 0

    init() {}

    deinit { stop() }

    /// `heard` runs (soon, on the loop) each time an answer lands; returns the id for `unlisten`.
    func listen(_ heard: @escaping () -> Void) -> Int {
        nextListener += 1
        listeners.append((nextListener, heard))
        return nextListener
    }

    /// `heard` runs when a compositor answers a listing past its deadline (it was taken for
    /// none, and it is there before anything arrives to say so); returns the id for `unlisten`.
    func listenForLateAnswers(_ heard: @escaping (String) -> Void) -> Int {
        nextListener += 1
        lateListeners.append((nextListener, heard))
        return nextListener
    }

    func unlisten(_ id: Int) {
        listeners.removeAll { $0.id == id }
        lateListeners.removeAll { $0.id == id }
    }

    /// Forgets the answers found so far (not those on their way), so that the next questions are
    /// asked afresh: a peer arrived.
    func forget() {
        for case .overdue(let connection) in listings.values { connection.close() }
        listings = listings.filter { if case .inFlight = $0.value { true } else { false } }
    }

    /// Ends every listing and name watch; nothing is heard after this.
    func stop() {
        for (_, listing) in listings {
            switch listing {
            case .inFlight(let connection, let deadline):
                connection.close()
                cancelDelay(deadline)
            case .overdue(let connection): connection.close()
            case .done: break
            }
        }
        listings = [:]
        if let owners { for (_, name) in names { owners.unwatch(name.watch) } }
        names = [:]
        if telling != 0 { cancelDelay(telling) }
        telling = 0
        listeners = []
    }

    // MARK: Wayland

    /// The globals the compositor on `socketPath` offers: `.absent` when none answers (no
    /// socket, refused, or silent past the deadline), `.pending` while the listing is on its way.
    func waylandGlobals(_ socketPath: String) -> (ProbeAnswer, [String]) {
        switch listings[socketPath] {
        case .done(let globals?): return (.present, globals)
        case .done(nil), .overdue: return (.absent, [])
        case .inFlight: return (.pending, [])
        case nil: break
        }
        guard WaylandSocket.isUsersSocket(socketPath) else {
            listings[socketPath] = .done(nil)
            return (.absent, [])
        }
        let connection = WaylandConnection(socketPath: socketPath)
        var handlers = WaylandConnection.Handlers()
        handlers.listed = { [weak self] globals in self?.listed(socketPath, globals) }
        handlers.ended = { [weak self] _ in self?.listed(socketPath, nil) }
        do throws(WaylandWatchError) {
            try connection.open(handlers)
        } catch {
            listings[socketPath] = .done(nil)
            return (.absent, [])
        }
        guard connection.isOpen else {
            // Ended while opening (the socket closed at once).
            listings[socketPath] = .done(nil)
            return (.absent, [])
        }
        let deadline = afterDelay(milliseconds: Self.listingDeadline) { [weak self] in
            guard let self, case .inFlight(_, let id)? = self.listings[socketPath] else { return }
            self.listed(socketPath, nil, deadlineSource: id)
        }
        listings[socketPath] = .inFlight(connection, deadline)
        return (.pending, [])
    }

    /// Whether the session's compositor (`WaylandSocket.socketPath`) offers one of `interfaces`.
    func waylandOffers(any interfaces: [String], environment: [String: String]) -> ProbeAnswer {
        guard let path = WaylandSocket.socketPath(environment: environment) else { return .absent }
        let (answer, globals) = waylandGlobals(path)
        guard answer == .present else { return answer }
        return globals.contains(where: interfaces.contains) ? .present : .absent
    }

    private func listed(_ socketPath: String, _ globals: [String]?, deadlineSource: guint = 0) {
        switch listings[socketPath] {
        case .inFlight(let connection, let deadline)?:
            if deadline == deadlineSource {
                listings[socketPath] = .overdue(connection)
            } else {
                listings[socketPath] = .done(globals)
                connection.close()
                cancelDelay(deadline)
            }
            tell()
        case .overdue(let connection)?:
            listings[socketPath] = .done(globals)
            connection.close()
            guard globals != nil else { return }
            for listener in lateListeners { listener.heard(socketPath) }
        default:
            return
        }
    }

    // MARK: bus names

    /// Whether `name` has an owner on the session bus: `.pending` until the bus first answers.
    func nameOwned(_ name: String, in owners: NameOwners) -> ProbeAnswer {
        if let known = names[name] {
            guard let owned = known.owned else { return .pending }
            return owned ? .present : .absent
        }
        self.owners = owners
        let watch = owners.watch(name, appeared: { [weak self] name, _ in self?.owner(of: name, owned: true) },
                                 vanished: { [weak self] name in self?.owner(of: name, owned: false) })
        if names[name] == nil { names[name] = (watch, nil) }
        return nameOwned(name, in: owners)
    }

    private func owner(of name: String, owned: Bool) {
        guard names[name] != nil, names[name]?.owned != owned else { return }
        names[name]?.owned = owned
        tell()
    }

    // MARK: answers heard

    private func tell() {
        guard telling == 0 else { return }
        telling = afterDelay(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.telling = 0
            for listener in self.listeners { listener.heard() }
        }
    }
}
