import OrientationCore

/// One compositor's interface for turning the built-in panel. Lives on the GLib main loop thread.
/// It watches its compositor (no polling: change notifications, or apply-and-read-back) and
/// reports what it sees through `reports`; it never decides what the panel should show.
protocol OutputBackend: PeerAdapter where Report == OutputBackendEvent {
    /// `mutter`, `wlroots`, `kwin` or `x11` (OrientationCore's OutputBackendKind).
    var kind: OutputBackendKind { get }
    // `start` reports `.attached` when the compositor and the panel are found,
    // `.detached(reason:)` when it is not there or goes away.
    /// Turns the panel to show `orientation` (already shifted for --natural-orientation by the
    /// service or core), then reads back and reports `.orientationRead`.
    func apply(_ orientation: InterfaceOrientation)
    // `stop` hands the panel back (e.g. restores the GSettings key for mutter).
    /// The core's `holdCompositorRotation`: whether the compositor's own auto-rotation must be
    /// held off now. Only a compositor that turns the panel by itself (mutter, Phosh, KWin 6)
    /// needs it.
    func holdCompositorRotation(_ held: Bool)
    /// The user's rotation lock (`RotationLocked`) as it is now: a compositor with a rotation
    /// switch of its own (GNOME's and Phosh's Auto Rotate) shows the same value.
    func rotationLockChanged(_ locked: Bool)
    /// The manager's `OutputStatus` for a reason this backend reported with `.detached`.
    func status(_ reason: String) -> String
}

extension OutputBackend {
    /// The backend's name and its reason.
    func status(_ reason: String) -> String { "\(kind.rawValue): \(reason)" }
    func holdCompositorRotation(_ held: Bool) {}
    func rotationLockChanged(_ locked: Bool) {}
}

/// What a backend saw of its compositor.
enum OutputBackendEvent {
    /// The compositor and the panel were found: its connector name and what it shows now (nil: unknown).
    case attached(outputName: String, showing: InterfaceOrientation?)
    /// What the panel shows after an apply, or after someone else changed it.
    case orientationRead(InterfaceOrientation?)
    /// The user switched the compositor's own rotation lock (GNOME's and Phosh's Auto Rotate
    /// off: true): the new `RotationLocked`.
    case userRotationLock(Bool)
    /// The panel's size and scale, and what the compositor says of turning it from the sensor
    /// itself (the screen's class and posture); sent after `attached` and whenever they may
    /// have changed (the part passes on only a change).
    case facts(PanelFacts)
    /// The compositor went away or refused: the log line to write.
    case detached(reason: String)
    /// A sentence on how the backend drives the panel now, for `OutputStatus` and Explain
    /// while it is attached ("" clears it): orientd stopped holding the compositor's rotation off.
    case note(String)
}
