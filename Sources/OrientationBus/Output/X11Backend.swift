import Glibc

import OrientationCore

/// Any X server with RandR: `xrandr`. Its change notifications come from
/// `xev -root -event randr` (RRScreenChangeNotify), which also ends when the server goes.
struct XrandrTool: OutputTool {
    let kind = OutputBackendKind.x11
    let environment: [String: String] = [:]
    let listCommand = ["xrandr", "-q"]

    func parse(_ stdout: String) -> [ToolOutput]? {
        stdout.hasPrefix("Screen ") || stdout.contains("\nScreen ") ? XrandrListing.parse(stdout) : nil
    }

    func applyCommand(output: String, _ orientation: InterfaceOrientation) -> [String] {
        ["xrandr", "--output", output, "--rotate", XrandrListing.rotation(for: orientation)]
    }
}

enum X11Backend {
    static func make(environment: [String: String], output: String?, log: Log) -> OutputBackend {
        ToolOutputBackend(tool: XrandrTool(), presence: X11Presence(display: environment["DISPLAY"] ?? ""),
                          output: output, log: log)
    }

    /// `--output-backend auto`: `DISPLAY` names a local X server that accepts a connection
    /// (every X server of this century has RandR; xrandr's listing then confirms it).
    static func probe(environment: [String: String]) -> Bool {
        guard let display = environment["DISPLAY"], let socket = X11Presence.socketPath(display: display) else { return false }
        guard let fd = try? WaylandSocket.connect(socket, nonBlocking: false) else { return false }
        close(fd)
        return true
    }
}
