import OrientationCore

/// An output backend's hold on the panel across the compositor's listings of its outputs (a
/// tool's listing, wlr-output-management's heads): attached when the panel is found, read
/// back while it stays, detached with the reason when it is not there, that absence said once.
struct PanelAttachment {
    /// The panel's connector while attached.
    private(set) var output: String?

    /// What a listing of `outputs` is to report, if anything; `requested` is `--output`.
    mutating func listed<Call>(_ outputs: [ToolOutput], requested: String?, session: inout PeerSession<Call>) -> OutputBackendEvent? {
        switch PanelChoice.panel(in: outputs, requested: requested) {
        case .failure(let notFound):
            return lost(notFound.description, session: &session)
        case .success(let panel) where panel.name == output:
            return .orientationRead(panel.showing)
        case .success(let panel):
            output = panel.name
            session.present()
            return .attached(outputName: panel.name, showing: panel.showing)
        }
    }

    /// The panel or its compositor is gone: `.detached`, unless that absence was said already.
    mutating func lost<Call>(_ reason: String, session: inout PeerSession<Call>) -> OutputBackendEvent? {
        guard session.reportsAbsence(wasPresent: output != nil) else { return nil }
        output = nil
        return .detached(reason: reason)
    }

    /// Lets the panel go without a report (the backend stops).
    mutating func release() { output = nil }
}
