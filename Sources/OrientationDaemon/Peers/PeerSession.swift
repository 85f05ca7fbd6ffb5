/// What an adapter knows of the peer it follows (a compositor, the compositor behind a tool,
/// an X server, iio-sensor-proxy, GNOME Shell's window list), kept the same way by each of them:
///
/// - **An epoch.** Bumped whenever the peer comes, goes or is replaced (`newPeer()`). Each
///   call remembers the epoch it was made in; a reply from an earlier one is stale
///   (`isCurrent`) and dropped, so a peer that restarted is never fed what its predecessor answered.
/// - **Absence said once.** A peer that is not there is reported when it was there before, or
///   the first time since it was last there; not once per change notification.
/// - **One call at a time** (`calls`): a request made while one is in flight waits, only the
///   newest. A new peer starts with none in flight and none waiting.
///
/// Lives on the main loop thread, inside the adapter.
struct PeerSession<Request> {
    /// The current epoch: take it when making a call, check it with `isCurrent` on the reply.
    private(set) var epoch = 0
    /// The adapter's calls of one sort (applying, claiming).
    var calls = OneCallAtATime<Request>()
    private var absenceReported = false

    init() {}

    /// The peer came, went or was replaced: every reply to an earlier call is stale, no call is
    /// in flight and nothing waits.
    mutating func newPeer() {
        epoch += 1
        calls.cancel()
    }

    /// Whether a reply to a call made in `epoch` still belongs to the current peer.
    func isCurrent(_ epoch: Int) -> Bool { epoch == self.epoch }

    /// The peer is there: its next absence is reported again.
    mutating func present() { absenceReported = false }

    /// Whether the peer's absence is to be reported now: when it was there (`wasPresent`), or
    /// the first time since it last was. Either way it counts as reported.
    mutating func reportsAbsence(wasPresent: Bool) -> Bool {
        defer { absenceReported = true }
        return wasPresent || !absenceReported
    }
}

/// One call of a sort at a time: a request made while one is in flight waits, and only the
/// newest waits (it replaces an older one). When the call is done, the waiting request is
/// handed back to go through the adapter's own checks again (`finish()`).
struct OneCallAtATime<Request> {
    /// The request whose call is in flight.
    private(set) var inFlight: Request?
    /// The newest request made while a call was in flight.
    private(set) var waiting: Request?

    init() {}

    /// Whether a call is in flight.
    var busy: Bool { inFlight != nil }

    /// `request`, to run now when no call is in flight (it is then in flight); nil when one
    /// is: `request` waits instead, in place of any older waiting one.
    mutating func submit(_ request: Request) -> Request? {
        guard !busy else {
            waiting = request
            return nil
        }
        inFlight = request
        return request
    }

    /// The call in flight is done. Returns the waiting request (no longer waiting), which the
    /// adapter submits again.
    @discardableResult
    mutating func finish() -> Request? {
        inFlight = nil
        return takeWaiting()
    }

    /// The waiting request, no longer waiting (a call in flight stays in flight).
    mutating func takeWaiting() -> Request? {
        defer { waiting = nil }
        return waiting
    }

    /// Forgets the call in flight and the waiting request (a reply may still come back; nothing
    /// runs after it).
    mutating func cancel() {
        inFlight = nil
        waiting = nil
    }
}
