import Glibc
import OrientationClient

/// Reads the configuration files `cat-config` prints. The list of paths comes from
/// `ConfigFiles`, that is from whoever owns orientd's name, so a path is read only where
/// orientd's documented search path (from orientctl's own environment) puts configuration
/// files, only as a regular file (a FIFO would block) and only up to `maxSize`; a symbolic link
/// is followed only to a place that search path names too.
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
        // A symbolic link on the search path (the file, or a folder on its way) is followed
        // only to a place the search path also names, its own folders resolved the same way:
        // a link to /etc/shadow or /proc/self/environ is named, not read.
        guard let resolved = Self.resolved(path) else { return .unreadable(String(cString: strerror(errno))) }
        if resolved != path && !isOnSearchPath(resolved) {
            return .refused("a symbolic link to \(resolved), which is not where orientd's configuration search path puts its files")
        }
        // O_NOFOLLOW: a link put in the resolved file's place since is not followed either.
        let descriptor = open(resolved, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)
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

    /// `path` with every symbolic link resolved (`realpath`), nil if it cannot be (errno says why).
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether `resolved` (a path without links) is a configuration file of a search-path
    /// folder, each folder resolved too (so `/etc/xdg` as a link to another folder still counts).
    func isOnSearchPath(_ resolved: String) -> Bool {
        typealias Search = ConfigurationSearchPath
        for folder in searchPath.folders.compactMap(Self.resolved) {
            if resolved == folder + "/" + Search.mainFile { return true }
            let dropIns = folder + "/" + Search.dropInFolder + "/"
            if resolved.hasPrefix(dropIns), Search.isDropIn(resolved.dropFirst(dropIns.count)) { return true }
        }
        return false
    }
}
