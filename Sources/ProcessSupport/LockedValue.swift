import Synchronization

/// A value behind a `Mutex`, in a class so escaping `@Sendable` closures (callbacks on a
/// loop thread) can share it with the test.
public final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { try body(&$0) }
    }

    /// A copy of the value.
    public var value: Value { mutex.withLock { $0 } }
}
