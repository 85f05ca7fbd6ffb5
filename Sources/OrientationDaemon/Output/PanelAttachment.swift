import OrientationCore

/// An output backend's hold on the panel across the compositor's listings of its outputs (a
/// tool's listing, wlr-output-management's heads): attached when the panel is found, read
/// back while it stays, detached with the reason when it is not there, that absence said once.
struct PanelAttachment {
    /// The panel's connector while attached.
    private(set) var output: String?

    /// What a listing of `outputs` is to report, in order; `requested` is `--output`. While
    /// attached the panel's size follows its orientation (`rotation`: what the compositor
    /// says of its own rotation).
    mutating func listed<Call>(_ outputs: [ToolOutput], requested: String?, rotation: CompositorRotation = .silent,
                               session: inout PeerSession<Call>) -> [OutputBackendEvent] {
        switch PanelChoice.panel(in: outputs, requested: requested) {
        case .failure(let notFound):
            return lost(notFound.description, session: &session).map { [$0] } ?? []
        case .success(let panel) where panel.name == output:
            return [.orientationRead(panel.showing), .facts(PanelFacts(size: panel.size, rotation: rotation))]
        case .success(let panel):
            output = panel.name
            session.present()
            return [.attached(outputName: panel.name, showing: panel.showing), .facts(PanelFacts(size: panel.size, rotation: rotation))]
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
