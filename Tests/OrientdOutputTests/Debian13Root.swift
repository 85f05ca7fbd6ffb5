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

    /// `command` run inside `root` (read-only, with a fresh /run and the host's /dev, /sys,
    /// /tmp and `$TMPDIR` bound in), ended with the test.
    static func inRoot(_ root: String, _ command: [String]) -> [String] {
        var binds = ["--bind", "/tmp", "/tmp"]
        if let temporary = ProcessInfo.processInfo.environment["TMPDIR"], !temporary.hasPrefix("/tmp") {
            binds += ["--bind", temporary, temporary]
        }
        return ["bwrap", "--ro-bind", root, "/", "--dev-bind", "/dev", "/dev", "--proc", "/proc", "--ro-bind", "/sys", "/sys",
                "--tmpfs", "/run", "--tmpfs", "/var/tmp"] + binds + ["--die-with-parent", "--"] + command
    }
}
