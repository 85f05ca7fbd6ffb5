import CGio
import OrientationCore

/// A Wayland compositor's presence, through libwayland: its socket accepting a connection whose
/// registry offers one of `required`; gone when that connection closes; back when the socket
/// file is bound again (a folder watch, no polling). The connection follows every wl_output:
/// an output's change (a new transform, mode or scale) or an output plugged or unplugged is a
/// change. On a compositor with wlr-output-management or KWin's output devices, its outputs
/// and the answers to `connection.applyTransform` are passed on to `heads` and `applied`; on
/// phoc, what its device state says of its tablet-mode switch to `tabletModeSwitch`.
final class WaylandPresence: CompositorPresence {
    let socketPath: String?
    let required: [String]
    /// Names the compositor family in messages ("a wlroots compositor").
    let what: String
    /// The compositor's outputs after each change, and the answers to applies.
    var heads: ([WaylandConnection.Head]) -> Void = { _ in }
    var applied: (WaylandConnection.ApplyResult) -> Void = { _ in }
    /// KWin's answers to `connection.setAutoRotatePolicy`.
    var policyApplied: (WaylandConnection.ApplyResult) -> Void = { _ in }
    /// phoc's tablet-mode switch, when it changed (`unoffered` again after a new connection lists none).
    var tabletModeSwitch: (PhocTabletModeSwitch) -> Void = { _ in }
    /// The connection while the compositor is there.
    private(set) var connection: WaylandConnection?
    private var dialer: WaylandDialer?
    private var callbacks: (present: () -> Void, changed: () -> Void, gone: (String) -> Void)?

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
        let dialer = WaylandDialer(socketPath: socketPath)
        self.dialer = dialer
        dialer.start(dial: { [weak self] () throws(WaylandWatchError) in try self?.connect() },
                     failed: { [weak self] reason in self?.callbacks?.gone(reason) })
    }

    func stop() {
        dialer?.stop()
        dialer = nil
        connection?.close()
        connection = nil
        callbacks = nil
    }

    /// Opens a connection unless one is open.
    private func connect() throws(WaylandWatchError) {
        guard let socketPath, let callbacks, connection?.isOpen != true else { return }
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
        handlers.policyApplied = { [weak self] in self?.policyApplied($0) }
        handlers.tabletModeSwitch = { [weak self] in self?.tabletModeSwitch($0) }
        handlers.ended = callbacks.gone
        try connection.open(handlers)
        self.connection = connection
    }
}
