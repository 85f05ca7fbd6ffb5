import Foundation

/// Real X servers as the tests and the benchmark both run them: Xvfb (which cannot rotate),
/// Xephyr inside it (which can: its one output is `default`), openbox managing the windows,
/// each on a display number no other server holds. `startServer` and `startOpenbox` start them
/// and wait until they answer; `XephyrScreen` is the whole turning screen.
public enum XServerLaunch {
    /// openbox without a session manager.
    public static let openbox = ["openbox", "--sm-disable"]

    /// Xvfb's arguments after the display: one screen of `screen` (`WxHxD`), no TCP.
    public static func xvfbArguments(screen: String) -> [String] { ["-screen", "0", screen, "-nolisten", "tcp"] }

    /// Xephyr's arguments after the display: a "panel" of `screen`, no TCP. -noreset: this
    /// Xephyr crashes when it resets after its last client leaves.
    public static func xephyrArguments(screen: String) -> [String] { ["-screen", screen, "-noreset", "-nolisten", "tcp"] }

    /// A display number after `after` that no X server holds (no lock file, no socket).
    public static func freeDisplay(after: Int) -> Int {
        var number = after + 1
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        return number
    }

    /// Claims a display number after `after` as an X server does before it listens: its lock
    /// file made exclusively (holding `pid`), where no server's socket is; for a test that
    /// needs a display no server holds or takes meanwhile. The caller removes `lock` when done.
    /// Nil when every number below 2 000 is taken.
    public static func claimDisplay(after: Int, pid: pid_t = getpid()) -> (display: String, lock: String, socket: String)? {
        mkdir("/tmp/.X11-unix", 0o1777)
        for number in (after + 1)..<2_000 {
            let (lock, socket) = ("/tmp/.X\(number)-lock", "/tmp/.X11-unix/X\(number)")
            guard access(socket, F_OK) != 0 else { continue }
            let fd = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
            guard fd >= 0 else { continue }
            let text = Array(String(format: "%10d\n", pid).utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            return (":\(number)", lock, socket)
        }
        return nil
    }

    /// Whether the process `pid` is the X server that holds `display` (its pid in `/tmp/.X<n>-lock`).
    public static func holdsLock(_ display: String, pid: pid_t) -> Bool {
        let lock = (try? String(contentsOfFile: "/tmp/.X\(display.dropFirst())-lock", encoding: .utf8)) ?? ""
        return pid_t(lock.trimmingCharacters(in: .whitespacesAndNewlines)) == pid
    }

    /// Starts `program` (through `spawn`, given its whole command) on the first free display
    /// number after `after`, with `arguments` after the display; `answers` waits until the
    /// server answers or exits and says whether it answered. Another program may take the
    /// same free number at the same moment: the loser exits (or answers for the winner and
    /// holds no lock), and the next number is tried.
    public static func startOnFreeDisplay(
        _ program: String, _ arguments: [String], after: Int,
        spawn: ([String]) throws -> ChildProcess, answers: (ChildProcess, String) throws -> Bool
    ) throws -> (server: ChildProcess, display: String) {
        var number = after
        for _ in 0..<20 {
            number = freeDisplay(after: number)
            let display = ":\(number)"
            let server = try spawn([program, display] + arguments)
            if try answers(server, display), server.isRunning, holdsLock(display, pid: server.pid) { return (server, display) }
            _ = server.stop()
        }
        throw ProcessSupportError("no free X display number for \(program)")
    }
}
