import CGio
import OrientationCore

/// What differs between the backends that drive a compositor through its command-line tool.
protocol OutputTool {
    var kind: OutputBackendKind { get }
    /// Variables added to the tool's environment.
    var environment: [String: String] { get }
    /// Lists the outputs.
    var listCommand: [String] { get }
    /// Reads the listing; nil when it is not one (the tool's output is then the error).
    func parse(_ stdout: String) -> [ToolOutput]?
    /// Turns `output` to show `orientation`.
    func applyCommand(output: String, _ orientation: InterfaceOrientation) -> [String]
}

/// A backend driving its compositor through a command-line tool (xrandr), run
/// asynchronously from the main loop:
///
/// - The presence watcher says when the compositor is there; the backend then lists the
///   outputs, picks the panel (`--output`, else the built-in one) and reports `.attached`.
/// - `apply` runs the tool, then lists again and reports what the panel shows (apply and read
///   back). The compositor's change notifications list again too, so someone else's change is
///   reported as `.orientationRead` (and not undone).
/// - One tool run of each sort at a time (`PeerSession`, `OneCallAtATime`): an apply asked for
///   meanwhile waits (only the newest), and a listing asked for meanwhile runs once after the
///   current one.
/// - The compositor going away (or the tool failing) reports `.detached` with the tool's or the
///   socket's error text; its return reports `.attached` again. A listing that fails while the
///   compositor is there (a tool that hung past its watchdog, crashed or printed no listing)
///   is tried again after `retryMilliseconds`, twice as long each time up to the longest.
final class ToolOutputBackend: OutputBackend {
    let tool: OutputTool
    let presence: CompositorPresence
    let requestedOutput: String?
    let log: Log
    var kind: OutputBackendKind { tool.kind }

    private var report: ((OutputBackendEvent) -> Void)?
    /// The epoch (the compositor coming or going drops the results of tools run before), its
    /// absence said once, and one apply at a time.
    private var session = PeerSession<InterfaceOrientation>()
    /// One listing at a time: any number asked for meanwhile make one after it.
    private var listings = OneCallAtATime<Void>()
    private var panel = PanelAttachment()
    private var saidLeftOpen = false
    /// The first wait before listing again after a failed listing, and the longest.
    static let retryMilliseconds: (first: UInt32, longest: UInt32) = (1_000, 60_000)
    private var retryDelay = retryMilliseconds.first
    private var retryTimer: guint = 0

    init(tool: OutputTool, presence: CompositorPresence, output: String?, log: Log) {
        self.tool = tool
        self.presence = presence
        requestedOutput = output
        self.log = log
    }

    func start(reports: @escaping (OutputBackendEvent) -> Void) {
        report = reports
        presence.start(present: { [weak self] in
            guard let self else { return }
            self.session.newPeer()
            self.session.present()
            self.listings.cancel()
            self.resetRetry()
            self.list()
        }, changed: { [weak self] in
            self?.list()
        }, gone: { [weak self] reason in
            guard let self else { return }
            self.session.newPeer()
            self.listings.cancel()
            self.resetRetry()
            self.lost(reason)
        })
    }

    func stop() {
        presence.stop()
        session.newPeer()
        resetRetry()
        panel.release()
        report = nil
    }

    func apply(_ orientation: InterfaceOrientation) {
        guard let output = panel.output, let orientation = session.calls.submit(orientation) else { return }
        let epoch = session.epoch
        let argv = tool.applyCommand(output: output, orientation)
        log.debug("output: \(kind.rawValue): \(argv.joined(separator: " "))")
        ToolProcess.run(argv, environment: tool.environment) { [weak self] result in
            guard let self, self.session.isCurrent(epoch) else { return }
            self.noteLeftOpen(result)
            if !result.succeeded {
                self.log.warning("output: \(self.kind.rawValue): turning \(output) to \(orientation.rawValue) failed: \(result.errorText)")
            }
            self.list()
            if let next = self.session.calls.finish() { self.apply(next) }
        }
    }

    /// Lists the outputs and reports what it finds.
    private func list() {
        guard report != nil, listings.submit(()) != nil else { return }
        let epoch = session.epoch
        ToolProcess.run(tool.listCommand, environment: tool.environment) { [weak self] result in
            guard let self, self.session.isCurrent(epoch) else { return }
            let again = self.listings.finish() != nil
            self.take(result)
            if again { self.list() }
        }
    }

    /// Says once that a tool leaves a process holding its output (orientd stops reading
    /// `ToolProcess.graceMilliseconds` after the tool exits, every time).
    private func noteLeftOpen(_ result: ToolResult) {
        guard result.leftOutputOpen, !saidLeftOpen else { return }
        saidLeftOpen = true
        log.warning("output: \(kind.rawValue): \(result.command) exited but left a process holding its output open; orientd stops reading \(ToolProcess.graceMilliseconds) ms after such a tool exits")
    }

    private func take(_ result: ToolResult) {
        noteLeftOpen(result)
        guard result.succeeded, let outputs = tool.parse(result.stdout) else {
            lost(result.succeeded ? "\(result.command) printed no listing: \(result.stdout.prefix(200))" : result.errorText)
            retryListing()
            return
        }
        resetRetry()
        for event in panel.listed(outputs, requested: requestedOutput, session: &session) { report?(event) }
    }

    /// Lists again after the current wait, which doubles for the next failure.
    private func retryListing() {
        guard retryTimer == 0, report != nil else { return }
        let (delay, epoch) = (retryDelay, session.epoch)
        retryDelay = min(retryDelay * 2, Self.retryMilliseconds.longest)
        log.info("output: \(kind.rawValue): listing the outputs again in \(delay) ms")
        retryTimer = afterDelay(milliseconds: delay) { [weak self] in
            guard let self else { return }
            self.retryTimer = 0
            if self.session.isCurrent(epoch) { self.list() }
        }
    }

    private func resetRetry() {
        if retryTimer != 0 { cancelDelay(retryTimer) }
        (retryTimer, retryDelay) = (0, Self.retryMilliseconds.first)
    }

    private func lost(_ reason: String) {
        if let event = panel.lost(reason, session: &session) { report?(event) }
    }
}
