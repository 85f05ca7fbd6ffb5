import Glibc

import OrientationCore

/// Any X server with RandR: `xrandr`. Its change notifications come from
/// `xev -root -event randr` (RRScreenChangeNotify), which also ends when the server goes.
struct XrandrTool: OutputTool {
    let kind = OutputBackendKind.x11
    /// xrandr speaks to the X server the backend watches (its `DISPLAY`, not only orientd's own).
    let environment: [String: String]

    init(display: String? = nil) {
        environment = display.map { ["DISPLAY": $0] } ?? [:]
    }
    let listCommand = ["xrandr", "-q"]

    func parse(_ stdout: String) -> [ToolOutput]? {
        stdout.hasPrefix("Screen ") || stdout.containsText("\nScreen ") ? XrandrListing.parse(stdout) : nil
    }

    func applyCommand(output: String, _ orientation: InterfaceOrientation) -> [String] {
        ["xrandr", "--output", output, "--rotate", XrandrListing.rotation(for: orientation)]
    }
}

enum X11Backend {
    /// `touchDevices`: `--touch-device` (empty: every touchscreen; `none`: no touch mapping).
    static func make(environment: [String: String], output: String?, touchDevices: [String] = [], log: Log) -> any OutputBackend {
        let panel = ToolOutputBackend(tool: XrandrTool(display: environment["DISPLAY"]), presence: X11Presence(display: environment["DISPLAY"] ?? ""),
                                      output: output, log: log)
        return X11TouchFollowingBackend(panel: panel, touch: X11TouchMapping(names: touchDevices, log: log))
    }

    /// `--output-backend auto`: `DISPLAY` names a local X server that accepts a connection
    /// (every X server of this century has RandR; xrandr's listing then confirms it). Never
    /// waits: the connection is non-blocking (an X server's socket with a full backlog, bound
    /// by anyone in the world-writable folder, is "not there" at once, never a hang), and only
    /// a socket owned by root or the user counts.
    static func probe(environment: [String: String]) -> Bool {
        guard let display = environment["DISPLAY"], let socket = X11Presence.socketPath(display: display),
              X11Presence.isServerSocket(socket) else { return false }
        guard let fd = try? WaylandSocket.connect(socket, nonBlocking: true) else { return false }
        close(fd)
        return true
    }
}

/// The x11 backend: xrandr turns the panel, and each rotation read back from the X server
/// (orientd's own or someone else's) turns the touch devices with it (X11TouchMapping).
final class X11TouchFollowingBackend: OutputBackend {
    let panel: ToolOutputBackend
    let touch: X11TouchMapping
    var kind: OutputBackendKind { panel.kind }
    /// The output and rotation the touch devices were last mapped for (nil: not yet).
    private var mapped: (output: String, showing: InterfaceOrientation?)?
    private var output: String?

    init(panel: ToolOutputBackend, touch: X11TouchMapping) {
        self.panel = panel
        self.touch = touch
    }

    func start(reports: @escaping (OutputBackendEvent) -> Void) {
        panel.start { [weak self] event in
            self?.follow(event)
            reports(event)
        }
    }

    func apply(_ orientation: InterfaceOrientation) { panel.apply(orientation) }

    func stop() {
        panel.stop()
        (mapped, output) = (nil, nil)
    }

    private func follow(_ event: OutputBackendEvent) {
        switch event {
        case .attached(let name, let showing):
            output = name
            mapped = (name, showing)
            touch.panelTurned(output: name)
        case .orientationRead(let showing):
            guard let output, mapped?.output != output || mapped?.showing != showing else { return }
            mapped = (output, showing)
            touch.panelTurned(output: output)
        case .detached:
            (mapped, output) = (nil, nil)
        case .userRotationLock, .facts, .note:
            break
        }
    }
}
