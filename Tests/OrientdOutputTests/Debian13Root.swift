import Foundation
import TestSupport
import XCTest

/// Debian 13's compositors for the tests: the root `scripts/debian13-root.sh` makes once and
/// caches on the machine (`make test` makes it before the suite), holding gnome-shell 48,
/// phosh and phoc 0.46, KWin 6 and GTK 4. A compositor runs in it under bwrap with the host's
/// temporary folders bound in, so it meets the test's private buses, its runtime folder and
/// Xvfb through their sockets there; orientd, the apps and the buses run on the host.
extension OutputTestCase {
    /// The cached Debian 13 root; skips the test, naming why, when it is not made.
    func debian13Root(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let script = Self.sourceTree + "/scripts/debian13-root.sh"
        let result = try runCommand([script, "--check"])
        let path = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard result.succeeded, !path.isEmpty else {
            throw XCTSkip("no Debian 13 root, so Debian 13's compositors are not tested: "
                + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                + " (`make test` makes it when it can; it needs root and Debian's mirror)", file: file, line: line)
        }
        return path
    }

    /// `command` run inside `root`: its folders read-only on an empty root (so that the host's
    /// `folders` can be shown at their own paths, read-only), a fresh /run and /var/tmp, and
    /// the host's /dev, /sys, /tmp and `$TMPDIR`; ended with the test.
    static func inRoot(_ root: String, _ command: [String], showing folders: [String] = []) -> [String] {
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
}
