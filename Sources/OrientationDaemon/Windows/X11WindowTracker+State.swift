extension X11WindowTracker {
    /// Reads a client window's `_NET_WM_STATE` (hidden: minimized; fullscreen) and reports
    /// what changed.
    func readState(_ window: UInt32, _ connection: X11Connection, _ atoms: X11Atoms) {
        read(window, atoms.state, maxBytes: 4 * X11WindowProperties.maximumStateAtoms, connection) { [weak self] value in
            guard let self else { return }
            let state = X11WindowProperties.state(value, hidden: atoms.stateHidden, fullscreen: atoms.stateFullscreen)
            self.send(self.clients.update(window) { $0.state = state })
        }
    }
}
