import GLibBridge
import OrientationCore

/// The service's side of its output backend (ServiceOutput.swift): the backend while there is
/// one, whether its absence was logged, and the panel orientation on its way to it.
struct OutputLink {
    /// The compositor backend turning the panel, while there is one.
    var backend: (any OutputBackend)?
    /// Whether the backend's absence was logged (said once, then only after it was attached).
    var reportedDetached = false
    /// The panel's orientation the core decided last, not yet handed to the backend, and the
    /// idle source that hands it over (`applyOutput`).
    var pending: InterfaceOrientation?
    var handover: SourceHandle?
}
