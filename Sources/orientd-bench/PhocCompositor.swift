import Foundation
import Glibc
import ProcessSupport

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

    func waitForWindows(of appIds: [String]) throws { try switcher.waitForWindows(of: appIds, on: "phoc") }

    func activate(_ appId: String) throws { try switcher.activate(app: appId, on: "phoc") }

    func pump() throws { try switcher.pump(milliseconds: 5) }

    let readsThePanel = false
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? { nil }

    func stop() {
        switcher.stop()
        phoc.stop()
        xvfb.stop()
    }
}
