import Dispatch
import GLibBridge
import Synchronization

/// Runs `count` operations from a client loop thread with at most `window` in flight, and
/// times them from the first call to the last reply.
///
/// An operation starts its calls with `callAsync` (it runs on the loop thread, so the
/// replies come back there) and reports once: nil when it succeeded, else what failed.
/// Each finished operation starts the next one, so the window stays full.
final class Pipeline: Sendable {
    typealias Done = @Sendable (_ failure: String?) -> Void
    typealias Operation = @Sendable (_ index: Int, _ done: @escaping Done) -> Void

    private struct State {
        var issued = 0
        var finished = 0
        var failure: String?
        var start = ContinuousClock.now
        var end = ContinuousClock.now
    }

    private let count: Int
    private let operation: Operation
    private let state = Mutex(State())
    private let allDone = DispatchSemaphore(value: 0)

    private init(count: Int, operation: @escaping Operation) {
        self.count = count
        self.operation = operation
    }

    /// Runs the operations on `loop` and returns how long they all took.
    static func run(count: Int, window: Int, on loop: MainLoop, timeout: Duration = .seconds(300),
                    _ operation: @escaping Operation) throws(BenchError) -> Duration {
        precondition(count > 0 && window > 0)
        let pipeline = Pipeline(count: count, operation: operation)
        loop.invoke {
            pipeline.state.withLock { $0.start = ContinuousClock.now }
            for _ in 0..<min(window, count) { pipeline.issueNext() }
        }
        let seconds = Double(timeout.components.seconds)
        if pipeline.allDone.wait(timeout: .now() + seconds) == .timedOut {
            let finished = pipeline.state.withLock { $0.finished }
            throw BenchError("pipelined run timed out after \(timeout): \(finished) of \(count) finished")
        }
        let result = pipeline.state.withLock { $0 }
        if let failure = result.failure { throw BenchError(failure) }
        return result.end - result.start
    }

    private func issueNext() {
        let index: Int? = state.withLock { state in
            guard state.issued < count else { return nil }
            defer { state.issued += 1 }
            return state.issued
        }
        guard let index else { return }
        operation(index) { failure in self.finish(failure) }
    }

    private func finish(_ failure: String?) {
        let done = state.withLock { state in
            state.finished += 1
            if let failure, state.failure == nil { state.failure = failure }
            if state.finished == count {
                state.end = ContinuousClock.now
                return true
            }
            return false
        }
        if done { allDone.signal() } else { issueNext() }
    }
}

extension Result where Failure == DBusError {
    /// The error's name and message, or nil on success.
    var failureMessage: String? {
        if case .failure(let error) = self { return "\(error.name): \(error.message)" }
        return nil
    }
}

/// `count` Pings to `peer` over `connection`, issued from `loop` with `window` in flight;
/// returns how long they took.
func pipelinedPings(_ connection: BusConnection, on loop: MainLoop, to peer: String,
                    count: Int, window: Int) throws(BenchError) -> Duration {
    try Pipeline.run(count: count, window: window, on: loop) { _, done in
        connection.callAsync(destination: peer, path: "/", interface: Names.peer, method: "Ping") {
            done($0.failureMessage)
        }
    }
}
