/// A small seeded generator (SplitMix64), so a randomised run can be replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in 0..<bound.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with the given chance in percent.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `items`, uniformly.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
