import GLibBridge
import OrientationCore

/// The service's output part: the backend `--output-backend` chose (driven by the generic
/// `AdapterHost`), its reports turned into core commands, and the panel orientation on its
/// way to it. Lives on the main loop thread.
final class OutputPart {
    let host: AdapterHost<any OutputBackend, OutputBackendEvent>
    let loop: MainLoop
    let log: Log
    /// Runs a command through the core (the service's `performInternal`).
    var perform: (Command) -> Void = { _ in }
    /// The backend's first answer (attached or detached) is in, or no backend will answer.
    var answered: () -> Void = {}
    /// The core's state now (set by the service).
    var manager: () -> OrientationManager = { preconditionFailure("the service gives its parts the core's state") }
    /// Whether the backend's absence was logged (said once, then only after it was attached).
    private var reportedDetached = false
    /// The panel's orientation the core decided last, not yet handed to the backend, and the
    /// idle source that hands it over (`apply`).
    private var pending: InterfaceOrientation?
    private var handover: SourceHandle?

    init(family: AdapterFamily<any OutputBackend, OutputBackendEvent> = OutputBackends.family, loop: MainLoop, log: Log) {
        host = AdapterHost(family)
        (self.loop, self.log) = (loop, log)
    }

    /// The backend while there is one.
    var backend: (any OutputBackend)? { host.adapter }

    /// Starts the output backend chosen by `--output-backend` (none: nothing is watched).
    func start(_ context: AdapterContext) {
        let choice = context.options.outputBackend
        let started = host.start(choice.adapterChoice, context: context) { [unowned self] event, backend in
            self.take(event, from: backend)
        }
        guard !started, backend == nil else { return }
        defer { answered() }
        log.info("output backend: none (the panel is left to the compositor)")
        perform(.output(.detached(reason: choice == .none
            ? "--output-backend none: orientd leaves the panel to the compositor (--output-backend auto turns it)"
            : "the \(choice.rawValue) backend is not built into this orientd")))
    }

    /// orientd serves before the backend's first answer came (`StartupGate`): `OutputStatus`
    /// says so until it comes.
    func stillStarting() {
        let name = host.entryName.map { " (\($0))" } ?? ""
        perform(.output(.detached(reason: "orientd is starting: waiting for the compositor's first answer\(name)")))
    }

    /// Stops the backend, which hands the panel back to the compositor.
    func stop() {
        handover?.cancel()
        (handover, pending) = (nil, nil)
        host.stop()
    }

    /// A backend's report, turned into a core command.
    private func take(_ event: OutputBackendEvent, from backend: any OutputBackend) {
        switch event {
        case .attached(let name, let showing):
            // The user's lock and the hold as they are now, before the attach changes anything.
            rotationLockChanged(manager().settings.rotationLocked)
            holdCompositorRotation(manager().holdsCompositorRotation)
            perform(.output(.attached(backend.kind, name: name, showing: showing)))
            log.info(attachedLine(backend.kind, name))
            answered()
        case .orientationRead(let showing):
            let before = manager().output
            perform(.output(.read(showing)))
            sayTurnedElsewhere(before: before)
        case .facts(let facts):
            guard facts != manager().output.reportedFacts else { return }
            perform(.output(.facts(facts)))
        case .note(let sentence):
            perform(.output(.note(sentence)))
        case .userRotationLock(let locked):
            perform(.setRotationLocked(locked))
            // Refused (an administrator locked RotationLocked): the switch shows the lock in force.
            rotationLockChanged(manager().settings.rotationLocked)
        case .detached(let reason):
            // A tool's own sentence ends in a period; the line goes on after it.
            var reason = Substring(reason)
            while reason.hasSuffix(".") { reason = reason.dropLast() }
            if manager().output.backend != nil {
                log.warning("output: \(backend.kind.rawValue): \(reason); OutputBackend is none until the compositor returns")
            } else if !reportedDetached {
                log.info("output: \(backend.kind.rawValue): \(reason); OutputBackend is none until it is there")
            }
            reportedDetached = true
            perform(.output(.detached(reason: backend.status(String(reason)))))
            answered()
        }
    }

    /// Someone else turned the panel away from what the app in front needs: orientd turned it
    /// back once, or now leaves it as the user's choice (the core decided; this says so).
    private func sayTurnedElsewhere(before: OutputState) {
        let after = manager().output
        guard let shows = after.showing, let decided = after.decided else { return }
        if after.turnedBack, !before.turnedBack {
            log.info("output: someone else turned the panel to \(shows.words); orientd turns it back to \(decided.words) once \(manager().panelReason())")
        } else if after.keptForUser != nil, before.keptForUser == nil {
            log.info("output: someone else turned the panel to \(shows.words) again; orientd leaves it so, as the user's choice, until what it decides changes (it would turn it to \(decided.words) \(manager().panelReason()))")
        }
    }

    /// What a backend found on attaching, and what orientd does with it (the core has taken
    /// the attach): the panel as found, then the turn to come, if any.
    private func attachedLine(_ kind: OutputBackendKind, _ name: String) -> String {
        let output = manager().output
        let showing = output.showing
        let found = "output: \(kind.rawValue) found \(name), showing \(showing?.rawValue ?? "an orientation orientd does not turn to (a flipped transform)")"
        guard let decided = output.decided else {
            return found + "; orientd leaves it so until a scene in front or kiosk mode decides"
        }
        return found + (decided == showing ? ", as orientd decides" : "; orientd turns it to \(decided.rawValue)")
    }

    /// The core's `holdCompositorRotation`, for a backend whose compositor turns the panel itself.
    func holdCompositorRotation(_ held: Bool) { backend?.holdCompositorRotation(held) }

    /// `RotationLocked` now, for a backend whose compositor has a rotation switch of its own.
    func rotationLockChanged(_ locked: Bool) { backend?.rotationLockChanged(locked) }

    /// The core decided what the panel must show. Handed to the backend once the loop is
    /// idle, so that a burst of reports decided together turns the panel once, to the last
    /// decision: a compositor reports one window losing the focus and the next taking it as
    /// two changes, and between them no window is in front and the panel would follow the
    /// device for a moment.
    func apply(_ row: InterfaceOrientation) {
        guard backend != nil, manager().output.backend != nil else { return }
        pending = row
        guard handover == nil else { return }
        handover = loop.addIdle { [unowned self] in
            self.handover = nil
            guard let row = self.pending else { return }
            self.pending = nil
            guard let output = self.backend, self.manager().output.backend != nil else { return }
            // For a person, at the default level: the orientation in words, the app and why.
            if let line = self.manager().panelTurnLine { self.log.info(line) }
            self.log.debug("output: apply \(row.rawValue) (the panel's row)")
            output.apply(row)
        }
    }
}
