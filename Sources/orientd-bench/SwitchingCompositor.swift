import Foundation
import Glibc
import ProcessSupport

/// A compositor the window section runs on: started with a portrait panel, the environment
/// orientd and the apps get, orientd's arguments for it, and a task switcher.
protocol SwitchingCompositor: AnyObject {
    /// The key's suffix and the figure's name (`phoc`, `x11`).
    var name: String { get }
    /// The environment orientd and the apps get (their display).
    var environment: [String: String] { get }
    /// GDK's backend for the apps.
    var gdkBackend: String { get }
    /// orientd's output and tracking options.
    var orientdArguments: [String] { get }
    /// The tracker and output backend orientd must report before the rounds.
    var trackerName: String { get }
    var backendName: String { get }
    /// Waits until the switcher knows a window of each app.
    func waitForWindows(of appIds: [String]) throws
    /// Activates `appId`'s window as a shell's task switcher does.
    func activate(_ appId: String) throws
    /// Lets the switcher read its compositor (called while waiting).
    func pump() throws
    /// When the compositor itself tells the turned panel rather than the app's new size: the
    /// time (CLOCK_MONOTONIC) it announced a panel of that shape after `after`, or nil while it
    /// has not. nil from `readsThePanel == false` compositors.
    var readsThePanel: Bool { get }
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64?
    func stop()
}

/// Xvfb on a display number no other server holds; waits until its socket is there.
func startXvfb(_ env: [String: String], screen: String) throws -> (ChildProcess, String) {
    var number = 300 + Int(getpid() % 300)
    for _ in 0..<20 {
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        let server = try ChildProcess(["Xvfb", ":\(number)", "-screen", "0", screen, "-nolisten", "tcp"], environment: env)
        try eventually("Xvfb :\(number) listens", timeout: .seconds(30)) {
            server.exitStatus != nil || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        }
        if server.isRunning { return (server, ":\(number)") }
        number += 1
    }
    throw BenchError("no free X display number for Xvfb")
}

/// phoc nested in Xvfb (so that it has a seat and GTK 4 maps windows), with a 480×800 output;
/// orientd's wlroots tracker and output backend; the benchmark's own task switcher.
final class PhocCompositor: SwitchingCompositor {
    let name = "phoc"
    let gdkBackend = "wayland"
    let orientdArguments = ["--output-backend", "wlroots", "--output", "X11-1", "--window-tracking", "wlroots"]
    let trackerName = "wlroots"
    let backendName = "wlroots"
    let environment: [String: String]
    private let xvfb: ChildProcess
    private let phoc: ChildProcess
    private let switcher: TaskSwitcher
    private var handles: [String: UInt64] = [:]

    init(scratch: String, environment base: [String: String]) throws {
        (xvfb, _) = try startXvfb(base, screen: "1000x1000x24")
        let display = try startXvfbDisplay(xvfb)
        let config = scratch + "/phoc.ini"
        try "[output:X11-1]\nmode = 480x800\n".write(toFile: config, atomically: true, encoding: .utf8)
        var phocEnv = base
        phocEnv.merge(["DISPLAY": display, "WLR_BACKENDS": "x11", "WLR_RENDERER": "pixman", "WAYLAND_DISPLAY": ""]) { $1 }
        let phoc = try ChildProcess(["phoc", "-C", config], environment: phocEnv)
        self.phoc = phoc
        var found: TaskSwitcher?
        try eventually("phoc accepts on \(scratch)/wayland-0", timeout: .seconds(60)) {
            if let status = phoc.exitStatus { throw BenchError("phoc exited (\(status)): \(phoc.standardError)") }
            found = try? TaskSwitcher(socketPath: scratch + "/wayland-0")
            return found != nil
        }
        switcher = found!
        environment = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ""]
    }

    func waitForWindows(of appIds: [String]) throws {
        try eventually("phoc lists \(appIds)", timeout: .seconds(60)) {
            try switcher.pump()
            for id in appIds { handles[id] = switcher.window(of: id) ?? handles[id] }
            return appIds.allSatisfy { handles[$0] != nil }
        }
    }

    func activate(_ appId: String) throws {
        guard let handle = handles[appId] else { throw BenchError("phoc listed no window of \(appId)") }
        try switcher.activate(handle)
    }

    func pump() throws { try switcher.pump(milliseconds: 5) }

    let readsThePanel = false
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? { nil }

    func stop() {
        switcher.stop()
        phoc.stop()
        xvfb.stop()
    }
}

/// The display an Xvfb started by `startXvfb` serves (its first argument).
private func startXvfbDisplay(_ server: ChildProcess) throws -> String {
    guard let display = server.argv.dropFirst().first else { throw BenchError("Xvfb has no display argument") }
    return display
}

/// An X server that can turn (Xephyr, inside Xvfb) with an 800×1280 screen, openbox managing
/// its windows; orientd's x11 tracker and output backend; `xdotool windowactivate` as the
/// task switcher (the request is timed from before xdotool starts: the figure includes it).
final class X11Compositor: SwitchingCompositor {
    let name = "x11"
    let gdkBackend = "x11"
    let orientdArguments = ["--output-backend", "x11", "--output", "default", "--window-tracking", "x11"]
    let trackerName = "x11"
    let backendName = "x11"
    let environment: [String: String]
    private let base: [String: String]
    private let servers: [ChildProcess]
    private var windows: [String: String] = [:]

    init(environment base: [String: String]) throws {
        let (host, hostDisplay) = try startXvfb(base, screen: "1400x1400x24")
        var number = Int(hostDisplay.dropFirst())! + 1
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        var hostEnv = base
        hostEnv["DISPLAY"] = hostDisplay
        let xephyr = try ChildProcess(["Xephyr", ":\(number)", "-screen", "800x1280x24", "-noreset", "-nolisten", "tcp"],
                                      environment: hostEnv)
        try eventually("Xephyr :\(number) listens", timeout: .seconds(30)) {
            if let status = xephyr.exitStatus { throw BenchError("Xephyr exited (\(status)): \(xephyr.standardError)") }
            return FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        }
        var env = base
        env["DISPLAY"] = ":\(number)"
        env["WAYLAND_DISPLAY"] = ""
        let openbox = try ChildProcess(["openbox", "--sm-disable"], environment: env)
        servers = [openbox, xephyr, host]
        environment = ["DISPLAY": ":\(number)", "WAYLAND_DISPLAY": ""]
        self.base = base
    }

    private func xdotool(_ arguments: [String]) throws -> String {
        let result = try runCommand(["xdotool"] + arguments, environment: base.merging(environment) { $1 })
        guard result.succeeded else { throw BenchError("xdotool \(arguments.joined(separator: " ")) failed: \(result)") }
        return result.stdout
    }

    func waitForWindows(of appIds: [String]) throws {
        try eventually("X11 windows of \(appIds)", timeout: .seconds(60)) {
            for appId in appIds where windows[appId] == nil {
                let found = (try? xdotool(["search", "--name", "^\(appId)$"]))?.split(separator: "\n").first
                windows[appId] = found.map(String.init)
            }
            return appIds.allSatisfy { windows[$0] != nil }
        }
    }

    func activate(_ appId: String) throws {
        guard let window = windows[appId] else { throw BenchError("no X11 window of \(appId)") }
        _ = try xdotool(["windowactivate", window])
    }

    func pump() throws { usleep(5_000) }

    let readsThePanel = false
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? { nil }

    func stop() { servers.forEach { _ = $0.stop() } }
}
