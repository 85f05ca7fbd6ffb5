import OrientationCore

/// A compositor's output management spoken through libwayland on the connection that watches
/// the compositor: wlr-output-management on wlroots compositors (phoc, sway, labwc, …), KWin's
/// kde_output_device_v2 and kde_output_management_v2 on KWin (`WlrootsBackend`, `KWinBackend`).
///
/// Present while the Wayland socket accepts and its registry offers the manager. The
/// compositor reports every output with its transform after each change, someone else's
/// included; an apply turns the panel and the compositor answers (succeeded, failed, or on
/// wlroots cancelled). One apply is in flight at a time: an orientation asked for meanwhile
/// waits (only the newest), and a cancelled one (the outputs changed meanwhile) is sent again.
final class WaylandOutputBackend: OutputBackend {
    let kind: OutputBackendKind
    let presence: WaylandPresence
    let requestedOutput: String?
    let log: Log
    private var report: ((OutputBackendEvent) -> Void)?
    private var panel = PanelAttachment()
    /// What the panel shows, as the latest listing said.
    private var showing: InterfaceOrientation?
    /// Its absence said once, and one apply in flight (the orientation it applies).
    private var session = PeerSession<InterfaceOrientation>()
    /// KWin's tablet mode on the session bus; nil: not followed.
    let selfRotation: KWinTabletMode?
    /// KWin's auto-rotate policy of the panel, read and held; nil on wlroots.
    let autoRotate: KWinAutoRotate?
    /// The panel's size as the latest listing said, for a report when only the rotation changes.
    private var size: PanelSize?
    /// What phoc's device state says of its tablet-mode switch (wlroots; `unoffered` elsewhere).
    private var tabletModeSwitch = PhocTabletModeSwitch.unoffered

    /// `managers`: the globals that make the compositor this backend's (any one of them);
    /// `what` names its family in messages ("a wlroots compositor", "KWin").
    init(kind: OutputBackendKind, managers: [String], what: String, environment: [String: String], output: String?, log: Log,
         selfRotation: KWinTabletMode? = nil, autoRotate: KWinAutoRotate? = nil) {
        self.kind = kind
        self.selfRotation = selfRotation
        self.autoRotate = autoRotate
        presence = WaylandPresence(environment: environment, required: managers, what: what)
        requestedOutput = output
        self.log = log
    }

    func start(reports: @escaping (OutputBackendEvent) -> Void) {
        report = reports
        selfRotation?.changed = { [weak self] in
            guard let self, self.panel.output != nil else { return }
            self.report?(.facts(PanelFacts(size: self.size, rotation: self.rotation(output: self.panel.output),
                                           rotationChanging: self.selfRotation?.changing ?? false)))
        }
        selfRotation?.start()
        autoRotate?.connection = { [weak self] in self?.presence.connection }
        presence.heads = { [weak self] in self?.take($0) }
        presence.applied = { [weak self] in self?.answered($0) }
        presence.policyApplied = { [weak self] in self?.autoRotate?.answered($0) }
        presence.tabletModeSwitch = { [weak self] in self?.tabletModeSwitchChanged($0) }
        presence.start(present: { [weak self] in
            // The outputs follow the listing: the panel is chosen when they come.
            guard let self else { return }
            self.session.newPeer()
            self.autoRotate?.newPeer()
        }, changed: {}, gone: { [weak self] reason in
            guard let self else { return }
            self.session.newPeer()
            self.autoRotate?.newPeer()
            self.tabletModeSwitch = .unoffered
            self.lost(reason)
        })
    }

    /// What the compositor says of turning the panel `output` itself: on KWin, the core's rule
    /// from the user's auto-rotate policy and the tablet mode; on phoc, the core's rule from its
    /// tablet-mode switch (nothing where phoc offers no device state).
    private func rotation(output: String?) -> CompositorRotation {
        guard kind == .kwin else { return .phoc(tabletModeSwitch) }
        return .kwin(policy: autoRotate?.userPolicy, output: output,
                     tabletModeAvailable: selfRotation?.available, tabletMode: selfRotation?.tabletMode)
    }

    /// phoc's tablet-mode switch changed: the panel's facts again, with its word (the core
    /// settles a word that flaps).
    private func tabletModeSwitchChanged(_ said: PhocTabletModeSwitch) {
        guard said != tabletModeSwitch else { return }
        tabletModeSwitch = said
        log.debug("output: \(kind.rawValue): phoc's device state: tablet-mode switch \(said)")
        guard panel.output != nil else { return }  // the listing's report carries it
        report?(.facts(PanelFacts(size: size, rotation: rotation(output: panel.output))))
    }

    func holdCompositorRotation(_ held: Bool) { autoRotate?.holdCompositorRotation(held) }

    func stop() {
        autoRotate?.release()
        selfRotation?.stop()
        presence.stop()
        panel.release()
        report = nil
    }

    func apply(_ orientation: InterfaceOrientation) {
        guard let output = panel.output, let connection = presence.connection,
              let orientation = session.calls.submit(orientation) else { return }  // waits for the one in flight
        if orientation == showing {
            session.calls.finish()
            report?(.orientationRead(showing))
            return
        }
        let transform = Self.transform(for: orientation)
        log.debug("output: \(kind.rawValue): turning \(output) to transform \(transform)")
        guard connection.applyTransform(transform, toOutput: output) else {
            session.calls.finish()
            log.warning("output: \(kind.rawValue): cannot turn \(output) to \(orientation.rawValue): the compositor lists no such output on, or offers no output manager")
            report?(.orientationRead(showing))
            return
        }
    }

    /// The wl_output transform that shows `orientation` on a portrait panel (wl_output's
    /// transforms count counter-clockwise; KWin's output devices use the same values).
    static func transform(for orientation: InterfaceOrientation) -> Int32 {
        switch orientation {
        case .portrait: return 0
        case .landscapeLeft: return 1
        case .portraitUpsideDown: return 2
        case .landscapeRight: return 3
        }
    }

    /// What a wl_output transform shows; nil for the flipped ones and for none.
    static func orientation(forTransform transform: Int32?) -> InterfaceOrientation? {
        InterfaceOrientation.allCases.first { self.transform(for: $0) == transform }
    }

    /// The outputs a listing names: an output whose name is empty or holds a control
    /// character (the compositor is untrusted) is left out, as it could never be `--output`.
    static func outputs(from heads: [WaylandConnection.Head]) -> [ToolOutput] {
        heads.filter { head in
            !head.name.isEmpty && !head.name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }.map { head in
            ToolOutput(name: head.name, enabled: head.enabled, showing: orientation(forTransform: head.transform),
                       size: head.size.flatMap { PanelSize(width: $0.width, height: $0.height, scale: $0.scale) })
        }
    }

    /// What the compositor's answer to the apply of `orientation` means, the panel showing
    /// `showing` before it.
    struct Outcome: Equatable {
        /// What the panel shows now. After a success, the orientation applied: the outputs'
        /// new state follows, but an orientation waiting now must be compared with it, not
        /// with the listing before (else a return to the previous one is judged "already shown").
        var showing: InterfaceOrientation?
        /// Refused: the panel stays as it was, which is reported (the core learns the turn
        /// did not happen).
        var refused: Bool
        /// Cancelled (the outputs changed meanwhile): sent again unless a newer one waits.
        var sendAgain: Bool
    }

    static func outcome(of result: WaylandConnection.ApplyResult, applying orientation: InterfaceOrientation,
                        showing: InterfaceOrientation?) -> Outcome {
        switch result {
        case .succeeded: Outcome(showing: orientation, refused: false, sendAgain: false)
        case .failed: Outcome(showing: showing, refused: true, sendAgain: false)
        case .cancelled: Outcome(showing: showing, refused: false, sendAgain: true)
        }
    }

    private func answered(_ result: WaylandConnection.ApplyResult) {
        guard let orientation = session.calls.inFlight else { return }
        var next = session.calls.finish()
        let outcome = Self.outcome(of: result, applying: orientation, showing: showing)
        showing = outcome.showing
        if outcome.refused {
            log.warning("output: \(kind.rawValue): the compositor refused to turn \(panel.output ?? "the panel") to \(orientation.rawValue)")
            report?(.orientationRead(showing))
        }
        if outcome.sendAgain { next = next ?? orientation }
        if let next { apply(next) }
    }

    private func take(_ heads: [WaylandConnection.Head]) {
        guard report != nil else { return }
        let outputs = Self.outputs(from: heads)
        let chosen = try? PanelChoice.panel(in: outputs, requested: requestedOutput).get()
        autoRotate?.listed(chosen.flatMap { panel in heads.first { $0.name == panel.name } })
        for event in panel.listed(outputs, requested: requestedOutput, rotation: rotation(output: chosen?.name), session: &session) {
            switch event {
            case .orientationRead(let read), .attached(_, let read): showing = read
            case .facts(let facts): size = facts.size
            case .detached, .userRotationLock, .note: break
            }
            report?(event)
        }
    }

    private func lost(_ reason: String) {
        if let event = panel.lost(reason, session: &session) { report?(event) }
    }
}
