import Foundation
import Glibc
import ProcessSupport

/// phoc nested in Xvfb (so that it has a seat and GTK 4 maps windows), with a 480×800 output;
/// orientd's wlroots tracker and output backend; the benchmark's own task switcher.
final class PhocCompositor: OnNestedPhoc {
    let name = "phoc"
    let orientdArguments = ["--output-backend", "wlroots", "--output", NestedPhoc.output, "--window-tracking", "wlroots"]
    let trackerName = "wlroots"
    let backendName = "wlroots"
    let phoc: NestedPhoc

    init(scratch: String, environment base: [String: String]) throws {
        phoc = try NestedPhoc(scratch: scratch, environment: base)
    }

    func stop() { phoc.stop() }
}

/// A compositor that is a phoc nested in Xvfb (`NestedPhoc`): the apps on its socket, its
/// window list read and activated by the benchmark's task switcher, and the end of a round
/// the app's report of its new size.
protocol OnNestedPhoc: SwitchingCompositor {
    var phoc: NestedPhoc { get }
}

extension OnNestedPhoc {
    var gdkBackend: String { "wayland" }
    var environment: [String: String] { ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ""] }
    func waitForWindows(of appIds: [String]) throws { try phoc.waitForWindows(of: appIds) }
    func activate(_ appId: String) throws { try phoc.activate(appId) }
    func pump() throws { try phoc.switcher.pump(milliseconds: 5) }
    var readsThePanel: Bool { false }
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? { nil }
}

/// phoc nested in Xvfb with one 480×800 output (`output`), serving `wayland-0` in the
/// runtime folder, and the benchmark's task switcher (wlr-foreign-toplevel) on its socket.
final class NestedPhoc {
    /// The nested phoc's one output (its window in Xvfb).
    static let output = PhocLaunch.nestedOutput
    private let xvfb: ChildProcess
    let process: ChildProcess
    let switcher: TaskSwitcher

    /// Starts Xvfb and phoc in it (`PhocLaunch`), phoc starting `session` when given (run from
    /// `root` when given: `Debian13Root.command`), and waits until the switcher is connected.
    init(scratch: String, environment base: [String: String], session: String? = nil, root: String? = nil) throws {
        (xvfb, _) = try startXvfb(base, screen: "1000x1000x24")
        do {
            let display = try startXvfbDisplay(xvfb)
            var launch = PhocLaunch.nested(in: display)
            (launch.config, launch.configPath) = (PhocLaunch.outputConfig(Self.output, width: 480, height: 800), scratch + "/phoc.ini")
            (launch.session, launch.root) = (session, root)
            let (command, phocEnvironment) = try launch.prepare()
            var phocEnv = base.merging(phocEnvironment) { $1 }
            phocEnv["WAYLAND_DISPLAY"] = ""
            process = try ChildProcess(command, environment: phocEnv)
        } catch {
            xvfb.stop()
            throw error
        }
        var found: TaskSwitcher?
        let phoc = process
        do {
            try eventually("phoc accepts on \(scratch)/wayland-0", timeout: .seconds(60)) {
                if let status = phoc.exitStatus { throw BenchError("phoc exited (\(status)): \(phoc.standardError.suffix(2_000))") }
                found = try? TaskSwitcher(socketPath: scratch + "/wayland-0")
                return found != nil
            }
        } catch {
            phoc.stop()
            xvfb.stop()
            throw error
        }
        switcher = found!
    }

    func waitForWindows(of appIds: [String]) throws { try switcher.waitForWindows(of: appIds, on: "phoc") }

    func activate(_ appId: String) throws { _ = try switcher.activate(app: appId, on: "phoc") }

    func stop() {
        switcher.stop()
        process.stop()
        xvfb.stop()
    }
}
