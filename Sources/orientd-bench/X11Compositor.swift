import Foundation
import Glibc
import ProcessSupport

/// An X server that can turn (`XephyrScreen`: Xephyr inside Xvfb) with an 800×1280 screen,
/// openbox managing its windows; orientd's x11 tracker and output backend; `xdotool
/// windowactivate` as the task switcher (the request is timed from before xdotool starts:
/// the figure includes it).
final class X11Compositor: SwitchingCompositor {
    let name = "x11"
    let gdkBackend = "x11"
    let orientdArguments = ["--output-backend", "x11", "--output", "default", "--window-tracking", "x11"]
    let trackerName = "x11"
    let backendName = "x11"
    let environment: [String: String]
    private let base: [String: String]
    private let screen: XephyrScreen
    private var windows: [String: String] = [:]

    init(environment base: [String: String]) throws {
        screen = try XephyrScreen(managed: true, after: 300 + Int(getpid() % 300), environment: base)
        environment = ["DISPLAY": screen.display, "WAYLAND_DISPLAY": ""]
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
        wanted = (window, WindowSection.monotonicNanoseconds())
    }

    /// The window last asked for and when it was asked for.
    private var wanted: (window: String, asked: UInt64)?

    /// Asks again for the wanted window when, a second after asking, openbox has not activated
    /// it (on a loaded machine openbox now and then drops a request: a round then waited out
    /// its deadline). A round with a second request is slow, and its figure shows it.
    func pump() throws {
        usleep(5_000)
        guard let (window, asked) = wanted, WindowSection.monotonicNanoseconds() - asked > 1_000_000_000 else { return }
        let active = try? xdotool(["getactivewindow"]).trimmingCharacters(in: .whitespacesAndNewlines)
        if active != window { _ = try xdotool(["windowactivate", window]) }
        wanted = (window, WindowSection.monotonicNanoseconds())
    }

    let readsThePanel = false
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? { nil }
    /// Xephyr's software rotation and xdotool's own start are in the figure: no limit.
    let latencyLimit: Double? = nil

    func stop() { screen.stop() }
}
