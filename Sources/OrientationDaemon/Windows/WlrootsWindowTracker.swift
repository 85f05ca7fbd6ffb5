/// wlroots compositors (phoc, sway, wayfire, labwc): the windows of
/// `zwlr_foreign_toplevel_manager_v1`. Each window is reported after its `done`; the
/// manager's `finished` counts as the compositor going away.
final class WlrootsWindowTracker: WaylandWindowTracker {
    static let managerInterface = "zwlr_foreign_toplevel_manager_v1"

    init(environment: [String: String], log: Log) {
        super.init(list: WaylandWindowList(
            kind: .wlroots, managerInterface: Self.managerInterface, binds: .toplevels, compositor: "the compositor",
            absenceReason: { _, socketPath in "the Wayland compositor on \(socketPath) offers no \(Self.managerInterface)" }),
            environment: environment, log: log)
    }

    /// `--window-tracking auto`: a Wayland compositor offering the toplevel manager.
    static func probe(_ context: AdapterContext) -> ProbeAnswer {
        context.probes.waylandOffers(any: [managerInterface], environment: context.environment)
    }
}
