import Foundation
import Glibc
import ProcessSupport

/// The host's real KWin (`kwin_wayland --virtual`, one 800×1280 portrait output Virtual-0);
/// orientd's kwin tracker and output backend (KWin's window list; KWin's output management turns the
/// panel); the benchmark's own task switcher activates a window as Plasma's task manager does
/// (org_kde_plasma_window set_state active). KWin offers its window list only to the programs
/// a desktop entry names in Exec with `X-KDE-Wayland-Interfaces`: orientd's own entry
/// (data/io.github.orientd.orientd.desktop.in) is written once for orientd and once for this
/// program, in KWin's `XDG_DATA_DIRS`.
///
/// The end of a round is the app's own report of its new size, as on phoc: KWin lays out
/// again every maximized window when its output turns, the ones hidden behind the window in
/// front too, so the app brought to front is given the turned panel's size even when it comes
/// back to the orientation it last had (it was laid out in the other one while hidden).
final class KWinCompositor: SwitchingCompositor {
    static let output = KWinLaunch.firstOutput
    let name = "kwin"
    let gdkBackend = "wayland"
    let orientdArguments = ["--output-backend", "kwin", "--output", KWinCompositor.output, "--window-tracking", "kwin"]
    let trackerName = "kwin"
    let backendName = "kwin"
    var environment: [String: String] { kwin.clientEnvironment }
    /// KWin itself (ProcessSupport's `KWinSession`).
    let kwin: KWinSession
    private let switcher: TaskSwitcher

    /// Starts KWin on `scratch` (its runtime folder), trusting `orientd` and this program.
    /// Throws `BenchSkip` when this machine has no KWin or it cannot start here.
    init(scratch: String, environment base: [String: String], orientd: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/kwin_wayland") else {
            throw BenchSkip("no /usr/bin/kwin_wayland on this machine (Debian's kwin-wayland)")
        }
        guard let tree = BenchBinaries.sourceTree else { throw BenchError("the benchmark was not built in a source tree") }
        var launch = KWinLaunch(scratch: scratch, sourceTree: tree, configHome: scratch + "/kwin-config")
        launch.trusting = [Self.resolved(orientd), Self.resolved("/proc/self/exe")]
        kwin = try KWinSession.start(launch, runtimeFolder: scratch, toolEnvironment: base) { _, command, kwinEnvironment in
            var env = base.merging(kwinEnvironment) { $1 }
            env.merge(["WAYLAND_DISPLAY": "", "DISPLAY": ""]) { $1 }
            do {
                return try ChildProcess(command, environment: env)
            } catch {
                throw BenchSkip("kwin_wayland --virtual could not be started: \(error)")
            }
        }
        do {
            switcher = try Self.connect(kwin.process, socketPath: kwin.socketPath)
        } catch {
            kwin.stop()
            throw error
        }
    }

    /// Connects the task switcher once KWin accepts and has listed its globals; throws
    /// `BenchSkip` when KWin exits (it cannot run on this machine), an error when it does not
    /// offer this program its window list.
    private static func connect(_ kwin: ChildProcess, socketPath: String) throws -> TaskSwitcher {
        var switcher: TaskSwitcher?
        try eventually("KWin accepts on \(socketPath) and lists its globals", timeout: .seconds(120)) {
            if let status = kwin.exitStatus {
                throw BenchSkip("kwin_wayland --virtual exited (\(status)): \(kwin.standardError.suffix(1_000))")
            }
            if switcher == nil { switcher = try? TaskSwitcher(socketPath: socketPath, kwin: true) }
            try switcher?.pump(milliseconds: 5)
            return switcher?.listed == true
        }
        guard let switcher, switcher.offered.contains("org_kde_plasma_window_management") else {
            throw BenchError("KWin does not offer org_kde_plasma_window_management to the benchmark (its desktop entry); KWin's log:\n\(kwin.standardError.suffix(2_000))")
        }
        return switcher
    }

    /// `path` with its symbolic links resolved (KWin compares the client's executable).
    private static func resolved(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &buffer) != nil else { return path }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func waitForWindows(of appIds: [String]) throws { try switcher.waitForWindows(of: appIds, on: "KWin") }

    func activate(_ appId: String) throws {
        wanted = (try switcher.activate(app: appId, on: "KWin"), WindowSection.monotonicNanoseconds())
    }

    /// The window last asked for and when it was asked for.
    private var wanted: (handle: UInt64, asked: UInt64)?

    /// Reads KWin's window list; asks again for the wanted window when, a second after asking,
    /// KWin has not activated it (a request KWin dropped on a loaded machine would otherwise
    /// make the round wait out its deadline). A round with a second request is slow, and its
    /// figure shows it.
    func pump() throws {
        try switcher.pump(milliseconds: 5)
        guard let (handle, asked) = wanted, WindowSection.monotonicNanoseconds() - asked > 1_000_000_000 else { return }
        if switcher.activated != handle { try switcher.activate(handle) }
        wanted = (handle, WindowSection.monotonicNanoseconds())
    }

    let readsThePanel = false
    func panelTurned(landscape: Bool, after: UInt64) throws -> UInt64? { nil }

    func stop() {
        switcher.stop()
        kwin.stop()
    }
}
