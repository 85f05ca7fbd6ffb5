import CWaylandProtocols
import Glibc

/// Where a Wayland compositor listens, connecting to it, and what it offers (for `auto`, before
/// the main loop runs).
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

    /// Whether the session's compositor (`socketPath`) lists one of `interfaces` among its
    /// globals (for `auto`).
    static func compositorOffers(any interfaces: [String], environment: [String: String]) -> Bool {
        guard let path = socketPath(environment: environment),
              let globals = probeGlobals(socketPath: path) else { return false }
        return globals.contains(where: interfaces.contains)
    }

    /// The compositor's global interface names, read at once through libwayland: nil when no
    /// compositor answers within `timeoutMilliseconds`.
    static func probeGlobals(socketPath: String, timeoutMilliseconds: Int32 = 2_000) -> [String]? {
        guard let fd = try? connect(socketPath, nonBlocking: true) else { return nil }
        final class Listing {
            var globals: [String] = []
            var done = false
        }
        let listing = Listing()
        var callbacks = orientd_wl_callbacks()
        callbacks.global = { context, interface, _ in
            guard let context, let interface else { return }
            let listing = Unmanaged<Listing>.fromOpaque(context).takeUnretainedValue()
            if listing.globals.count < 1_000 { listing.globals.append(String(cString: interface)) }
        }
        callbacks.listed = { context in
            guard let context else { return }
            Unmanaged<Listing>.fromOpaque(context).takeUnretainedValue().done = true
        }
        guard let wl = orientd_wl_open(fd, 0, 0, &callbacks, Unmanaged.passUnretained(listing).toOpaque()) else { return nil }
        defer { orientd_wl_close(wl) }
        guard orientd_wl_flush(wl) >= 0 else { return nil }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while !listing.done {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = Int32((now.tv_sec - start.tv_sec) * 1_000 + (now.tv_nsec - start.tv_nsec) / 1_000_000)
            guard elapsed < timeoutMilliseconds else { return nil }
            var descriptor = pollfd(fd: orientd_wl_fd(wl), events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, timeoutMilliseconds - elapsed) > 0, orientd_wl_dispatch(wl) >= 0 else { return nil }
        }
        return listing.globals
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
