import GLibBridge

/// Reads `org.gnome.Mutter.DisplayConfig.GetCurrentState` with at most one call in flight.
///
/// DisplayConfig is whoever owns the name, and may say `MonitorsChanged` thousands of times a
/// second or answer megabytes. So notifications are coalesced (one refresh waits while a read
/// is in flight, and only the newest: it is served by the next read, sent after the reply),
/// reads asked for meanwhile share that next read, and a reply is parsed and checked
/// (`MutterDisplayState`, `MutterStateCheck`) and then dropped: nothing of it is kept but the
/// few numbers orientd needs.
final class MutterStateReader {
    typealias Completion = (Result<MutterDisplayState, MutterStateError>) -> Void

    let connection: BusConnection
    /// Gets the state read for a `refresh()`.
    var refreshed: Completion?
    /// How many GetCurrentState calls were sent (for the debug log).
    private(set) var calls = 0

    private var inFlight = false
    private var refreshWanted = false
    private var queued: [Completion] = []
    /// Bumped by `reset()`: a reply to an earlier call is dropped.
    private var generation = 0
    private var trimScheduled = false
    /// Whether a reply was refused since the owner last changed.
    private var refusedAny = false

    init(connection: BusConnection) { self.connection = connection }

    /// A state read after now, for `completion`.
    func read(_ completion: @escaping Completion) {
        queued.append(completion)
        if !inFlight { send() }
    }

    /// A state read after now, for `refreshed`; any number of refreshes asked for while a read
    /// is in flight make one read after it.
    func refresh() {
        refreshWanted = true
        if !inFlight { send() }
    }

    /// Forgets every read in flight or waiting (the owner changed or the backend stopped).
    func reset() {
        scheduleTrim()
        refusedAny = false
        generation += 1
        inFlight = false
        refreshWanted = false
        queued = []
    }

    private func send() {
        inFlight = true
        calls += 1
        let waiters = queued
        let refreshing = refreshWanted
        (queued, refreshWanted) = ([], false)
        let generation = self.generation
        connection.callAsync(destination: MutterBackend.busName, path: MutterBackend.path, interface: MutterBackend.interface,
                             method: "GetCurrentState", replyType: MutterStateCheck.replyType,
                             timeoutMilliseconds: 10_000) { [weak self] result in
            guard let self, generation == self.generation else { return }
            self.inFlight = false
            let state = self.parse(result)
            if refreshing { self.refreshed?(state) }
            for waiter in waiters { waiter(state) }
            if !self.inFlight && (self.refreshWanted || !self.queued.isEmpty) { self.send() }
        }
    }

    private func parse(_ result: Result<Variant, DBusError>) -> Result<MutterDisplayState, MutterStateError> {
        switch result {
        case .failure(let error):
            return .failure(MutterStateError("GetCurrentState failed: \(error)"))
        case .success(let reply):
            do {
                return .success(try MutterDisplayState(reply))
            } catch {
                refusedAny = true
                scheduleTrim()
                return .failure(MutterStateError("GetCurrentState answered an unusable state: \(error.message)"))
            }
        }
    }

    /// A refused reply may have been megabytes: give its memory back once the burst is over
    /// (glibc keeps freed heap memory otherwise); also when the compositor leaves after one.
    private func scheduleTrim() {
        guard refusedAny else { return }
        guard !trimScheduled else { return }
        trimScheduled = true
        afterDelay(milliseconds: MemoryRelease.delayMilliseconds) { [weak self] in
            self?.trimScheduled = false
            MemoryRelease.trim()
        }
    }
}
