import Foundation

/// Debian 13's compositors for the tests and the benchmark: the root
/// `scripts/debian13-root.sh` makes once and caches on the machine (`make test` makes it
/// before the suite), holding gnome-shell 48, phosh and phoc 0.46, KWin 6 and GTK 4; and
/// beside it forky's (`Release.forky`: gnome-shell 50, phosh and phoc 0.58, KWin 6.7) and
/// the GNOME Shell of Debian's unstable release (`Release.sid`, set `gnome`: Shell 51). A
/// compositor runs in it under bwrap with the host's temporary folders bound in, so it meets
/// the caller's private buses, its runtime folder and Xvfb through their sockets there;
/// orientd, the apps and the buses run on the host.
public enum Debian13Root {
    /// The Debian release a root is made from.
    public enum Release: String, Sendable, CaseIterable {
        /// Debian 13, the stable release.
        case trixie
        /// Debian's testing release: the GNOME, Phosh and KWin people install next.
        case forky
        /// Debian's unstable release, for its GNOME Shell alone (newer than forky's while that
        /// GNOME waits to migrate).
        case sid

        /// The release as the tests' names and skip messages say it.
        public var displayName: String {
            switch self {
            case .trixie: "Debian 13"
            case .forky: "forky"
            case .sid: "sid"
            }
        }

        /// The root's set the compositor tests run in: sid has only GNOME Shell's.
        var compositorSet: String { self == .sid ? "gnome" : "compositors" }
    }

    /// The cached root's path (`scripts/debian13-root.sh --release <release> --check` in
    /// `sourceTree`; for sid its `gnome` set).
    /// - Throws: `ProcessSupportError` saying why there is none, in the script's own words.
    public static func path(sourceTree: String, release: Release = .trixie) throws(ProcessSupportError) -> String {
        let result = try runCommand([sourceTree + "/scripts/debian13-root.sh", "--release", release.rawValue,
                                     "--set", release.compositorSet, "--check"])
        let path = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard result.succeeded, !path.isEmpty else {
            let reason = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw ProcessSupportError(reason.isEmpty ? "scripts/debian13-root.sh --release \(release.rawValue) --set \(release.compositorSet) --check: \(result.status)" : reason)
        }
        return path
    }

    /// `command` run inside `root`: its folders read-only on an empty root (so that the host's
    /// `folders` can be shown at their own paths, read-only), a fresh /run and /var/tmp, and
    /// the host's /dev, /sys, /tmp and `$TMPDIR`; ended with its parent.
    public static func command(_ root: String, _ command: [String], showing folders: [String] = []) -> [String] {
        let own = Set(["dev", "proc", "sys", "tmp", "run"])
        var arguments = ["bwrap"]
        for entry in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        where !entry.hasPrefix(".") && !own.contains(entry) {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(root)/\(entry)") {
                arguments += ["--symlink", target, "/" + entry]
            } else {
                arguments += ["--ro-bind", "\(root)/\(entry)", "/" + entry]
            }
        }
        arguments += ["--tmpfs", "/var/tmp", "--dev-bind", "/dev", "/dev", "--proc", "/proc", "--ro-bind", "/sys", "/sys",
                      "--tmpfs", "/run", "--bind", "/tmp", "/tmp"]
        if let temporary = ProcessInfo.processInfo.environment["TMPDIR"], !temporary.hasPrefix("/tmp") {
            arguments += ["--bind", temporary, temporary]
        }
        return arguments + folders.flatMap { ["--ro-bind", $0, $0] } + ["--die-with-parent", "--"] + command
    }

    /// The version of each of `packages` installed in `root` (dpkg's database there); a
    /// package not installed is left out.
    public static func versions(_ root: String, of packages: [String]) throws(ProcessSupportError) -> [String: String] {
        let result = try runCommand(["dpkg-query", "--admindir=\(root)/var/lib/dpkg", "-W", "-f", "${Package} ${Version}\\n"] + packages)
        var versions: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2 { versions[String(words[0])] = String(words[1]) }
        }
        return versions
    }
}
