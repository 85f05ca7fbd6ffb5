import Synchronization

/// A thread-safe slot for one result, handed from the thread that computes it to the one
/// that waits.
final class ResultSlot<T: Sendable, E: Error>: Sendable {
    private let value = Mutex<Result<T, E>?>(nil)

    func set(_ result: Result<T, E>) { value.withLock { $0 = result } }

    func take() -> Result<T, E> { value.withLock { $0! } }
}
