import GLibBridge

/// A bus connection plus a GLib loop thread of its own that dispatches its callbacks.
///
/// A connection dispatches signals, name events, method calls and async replies on the
/// GMainContext that was thread-default where they were registered. Test threads run no
/// GLib loop, so each `LoopConnection` owns a `MainLoop.startThread()` and makes every
/// registration inside `sync`, on that thread: callbacks then run there, and must be
/// `@Sendable` (test state behind a `Mutex`). Sync calls and emits need no loop and work
/// from any thread. `close()` (or dropping it) closes the connection and stops the thread.
public final class LoopConnection: Sendable {
    /// The connection.
    public let connection: BusConnection
    /// The loop dispatching the connection's callbacks.
    public let loop: MainLoop

    /// Connects to the bus at `address` and starts the loop thread.
    public init(address: String, threadName: String = "bus-loop") throws(DBusError) {
        connection = try BusConnection(address: address)
        loop = MainLoop.startThread(name: threadName)
    }

    deinit { close() }

    /// The connection's unique name.
    public var uniqueName: String { connection.uniqueName }

    /// Runs `body` on the loop thread and returns its result: register objects, subscribe,
    /// own or watch names in here.
    @discardableResult
    public func sync<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) throws(E) -> T {
        try loop.sync(body)
    }

    /// Waits until the loop has dispatched everything already queued to it.
    public func drain() { loop.sync {} }

    /// Closes the connection and stops the loop thread. Safe to repeat.
    public func close() {
        connection.close()
        loop.stopThread()
    }
}
