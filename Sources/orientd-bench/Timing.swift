import Glibc

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }

    var nanoseconds: Double { microseconds * 1e3 }
    var milliseconds: Double { microseconds / 1e3 }
}

/// How long `body` takes.
func measure<E: Error>(_ body: () throws(E) -> Void) throws(E) -> Duration {
    let start = ContinuousClock.now
    try body()
    return ContinuousClock.now - start
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "median of nothing")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Flushes standard output, so progress shows while a section runs.
func fflushAll() { fflush(nil) }

/// Keeps the optimizer from dropping a computation whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
