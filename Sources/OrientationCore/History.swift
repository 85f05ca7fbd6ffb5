/// One change of a scene's orientation.
public struct HistoryEntry: Sendable, Equatable {
    public var scene: SceneID
    /// The connection that registered the scene (its object path is named after it).
    public var creator: String
    public var appId: String
    /// Microseconds since the Unix epoch.
    public var time: Int64
    public var previous: InterfaceOrientation
    public var current: InterfaceOrientation
    public var reason: ChangeReason
}

/// The last changes, in a bounded ring.
public struct HistoryRing: Sendable {
    public let capacity: Int
    private var storage: [HistoryEntry] = []
    private var next = 0

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func append(_ entry: HistoryEntry) {
        if storage.count < capacity {
            storage.append(entry)
        } else {
            storage[next] = entry
        }
        next = (next + 1) % capacity
    }

    public var count: Int { storage.count }

    /// Newest first; `limit` 0 means all.
    public func newest(_ limit: Int) -> [HistoryEntry] {
        let wanted = limit <= 0 ? storage.count : min(limit, storage.count)
        var result: [HistoryEntry] = []
        result.reserveCapacity(wanted)
        // `next` is one past the newest entry, whether or not the ring has wrapped.
        for back in 1...max(1, wanted) where back <= wanted {
            result.append(storage[(next - back + storage.count) % storage.count])
        }
        return result
    }
}
