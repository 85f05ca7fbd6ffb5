/// A real mutter as the tests and the benchmark both run it: `mutter --wayland --headless
/// --no-x11` with one virtual monitor per size given, which mutter names `Meta-0`, `Meta-1`, …
/// (GNOME Shell's `--virtual-monitor` is mutter's: `GnomeShellLaunch`).
public enum MutterLaunch {
    /// The first virtual monitor's name.
    public static let firstMonitor = "Meta-0"

    /// mutter's command with a virtual monitor of each size (`WxH`).
    public static func command(monitors: [String]) -> [String] {
        ["mutter", "--wayland", "--headless", "--no-x11"] + monitors.flatMap { ["--virtual-monitor", $0] }
    }
}
