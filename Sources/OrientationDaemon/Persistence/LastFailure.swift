import Glibc
import GLibBridge
import OrientationWire

/// `$XDG_RUNTIME_DIR/orientd/last-failure` (`RuntimeFiles`): why orientd could not start, for
/// `orientctl` to print when D-Bus activation failed (the bus itself says only that the
/// program exited). Written whole or not at all (`SafeFile`), bounded, in a folder only the
/// user may enter; removed once orientd serves.
public enum LastFailure {
    /// Records `reason`, with the time and the process id. Failing to write it is not an error
    /// worth more than the log line orientd writes anyway.
    public static func record(_ reason: String, environment: [String: String] = ProcessEnvironment.current(),
                              now: Int64 = Int64(time(nil))) {
        guard let folder = RuntimeFiles.folder(environment: environment),
              let path = RuntimeFiles.lastFailure(environment: environment) else { return }
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return }
        var status = stat()
        // The folder must be the user's own, not a link or someone else's.
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else { return }
        let text = "orientd (pid \(getpid())) could not start at \(timestamp(now)): \(LogLine.sanitized(reason))"
        // Bounded, cut between characters, one line.
        var line = ""
        var count = 0
        for scalar in text.unicodeScalars {
            count += String(scalar).utf8.count
            guard count < RuntimeFiles.lastFailureMaxBytes else { break }
            line.unicodeScalars.append(scalar)
        }
        let bytes = Array((line + "\n").utf8)
        try? SafeFile.writeAtomically(bytes, to: path, temporary: path + ".\(getpid()).tmp")
    }

    /// Removes the record: orientd serves now.
    public static func clear(environment: [String: String] = ProcessEnvironment.current()) {
        guard let path = RuntimeFiles.lastFailure(environment: environment) else { return }
        unlink(path)
    }

    /// "2026-12-06 02:30:00 UTC".
    static func timestamp(_ seconds: Int64) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }
}
