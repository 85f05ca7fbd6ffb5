import GLibBridge
import OrientationCore

/// What mutter says of the panel beyond its transform: whether it turns the panel from the
/// accelerometer itself (`PanelOrientationManaged`), which the GSettings hand-over and the
/// screen's posture follow, and the panel's size.
extension MutterBackend {
    // MARK: PanelOrientationManaged and the GSettings hand-over

    func readPanelManaged() {
        let epoch = session.epoch
        connection.callAsync(destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Properties",
                             method: "Get", parameters: Variant(tuple: [Variant(string: Self.interface),
                                                                        Variant(string: "PanelOrientationManaged")]),
                             replyType: "(v)") { [weak self] result in
            guard let self, self.session.isCurrent(epoch) else { return }
            if case .success(let reply) = result, let managed = reply.child(at: 0).unboxed?.bool {
                self.setPanelManaged(managed)
            }
        }
    }

    func setPanelManaged(_ managed: Bool) {
        (panelManaged, panelManagedKnown) = (managed, true)
        updateHandover()
        if attachedOutput != nil { report?(.facts(facts)) }
    }

    /// The panel's size and what mutter says of turning it itself: `PanelOrientationManaged`
    /// is true while mutter follows the accelerometer (a tablet, a convertible folded), false
    /// on a laptop or a convertible in laptop mode.
    var facts: PanelFacts {
        let rotation: CompositorRotation = !panelManagedKnown ? .silent : panelManaged
            ? .turnsPanel("mutter turns the panel from the accelerometer itself (PanelOrientationManaged is true)")
            : .leavesPanel("mutter does not turn the panel from the accelerometer (PanelOrientationManaged is false: a laptop, or a convertible in laptop mode)")
        return PanelFacts(size: panelSize, rotation: rotation)
    }

    /// Links Auto Rotate and `RotationLocked` while attached (held only while mutter manages
    /// the panel and the core asks for the hold); lets the key go otherwise.
    func updateHandover() {
        handover.link(attachedOutput != nil && owner != nil, managed: panelManaged)
    }
}
