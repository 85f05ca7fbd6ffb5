import Glibc
import OrientationClient

/// Reads the configuration files `cat-config` prints. The list of paths comes from
/// `ConfigFiles`, that is from whoever owns orientd's name, so a path is read only where
/// orientd's documented search path (from orientctl's own environment) puts configuration
/// files, only as a regular file (a FIFO would block) and only up to `maxSize`.
struct ConfigFileReader {
    /// The most of a file read, as orientd reads at most 4 MiB of one.
    static let maxSize = 4 << 20

    let searchPath: ConfigurationSearchPath

    /// What orientctl makes of one path.
    enum Outcome: Equatable {
        case text(String)
        /// Where orientd never reads a configuration file: not read, and why.
        case refused(String)
        /// Where one may lie, but not readable by orientctl, and why.
        case unreadable(String)
    }

    func read(_ path: String) -> Outcome {
        if let why = searchPath.refusal(of: path) { return .refused(why) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .unreadable("not a regular file") }
        guard Int(status.st_size) <= Self.maxSize else { return .unreadable("larger than \(Self.maxSize) bytes") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= Self.maxSize {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .unreadable(String(cString: strerror(errno))) }
            if count == 0 { return .text(String(decoding: bytes, as: UTF8.self)) }
            bytes += buffer[0..<count]
        }
        return .unreadable("larger than \(Self.maxSize) bytes")
    }
}
