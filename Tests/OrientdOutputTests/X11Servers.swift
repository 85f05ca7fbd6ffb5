import Foundation
import TestSupport
import XCTest

/// Real X servers for the x11 backend's tests and the frame capture: Xvfb (which cannot
/// rotate) and Xephyr inside it (which can).
extension OutputTestCase {
    /// Starts an X server (`argv` after the display) on a display number no other server
    /// holds (`XServerLaunch.startOnFreeDisplay`), and waits until it answers xrandr.
    func startXServer(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (ChildProcess, String) {
        try XServerLaunch.startOnFreeDisplay(name, arguments, after: 100 + Int(getpid() % 400),
                                             spawn: { try start(name, $0, environment: environment) }) { server, display in
            var answered = false
            try eventually("\(name) \(display) answers; its log:\n\(server.standardError)", timeout: deadline) {
                if server.exitStatus != nil { return true }
                answered = (try? runCommand(["xrandr", "-q"], environment: childEnvironment.merging(["DISPLAY": display]) { $1 }))?.succeeded == true
                return answered
            }
            return answered
        }
    }

    /// Starts openbox on `display` and waits until it manages the screen. An openbox that
    /// could not open the display (seen once on a machine running two suites at once, with the
    /// X server answering) is started again, at most three times.
    func startOpenbox(on display: String) throws {
        var openbox = try start("openbox", XServerLaunch.openbox, environment: ["DISPLAY": display])
        var starts = 1
        try eventually("openbox manages \(display)", timeout: deadline) {
            if openbox.exitStatus != nil, starts < 3 {
                openbox = try start("openbox", XServerLaunch.openbox, environment: ["DISPLAY": display])
                starts += 1
            }
            let result = try runCommand(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], environment: ["DISPLAY": display])
            return result.succeeded && result.stdout.contains("window id")
        }
    }

    /// A display number after `after` that no X server holds (no lock file, no socket).
    func freeDisplay(after: Int = 100 + Int(getpid() % 400)) -> String {
        ":\(XServerLaunch.freeDisplay(after: after))"
    }

    /// Xvfb with one screen of `size` (`WxHxD`).
    func startXvfb(size: String = "800x1280x24") throws -> String {
        try startXServer("Xvfb", XServerLaunch.xvfbArguments(screen: size)).1
    }

    /// Xephyr showing a "panel" of `size` (800×1280 unless given; its output is called
    /// `default`) inside `host`; on `display` when given (started again there).
    @discardableResult
    func startXephyr(inside host: String, display: String? = nil, size: String = "800x1280x24") throws -> (ChildProcess, String) {
        let arguments = XServerLaunch.xephyrArguments(screen: size)
        guard let display else { return try startXServer("Xephyr", arguments, environment: ["DISPLAY": host]) }
        let server = try start("Xephyr", ["Xephyr", display] + arguments, environment: ["DISPLAY": host])
        try eventually("Xephyr \(display) answers again; its log:\n\(server.standardError)", timeout: deadline) {
            if let status = server.exitStatus { throw TestSupportError("Xephyr exited (\(status)):\n\(server.standardError)") }
            return (try? runCommand(["xrandr", "-q"], environment: childEnvironment.merging(["DISPLAY": display]) { $1 }))?.succeeded == true
        }
        return (server, display)
    }

    /// The rotation `xrandr -q` lists for `output` on `display` (normal when it lists none).
    func xrandrRotation(_ output: String, display: String) throws -> String? {
        let result = try runCommand(["xrandr", "-q"], environment: childEnvironment.merging(["DISPLAY": display]) { $1 })
        guard result.succeeded else { throw TestSupportError("xrandr -q failed: \(result)") }
        for line in result.stdout.split(separator: "\n") where line.hasPrefix(output + " connected") {
            let words = (line.split(separator: "(").first ?? line).split(separator: " ")
            guard let geometry = words.firstIndex(where: { $0.contains("+") && $0.contains("x") }) else { return nil }
            return words.dropFirst(geometry + 1).first.map(String.init) ?? "normal"
        }
        return nil
    }

    func waitForXRotation(_ output: String, _ rotation: String, display: String,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        var last: String?
        try eventually("\(output) rotated \(rotation) on \(display) (last: \(last ?? "none"))", timeout: deadline, file: file, line: line) {
            last = try? xrandrRotation(output, display: display)
            return last == rotation
        }
    }
}

/// A Xephyr inside its own Xvfb that a conformance suite stops and starts again on the same
/// display (the peer going away and coming back).
final class RestartableXephyr {
    private(set) var display = ""
    private var host: String?
    private var server: ChildProcess?

    func start(in test: OutputTestCase) throws {
        if let host {
            server = try test.startXephyr(inside: host, display: display).0
        } else {
            let host = try test.startXvfb(size: "1400x1400x24")
            (server, display) = try test.startXephyr(inside: host)
            self.host = host
        }
    }

    func stop(within deadline: Duration) throws {
        server?.kill()
        try server?.wait(timeout: deadline)
    }
}
