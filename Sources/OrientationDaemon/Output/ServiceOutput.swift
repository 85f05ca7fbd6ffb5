import OrientationCore

extension OrientationService {
    /// Starts the output backend chosen by `--output-backend` (none: nothing is watched).
    func startOutput() {
        guard let backend = OutputBackendChoosing.make(for: options, connection: connection, log: log) else {
            log.info("output backend: none (the panel is left to the compositor)")
            performInternal(.output(.detached(reason: options.outputBackend == .none
                ? "--output-backend none: orientd leaves the panel to the compositor (--output-backend auto turns it)"
                : "the \(options.outputBackend.rawValue) backend is not built into this orientd")))
            return
        }
        outputLink.backend = backend
        backend.start { [unowned self, weak backend] event in
            guard let backend else { return }
            self.outputEvent(event, from: backend)
        }
    }

    /// Stops the backend, which hands the panel back to the compositor.
    func stopOutput() {
        outputLink.handover?.cancel()
        (outputLink.handover, outputLink.pending) = (nil, nil)
        outputLink.backend?.stop()
        outputLink.backend = nil
    }

    /// A backend's report, turned into a core command.
    func outputEvent(_ event: OutputBackendEvent, from backend: any OutputBackend) {
        guard backend === outputLink.backend else { return }
        switch event {
        case .attached(let name, let showing):
            performInternal(.output(.attached(backend.kind, name: name, showing: showing)))
            log.info(attachedLine(backend.kind, name))
        case .orientationRead(let showing):
            performInternal(.output(.read(showing)))
        case .detached(let reason):
            // A tool's own sentence ends in a period; the line goes on after it.
            var reason = Substring(reason)
            while reason.hasSuffix(".") { reason = reason.dropLast() }
            if manager.output.backend != nil {
                log.warning("output: \(backend.kind.rawValue): \(reason); OutputBackend is none until the compositor returns")
            } else if !outputLink.reportedDetached {
                log.info("output: \(backend.kind.rawValue): \(reason); OutputBackend is none until it is there")
            }
            outputLink.reportedDetached = true
            performInternal(.output(.detached(reason: backend.status(String(reason)))))
        }
    }

    /// What a backend found on attaching, and what orientd does with it (the core has taken
    /// the attach): the panel as found, then the turn to come, if any.
    func attachedLine(_ kind: OutputBackendKind, _ name: String) -> String {
        let showing = manager.output.showing
        let found = "output: \(kind.rawValue) found \(name), showing \(showing?.rawValue ?? "an orientation orientd does not turn to (a flipped transform)")"
        guard let decided = manager.output.decided else {
            return found + "; orientd leaves it so until a scene in front or kiosk mode decides"
        }
        return found + (decided == showing ? ", as orientd decides" : "; orientd turns it to \(decided.rawValue)")
    }

    /// The core decided what the panel must show. Handed to the backend once the loop is
    /// idle, so that a burst of reports decided together turns the panel once, to the last
    /// decision: a compositor reports one window losing the focus and the next taking it as
    /// two changes, and between them no window is in front and the panel would follow the
    /// device for a moment.
    func applyOutput(_ row: InterfaceOrientation) {
        guard outputLink.backend != nil, manager.output.backend != nil else { return }
        outputLink.pending = row
        guard outputLink.handover == nil else { return }
        outputLink.handover = loop.addIdle { [unowned self] in
            self.outputLink.handover = nil
            guard let row = self.outputLink.pending else { return }
            self.outputLink.pending = nil
            guard let output = self.outputLink.backend, self.manager.output.backend != nil else { return }
            self.log.debug("output: apply \(row.rawValue)")
            output.apply(row)
        }
    }
}
