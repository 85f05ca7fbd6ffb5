import CGio

/// A Wayland compositor's presence, through libwayland: its socket accepting a connection whose
/// registry offers one of `required`; gone when that connection closes; back when the socket
/// file is bound again (a folder watch, no polling). The connection follows every wl_output:
/// an output's change (a new transform, mode or scale) or an output plugged or unplugged is a
/// change. On a compositor with wlr-output-management, its heads and the answers to
/// `connection.applyTransform` are passed on to `heads` and `applied`.
final class WaylandPresence: CompositorPresence {
    /// Tries after the socket file appears: it is bound a moment before the compositor listens.
    static let connectRetries = (count: 10, milliseconds: UInt32(300))

    let socketPath: String?
    let required: [String]
    /// Names the compositor family in messages ("a wlroots compositor").
    let what: String
    /// wlr-output-management's heads after each change, and the answers to applies.
    var heads: ([WaylandConnection.Head]) -> Void = { _ in }
    var applied: (WaylandConnection.ApplyResult) -> Void = { _ in }
    /// The connection while the compositor is there.
    private(set) var connection: WaylandConnection?
    private var appearance: SocketFileWatch?
    private var callbacks: (present: () -> Void, changed: () -> Void, gone: (String) -> Void)?
    private var retryTimer: guint = 0

    init(environment: [String: String], required: [String], what: String) {
        socketPath = WaylandSocket.socketPath(environment: environment)
        self.required = required
        self.what = what
    }

    func start(present: @escaping () -> Void, changed: @escaping () -> Void, gone: @escaping (String) -> Void) {
        callbacks = (present, changed, gone)
        guard let socketPath else {
            gone("no Wayland session: XDG_RUNTIME_DIR is not set")
            return
        }
        let slash = socketPath.lastIndex(of: "/")!
        let directory = String(socketPath[..<slash])
        let name = String(socketPath[socketPath.index(after: slash)...])
        appearance = SocketFileWatch(directory: directory, name: name) { [weak self] in
            self?.connect(retriesLeft: Self.connectRetries.count)
        }
        connect(retriesLeft: 0)
    }

    func stop() {
        appearance?.cancel()
        appearance = nil
        connection?.close()
        connection = nil
        callbacks = nil
        if retryTimer != 0 { cancelDelay(retryTimer) }
        retryTimer = 0
    }

    private func connect(retriesLeft: Int) {
        guard let socketPath, let callbacks, connection?.isOpen != true else { return }
        if retryTimer != 0 { cancelDelay(retryTimer) }
        retryTimer = 0
        let connection = WaylandConnection(socketPath: socketPath, binds: .outputs)
        var handlers = WaylandConnection.Handlers()
        handlers.listed = { [weak self, weak connection] globals in
            guard let self, let connection else { return }
            if globals.contains(where: self.required.contains) {
                callbacks.present()
            } else {
                connection.close()
                callbacks.gone("the Wayland compositor on \(socketPath) is not \(self.what): it offers no \(self.required.joined(separator: " or "))")
            }
        }
        handlers.globalsChanged = callbacks.changed
        handlers.outputChanged = callbacks.changed
        handlers.heads = { [weak self] in self?.heads($0) }
        handlers.applied = { [weak self] in self?.applied($0) }
        handlers.ended = callbacks.gone
        do throws(WaylandWatchError) {
            try connection.open(handlers)
            self.connection = connection
        } catch {
            if retriesLeft > 0 {
                retryTimer = afterDelay(milliseconds: Self.connectRetries.milliseconds) { [weak self] in
                    self?.retryTimer = 0
                    self?.connect(retriesLeft: retriesLeft - 1)
                }
            } else {
                callbacks.gone(error.message)
            }
        }
    }
}
