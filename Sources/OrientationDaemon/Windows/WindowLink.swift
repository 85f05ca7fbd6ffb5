/// The service's side of its window tracker (ServiceWindows.swift).
struct WindowLink {
    /// The tracker following the compositor's app windows, while there is one.
    var tracker: (any WindowTracker)?
    /// The pace at which the tracker's windows reach the core.
    var pace: WindowReportPace?
    /// Whether the tracker's absence was logged (said once, then only after it was attached).
    var reportedDetached = false
}
