import OrientationCore

/// wlroots compositors (phoc, sway, labwc, …): wlr-output-management through `wlr-randr`.
///
/// Present while the Wayland socket accepts and its registry offers
/// `zwlr_output_manager_v1`; the manager's events (it sends `done` after every change of
/// any output) are the change notifications.
struct WlrRandrTool: OutputTool {
    static let managerInterface = "zwlr_output_manager_v1"

    let kind = OutputBackendKind.wlroots
    let environment: [String: String] = [:]
    let listCommand = ["wlr-randr"]

    func parse(_ stdout: String) -> [ToolOutput]? { WlrRandrListing.parse(stdout) }

    func applyCommand(output: String, _ orientation: InterfaceOrientation) -> [String] {
        ["wlr-randr", "--output", output, "--transform", WlrRandrListing.transform(for: orientation)]
    }
}

enum WlrootsBackend {
    static func make(environment: [String: String], output: String?, log: Log) -> OutputBackend {
        ToolOutputBackend(tool: WlrRandrTool(),
                          presence: WaylandPresence(environment: environment, required: [WlrRandrTool.managerInterface],
                                                    watched: [WlrRandrTool.managerInterface], what: "a wlroots compositor"),
                          output: output, log: log)
    }

    /// `--output-backend auto`: a Wayland compositor offering wlr-output-management.
    static func probe(environment: [String: String]) -> Bool {
        WaylandWatch.compositorOffers(any: [WlrRandrTool.managerInterface], environment: environment)
    }
}
