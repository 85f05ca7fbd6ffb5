import GLibBridge
import Glibc
import OrientationClient
import Synchronization

extension VerbTable {
    /// `monitor`: follows orientd's announcements and prints them until SIGINT or SIGTERM.
    static func monitor(_ inv: Invocation) throws(CommandError) {
        let client = try inv.client()
        // The main loop only waits for the signals, the reader and the end of the watch; the
        // events come from the client's own loop thread.
        let loop = MainLoop()
        let printer = MonitorPrinter(inv, loop: loop)
        let watch = try inv.bus { client throws(OrientationClientError) in try client.watchService(printer.handle) }
        printer.learnScenes(client)
        for signal in [SIGINT, SIGTERM] { loop.addSignalHandler(signal) { loop.quit() } }
        // The reader of a pipe went away (`orientctl monitor | head -1`): end quietly with
        // status 0, even while no event comes to write.
        if inv.watchesOutput { loop.addHangUpWatch(descriptor: 1) { loop.quit() } }
        inv.note("Monitoring orientd on the session bus; press Ctrl+C to stop.")
        printer.start()
        withExtendedLifetime((printer, client)) { loop.run() }
        watch.cancel()
        // The bus went away: end with status 1, so that a script notices.
        if printer.lost {
            throw .failed(verb: inv.verb.name, OrientationClientError(.disconnected, "the session bus connection closed"))
        }
    }
}

/// Turns orientd's announcements into `MonitorEvent`s and prints them; remembers each
/// scene's app-id so that every line can name it. Events arrive on the client's loop thread;
/// they wait until `start()`, so that the scenes read at the start come first.
///
/// Sendable by hand: its state is behind a mutex, and of the invocation it only reads the
/// options and writes to the console, which stay as they are while the monitor runs.
final class MonitorPrinter: @unchecked Sendable {
    private let inv: Invocation
    private let loop: MainLoop
    private struct State {
        var started = false
        var held: [ServiceEvent] = []
        var appIds: [String: String] = [:]
        /// Whether orientd was running at the last name-owner report (nil: not known yet).
        var running: Bool?
        var lost = false
    }
    private let state = Mutex(State())

    init(_ inv: Invocation, loop: MainLoop) {
        self.inv = inv
        self.loop = loop
    }

    /// Whether the bus connection closed.
    var lost: Bool { state.withLock { $0.lost } }

    /// Reads the current scenes' app-ids (which may start orientd through D-Bus activation).
    func learnScenes(_ client: OrientationClient) {
        guard let scenes = try? client.sceneList() else { return }
        state.withLock { state in
            for scene in scenes { state.appIds[scene.path] = scene.appIdText }
        }
    }

    /// Prints the events held so far, and every later one as it comes.
    func start() {
        let held = state.withLock { state in
            state.started = true
            defer { state.held.removeAll() }
            return state.held
        }
        for event in held { show(event) }
    }

    @Sendable func handle(_ event: ServiceEvent) {
        let now = state.withLock { state -> Bool in
            if !state.started { state.held.append(event) }
            return state.started
        }
        if now { show(event) }
    }

    private func show(_ event: ServiceEvent) {
        for output in state.withLock({ state in Self.events(for: event, &state) }) {
            switch output {
            case .print(let event): print(event)
            case .note(let line): inv.note(line)
            case .end: loop.quit()
            }
        }
    }

    private enum Output { case print(MonitorEvent), note(String), end }

    private static func events(for event: ServiceEvent, _ state: inout State) -> [Output] {
        switch event {
        case .deviceOrientationChanged(let orientation):
            return [.print(.device(orientation: orientation))]
        case .rotationSuggested(let path, let orientation):
            return [.print(.rotationSuggested(scene: path, appId: state.appIds[path] ?? "", orientation: orientation))]
        case .orientationChanged(let path, let previous, let current, let reason):
            return [.print(.orientationChanged(scene: path, appId: state.appIds[path] ?? "", previous: previous,
                                               current: current, reason: reason))]
        case .sceneAdded(let scene):
            state.appIds[scene.path] = scene.appIdText
            return [.print(.sceneAdded(scene: scene.path, appId: scene.appIdText, idiom: scene.idiomText,
                                       orientation: scene.orientationText))]
        case .sceneRemoved(let path):
            return [.print(.sceneRemoved(scene: path, appId: state.appIds.removeValue(forKey: path) ?? ""))]
        case .managerPropertiesChanged(let changed):
            return VariantFormatting.ordered(changed, order: ManagerProperties.names)
                .filter { $0.name != ManagerProperty.deviceOrientation.rawValue }
                .map { .print(.setting(name: $0.name, text: VariantFormatting.text($0.value), value: VariantFormatting.json($0.value))) }
        case .serviceRunning(let owner):
            defer { state.running = true }
            return state.running == false ? [.print(.service(running: true, owner: owner))] : []
        case .serviceNotRunning:
            defer { state.running = false }
            if state.running == true {
                state.appIds.removeAll()
                return [.print(.service(running: false, owner: ""))]
            }
            return state.running == nil ? [.note("orientd is not running; waiting for it to start.")] : []
        case .disconnected:
            state.lost = true
            return [.end]
        }
    }

    private func print(_ event: MonitorEvent) {
        let now = TimeFormat.nowMicroseconds()
        if inv.wantsJSON {
            inv.console.print(event.json(at: now).serialized(pretty: false))
        } else {
            inv.console.print(event.line(at: now, style: inv.style))
        }
    }
}
