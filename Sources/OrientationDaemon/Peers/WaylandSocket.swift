import Glibc

/// Where a Wayland compositor listens, and connecting to it without waiting.
enum WaylandSocket {
    /// The compositor's socket: `$WAYLAND_DISPLAY`, relative to `$XDG_RUNTIME_DIR` unless
    /// absolute. Without `WAYLAND_DISPLAY` (orientd started before the session exported it):
    /// `wayland-0` when it is there, else the only Wayland socket there, else `wayland-0`
    /// (watched for: compositors bind it first).
    static func socketPath(environment: [String: String]) -> String? {
        let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        if let display, display.hasPrefix("/") { return display }
        guard let runtime = runtimeDirectory(environment) else { return nil }
        return runtime + "/" + (display ?? onlySocket(in: runtime) ?? "wayland-0")
    }

    /// `$XDG_RUNTIME_DIR`, where compositors bind their sockets; nil when unset.
    static func runtimeDirectory(_ environment: [String: String]) -> String? {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether a file name in the runtime folder is a compositor's socket (`wayland-1`, not
    /// its `wayland-1.lock`).
    static func isSocketName(_ name: String) -> Bool {
        name.hasPrefix("wayland-") && !name.hasSuffix(".lock") && name.count <= 64
    }

    /// The one socket a compositor listens on in `folder` when `wayland-0` is not there; nil
    /// when there is none or several (which one is the session's cannot be told).
    static func onlySocket(in folder: String) -> String? {
        if isSocket(folder + "/wayland-0") { return nil }
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory), found.count < 2 {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if isSocketName(name), isSocket(folder + "/" + name) { found.append(name) }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Whether `path` is a socket the user owns: only such a socket in the user's runtime
    /// folder can be the session's compositor (`PeerProbes` connects to no other).
    static func isUsersSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK && status.st_uid == getuid()
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    /// A connected Unix socket to `path` (never waits: a compositor that is not there is an
    /// error at once).
    static func connect(_ path: String, nonBlocking: Bool) throws(WaylandWatchError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
        guard fd >= 0 else { throw WaylandWatchError("socket: \(errorText(errno))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(fd)
            throw WaylandWatchError("the socket path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let message = errorText(errno)
            Glibc.close(fd)
            throw WaylandWatchError("no Wayland compositor accepts on \(path) (\(message))")
        }
        return fd
    }

    private static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// A Wayland or X11 socket could not be reached; the message says which and why.
struct WaylandWatchError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
