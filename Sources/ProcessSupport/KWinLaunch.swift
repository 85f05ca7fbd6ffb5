import Foundation

/// A real KWin (`kwin_wayland`) made ready to start, as the tests and the benchmark both run
/// it: a plain copy of the binary (Debian's carries a file capability, cap_sys_resource, that
/// makes exec fail in a container without it); orientd's own desktop entry
/// (`data/io.github.orientd.orientd.desktop.in`) once for each program KWin is to offer its
/// window list to, whose Exec is that program's path; focus stealing prevention off (a window
/// that maps late on a busy machine is otherwise judged as stealing); one or more virtual
/// outputs (`Virtual-0`, …) or KWin's X11 windowed backend (`X11-0`, …).
public struct KWinLaunch: Sendable {
    /// The first virtual output's name.
    public static let firstOutput = "Virtual-0"

    /// The folder KWin's files go in (the copy, its data and cache); its socket is made in
    /// the runtime folder the caller gives it.
    public var scratch: String
    /// The folder holding `data/` (a source tree).
    public var sourceTree: String
    /// Where kwinrc is written: KWin's `XDG_CONFIG_HOME`.
    public var configHome: String
    /// Programs KWin offers its window list to, by resolved path.
    public var trusting: [String] = []
    /// A cached Debian root whose KWin to copy (its path inside the root is the same).
    public var root: String?
    public var outputs = 1
    public var width = 800, height = 1280
    /// The user's forced tablet mode (KWin's Input settings), as on a convertible folded.
    public var tabletMode = false
    /// KWin's X11 windowed backend in this X server instead of `--virtual`.
    public var x11Display: String?
    public var socket = "wayland-0"

    public init(scratch: String, sourceTree: String, configHome: String) {
        (self.scratch, self.sourceTree, self.configHome) = (scratch, sourceTree, configHome)
    }

    /// KWin's data folder, first in its `XDG_DATA_DIRS`: the trust entries are in its `applications`.
    public var dataHome: String { scratch + "/kwin-data" }

    /// Writes the copy, the trust entries and kwinrc; returns KWin's command (to run in `root`
    /// when one is given) and what its environment needs besides the session's.
    public func prepare() throws -> (command: [String], environment: [String: String]) {
        let copy = scratch + "/kwin_wayland"
        if !FileManager.default.fileExists(atPath: copy) {
            try FileManager.default.copyItem(atPath: (root ?? "") + "/usr/bin/kwin_wayland", toPath: copy)
        }
        let applications = dataHome + "/applications"
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        let template = try String(contentsOfFile: sourceTree + "/data/io.github.orientd.orientd.desktop.in", encoding: .utf8)
        for (index, program) in trusting.enumerated() {
            let entry = template.replacingOccurrences(of: "@bindir@/orientd", with: program)
            try entry.write(toFile: "\(applications)/io.github.orientd.orientd-\(index).desktop", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
        try ("[Windows]\nFocusStealingPreventionLevel=0\n" + (tabletMode ? "[Input]\nTabletMode=on\n" : ""))
            .write(toFile: configHome + "/kwinrc", atomically: true, encoding: .utf8)
        var command = [copy]
        command += x11Display.map { ["--x11-display", $0] } ?? ["--virtual"]
        command += ["--width", "\(width)", "--height", "\(height)", "--output-count", "\(outputs)", "--socket", socket]
        let environment = ["XDG_DATA_DIRS": dataHome + ":/usr/local/share:/usr/share", "XDG_CACHE_HOME": scratch + "/kwin-cache",
                           "XDG_CONFIG_HOME": configHome]
        return (command, environment)
    }
}
