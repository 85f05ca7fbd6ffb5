import Glibc

/// A Flatpak app's `/.flatpak-info`, read from outside its sandbox at
/// `/proc/<pid>/root/.flatpak-info`: group `[Application]`, key `name`, the app id.
///
/// The file is the sandboxed process's: it is opened without following a symbolic link and
/// without blocking (a FIFO there must not hang orientd), used only if it is a regular file of
/// at most `maxBytes`, and parsed as a GLib key file.
enum FlatpakInfo {
    static let maxBytes = 64 * 1024
    static let fileName = ".flatpak-info"

    enum Outcome: Equatable {
        /// The process has no `/.flatpak-info`: it is not a Flatpak app.
        case absent
        case app(String)
        /// There is one, but it cannot be used: why.
        case unusable(String)
    }

    /// Opens the root of process `pid` as a directory; nil (and `errno`) when it cannot.
    static func openRoot(pid: UInt32) -> Int32? {
        let fd = open("/proc/\(pid)/root", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// Reads `.flatpak-info` under the directory `root` (a process root from `openRoot`).
    static func read(inRoot root: Int32, pid: UInt32) -> Outcome {
        let where_ = "/proc/\(pid)/root/\(fileName)"
        let fd = openat(root, fileName, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return code == ENOENT ? .absent : .unusable("\(where_) cannot be opened: \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .unusable("\(where_) is not a regular file")
        }
        guard info.st_size <= maxBytes else {
            return .unusable("\(where_) is \(info.st_size) bytes; at most \(maxBytes) are read")
        }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return .unusable("\(where_) cannot be read: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else { return .unusable("\(where_) grew past \(maxBytes) bytes") }
        return parse(Array(bytes[..<count]), where: where_)
    }

    /// The app id in a `.flatpak-info`'s bytes.
    static func parse(_ bytes: [UInt8], where place: String) -> Outcome {
        let file: KeyFile
        do { file = try KeyFile(parsing: bytes) } catch { return .unusable("\(place) does not parse as a key file: \(error)") }
        guard let name = try? file.string("Application", "name") else {
            return .unusable("\(place) has no [Application] name")
        }
        return .app(name)
    }
}
