import CGio

/// Connecting to a Wayland compositor's socket: now, and again each time the socket file is
/// bound (a folder watch, no polling), with a few more tries then, because a compositor binds
/// its socket a moment before it listens. Shared by the Wayland output presence and the
/// Wayland window trackers; each says how to open its own connection.
final class WaylandDialer {
    /// Tries after the socket file appears, and the time between them.
    static let retries = (count: 10, milliseconds: UInt32(300))

    let socketPath: String
    private var appearance: SocketFileWatch?
    private var retry: guint = 0
    private var dial: (() throws(WaylandWatchError) -> Void)?
    private var failed: ((String) -> Void)?

    init(socketPath: String) { self.socketPath = socketPath }

    deinit { stop() }

    /// Dials now and whenever the socket file appears. `dial` opens a connection (and does
    /// nothing while one is open); `failed` hears why, once the last try has failed.
    func start(dial: @escaping () throws(WaylandWatchError) -> Void, failed: @escaping (String) -> Void) {
        self.dial = dial
        self.failed = failed
        let slash = socketPath.lastIndex(of: "/")!
        appearance = SocketFileWatch(directory: String(socketPath[..<slash]),
                                      name: String(socketPath[socketPath.index(after: slash)...])) { [weak self] in
            self?.attempt(retriesLeft: Self.retries.count)
        }
        attempt(retriesLeft: 0)
    }

    /// Stops watching and trying.
    func stop() {
        appearance?.cancel()
        appearance = nil
        if retry != 0 { cancelDelay(retry) }
        retry = 0
        dial = nil
        failed = nil
    }

    private func attempt(retriesLeft: Int) {
        guard let dial else { return }
        if retry != 0 { cancelDelay(retry) }
        retry = 0
        do throws(WaylandWatchError) {
            try dial()
        } catch {
            if retriesLeft > 0 {
                retry = afterDelay(milliseconds: Self.retries.milliseconds) { [weak self] in
                    self?.retry = 0
                    self?.attempt(retriesLeft: retriesLeft - 1)
                }
            } else {
                failed?(error.message)
            }
        }
    }
}
