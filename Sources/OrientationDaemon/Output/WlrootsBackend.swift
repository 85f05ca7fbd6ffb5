import OrientationCore

/// wlroots compositors (phoc, sway, labwc, …): wlr-output-management, spoken by
/// `WaylandOutputBackend`. An apply sends a whole configuration (every output as it is, the
/// panel with its new transform) for the manager's latest serial.
enum WlrootsBackend {
    static let managerInterface = "zwlr_output_manager_v1"

    static func make(environment: [String: String], output: String?, log: Log) -> any OutputBackend {
        WaylandOutputBackend(kind: .wlroots, managers: [managerInterface], what: "a wlroots compositor",
                             environment: environment, output: output, log: log)
    }

    /// `--output-backend auto`: a Wayland compositor offering wlr-output-management.
    static func probe(_ context: AdapterContext) -> ProbeAnswer {
        context.probes.waylandOffers(any: [managerInterface], environment: context.environment)
    }
}
