extension Dictionary {
    /// Moves the table into storage sized for what it holds once it holds under a quarter of
    /// what its storage was sized for. A Swift dictionary keeps its storage when entries are
    /// removed: 10,000 scenes registered and gone kept megabytes that a phone's service never
    /// needs again. Called after each removal; the copies cost O(n) over any run of removals
    /// (each one at least quarters the storage), and a small table is never copied.
    public mutating func shrinkAfterRemovals() {
        guard capacity > 64, count < capacity / 4 else { return }
        var smaller = Self(minimumCapacity: count)
        for (key, value) in self { smaller[key] = value }
        self = smaller
    }
}
