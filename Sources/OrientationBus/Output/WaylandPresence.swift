import CGio

/// A Wayland compositor's presence: its socket accepting a connection whose registry offers
/// one of `required`; gone when that connection closes; back when the socket file is bound
/// again (a folder watch, no polling). Events of the `watched` globals are changes.
final class WaylandPresence: CompositorPresence {
    /// Tries after the socket file appears: it is bound a moment before the compositor listens.
    static let connectRetries = (count: 10, milliseconds: UInt32(300))

    let socketPath: String?
    let required: [String]
    let watched: Set<String>
    /// Names the compositor family in messages ("a wlroots compositor").
    let what: String
    private var watch: WaylandWatch?
    private var appearance: SocketAppearance?
    private var callbacks: (present: () -> Void, changed: () -> Void, gone: (String) -> Void)?
    private var retryTimer: guint = 0

    init(environment: [String: String], required: [String], watched: Set<String>, what: String) {
        socketPath = WaylandWatch.socketPath(environment: environment)
        self.required = required
        self.watched = watched
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
        appearance = SocketAppearance(directory: directory, name: name) { [weak self] in
            self?.connect(retriesLeft: Self.connectRetries.count)
        }
        connect(retriesLeft: 0)
    }

    func stop() {
        appearance?.cancel()
        appearance = nil
        watch?.close()
        watch = nil
        callbacks = nil
        if retryTimer != 0 { g_source_remove(retryTimer) }
        retryTimer = 0
    }

    private func connect(retriesLeft: Int) {
        guard let socketPath, let callbacks, watch?.isOpen != true else { return }
        if retryTimer != 0 { g_source_remove(retryTimer) }
        retryTimer = 0
        let watch = WaylandWatch(socketPath: socketPath, watched: watched)
        do throws(WaylandWatchError) {
            try watch.open(ready: { [weak self, weak watch] globals in
                guard let self, let watch else { return }
                if globals.contains(where: self.required.contains) {
                    callbacks.present()
                } else {
                    watch.close()
                    callbacks.gone("the Wayland compositor on \(socketPath) is not \(self.what): it offers no \(self.required.joined(separator: " or "))")
                }
            }, changed: callbacks.changed, closed: { reason in
                callbacks.gone(reason)
            })
            self.watch = watch
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
