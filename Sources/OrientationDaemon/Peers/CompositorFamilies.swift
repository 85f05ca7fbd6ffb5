/// The compositor adapter families the service chooses from: the built-in registries
/// (`OutputBackends`, `WindowTrackers`), or, in a test, entries that play a compositor in
/// process (where the service's behaviour, not a compositor, is the point).
struct CompositorFamilies: Sendable {
    var output: AdapterFamily<any OutputBackend, OutputBackendEvent>
    var windows: AdapterFamily<any WindowTracker, WindowTrackerEvent>

    static let builtIn = CompositorFamilies(output: OutputBackends.family, windows: WindowTrackers.family)
}
