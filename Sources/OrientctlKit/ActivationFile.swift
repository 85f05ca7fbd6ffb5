import GLibBridge
import Glibc
import OrientationClient

/// orientd's D-Bus activation file, as the session bus finds it. When activation fails the
/// bus names only the service ("Failed to execute program io.github.orientd...."), so
/// orientctl reads the file itself and names the program it runs.
public enum ActivationFile {
    /// `io.github.orientd.OrientationManager1.service`.
    public static let fileName = OrientationClient.busName + ".service"

    /// The session bus's service folders, most important first, as dbus-daemon's standard
    /// session folders: `$XDG_RUNTIME_DIR`, `$XDG_DATA_HOME` (`~/.local/share`), then each
    /// of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share`), each with `/dbus-1/services`.
    public static func folders(environment: [String: String]) -> [String] {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let dataHome = value("XDG_DATA_HOME") ?? value("HOME").map { $0 + "/.local/share" }
        let dataDirs = (value("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        return ([value("XDG_RUNTIME_DIR"), dataHome].compactMap { $0 } + dataDirs).map { $0 + "/dbus-1/services" }
    }

    /// "The activation file F runs P, which does not exist." (or "is not executable", or just
    /// what it runs), for the first file found; nil when there is none.
    public static func explanation(environment: [String: String] = ProcessEnvironment.current(),
                                   read: (String) -> String? = readText,
                                   exists: (String) -> Bool = { access($0, F_OK) == 0 },
                                   isExecutable: (String) -> Bool = { access($0, X_OK) == 0 }) -> String? {
        for folder in folders(environment: environment) {
            let path = folder + "/" + fileName
            guard let text = read(path) else { continue }
            let exec = text.split(separator: "\n").first { $0.hasPrefix("Exec=") }
            guard let program = exec?.dropFirst("Exec=".count).split(separator: " ").first.map(String.init) else {
                return "The activation file \(path.terminalSafe) has no Exec= line."
            }
            let state = !exists(program) ? ", which does not exist" : !isExecutable(program) ? ", which is not executable" : ""
            return "The activation file \(path.terminalSafe) runs \(program.terminalSafe)\(state)."
        }
        return nil
    }

    /// A regular file's text, at most 64 KiB of it (an activation file is a few lines); nil when
    /// it cannot be read.
    public static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var bytes: [UInt8] = []
        while bytes.count < buffer.count {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count - bytes.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why orientd last could not start, as it wrote it (`RuntimeFiles.lastFailure`): printed when
/// D-Bus activation failed, whose own error says only that orientd exited.
public enum LastFailureFile {
    /// The file's first line, bounded and escaped for the terminal; nil when there is none.
    public static func reason(environment: [String: String] = ProcessEnvironment.current(),
                              read: (String) -> String? = ActivationFile.readText) -> String? {
        guard let path = RuntimeFiles.lastFailure(environment: environment), let text = read(path) else { return nil }
        guard let line = text.split(separator: "\n").first else { return nil }
        return String(decoding: line.utf8.prefix(RuntimeFiles.lastFailureMaxBytes), as: UTF8.self).terminalSafe
    }
}
