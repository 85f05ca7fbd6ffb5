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
    var environment: [String: String] { phoc.session.clientEnvironment }
    func waitForWindows(of appIds: [String]) throws { try phoc.waitForWindows(of: appIds) }
    func activate(_ appId: String) throws { try phoc.activate(appId) }
    func pump() throws { try phoc.switcher.pump(milliseconds: 5) }
    var readsThePanel: Bool { false }
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? { nil }
}

/// phoc nested in Xvfb with one 480×800 output (`output`), serving `wayland-0` in the
/// runtime folder (ProcessSupport's `PhocSession`, which ends the Xvfb with phoc), and the
/// benchmark's task switcher (wlr-foreign-toplevel) on its socket.
final class NestedPhoc {
    /// The nested phoc's one output (its window in Xvfb).
    static let output = PhocLaunch.nestedOutput
    let session: PhocSession
    var process: ChildProcess { session.process }
    let switcher: TaskSwitcher

    /// Starts Xvfb and phoc in it (`PhocSession.startNested`), phoc starting `session` when given
    /// (run from `root` when given: `Debian13Root.command`), and waits until the switcher is connected.
    init(scratch: String, environment base: [String: String], session: String? = nil, root: String? = nil) throws {
        // phoc's own WAYLAND_DISPLAY empty: it is the compositor, not a client of the session's.
        let phoc = try PhocSession.startNested(
            screen: "1000x1000x24", config: PhocLaunch.outputConfig(Self.output, width: 480, height: 800),
            configPath: scratch + "/phoc.ini", session: session, root: root, runtimeFolder: scratch,
            toolEnvironment: base, timeout: .seconds(60)) { _, command, environment in
            var processEnvironment = base.merging(environment) { $1 }
            processEnvironment["WAYLAND_DISPLAY"] = ""
            return try ChildProcess(command, environment: processEnvironment)
        }
        self.session = phoc
        var found: TaskSwitcher?
        let process = phoc.process
        do {
            try eventually("phoc accepts on \(phoc.socketPath)", timeout: .seconds(60)) {
                if let status = process.exitStatus { throw BenchError("phoc exited (\(status)): \(process.standardError.suffix(2_000))") }
                found = try? TaskSwitcher(socketPath: phoc.socketPath)
                return found != nil
            }
        } catch {
            phoc.stop()
            throw error
        }
        switcher = found!
    }

    func waitForWindows(of appIds: [String]) throws { try switcher.waitForWindows(of: appIds, on: "phoc") }

    func activate(_ appId: String) throws { _ = try switcher.activate(app: appId, on: "phoc") }

    func stop() {
        switcher.stop()
        session.stop()
    }
}
