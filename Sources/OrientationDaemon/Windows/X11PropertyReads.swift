/// The X11 window tracker's property reads: at most one `GetProperty` in flight per window
/// and property, and while one is, only the wish to read it once more waits. A client
/// changing a property as fast as it can costs two reads per round trip, never one per
/// change, so what the tracker holds stays bounded by the windows it follows, whatever the
/// rate of changes.
struct X11PropertyReads {
    struct Key: Hashable {
        let window: UInt32
        let property: UInt32
    }

    private var calls: [Key: OneCallAtATime<Void>] = [:]

    init() {}

    /// Whether to send the read of `key` now; false while one is in flight (it is read once
    /// more when that one answers).
    mutating func start(_ key: Key) -> Bool {
        calls[key, default: OneCallAtATime()].submit(()) != nil
    }

    /// The read of `key` answered: whether to read it once more (it changed meanwhile).
    mutating func finish(_ key: Key) -> Bool {
        guard calls[key]?.finish() != nil else {
            calls[key] = nil
            return false
        }
        return true
    }

    /// Forgets every read (the server or the window manager changed; answers still on their
    /// way are dropped by the tracker).
    mutating func removeAll() { calls = [:] }

    /// The reads in flight.
    var inFlight: Int { calls.count }
}
