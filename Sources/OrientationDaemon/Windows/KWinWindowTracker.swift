import Glibc

/// KWin (Plasma, Plasma Mobile): the windows of `org_kde_plasma_window_management`.
///
/// KWin offers that list only to a program whose path is the `Exec` of an installed desktop
/// entry naming the interface in `X-KDE-Wayland-Interfaces` (orientd ships
/// `io.github.orientd.orientd.desktop`); to any other client the global is simply not there,
/// which is reported as the reason. Each window is reported after its `initial_state` (app id
/// and states complete) and when its app id or states change; `unmapped` closes it.
final class KWinWindowTracker: WaylandWindowTracker {
    static let managerInterface = "org_kde_plasma_window_management"
    /// Globals only KWin offers: a compositor with one of them and without the window list is
    /// a KWin that does not trust this orientd's path.
    static let kwinInterfaces = ["org_kde_plasma_shell", "kde_output_management_v2", "org_kde_kwin_outputmanagement"]
    /// The desktop entry that makes KWin offer its window list to orientd.
    static let desktopEntry = "io.github.orientd.orientd.desktop"

    init(environment: [String: String], log: Log) {
        super.init(list: WaylandWindowList(
            kind: .kwin, managerInterface: Self.managerInterface, binds: .plasmaWindows, compositor: "KWin",
            absenceReason: Self.absenceReason(globals:socketPath:)),
            environment: environment, log: log)
    }

    /// `--window-tracking auto`: KWin, whether or not it offers its window list to orientd (when
    /// it does not, the tracker says which desktop entry KWin asks for, rather than auto
    /// falling back to Xwayland's X11 windows, which miss every Wayland app).
    static func probe(_ context: AdapterContext) -> ProbeAnswer {
        context.probes.waylandOffers(any: [managerInterface] + kwinInterfaces, environment: context.environment)
    }

    /// Why the window list is not there: not KWin, or a KWin that does not trust this path.
    static func absenceReason(globals: [String], socketPath: String) -> String {
        guard globals.contains(where: kwinInterfaces.contains) else {
            return "the Wayland compositor on \(socketPath) is not KWin: it offers no \(managerInterface)"
        }
        let path = ExecutableFile.current?.link ?? "orientd's path"
        return "KWin on \(socketPath) does not offer \(managerInterface) to \(path): it offers it only to a program that an installed desktop entry (\(desktopEntry)) names in Exec with X-KDE-Wayland-Interfaces=\(managerInterface)"
    }
}
