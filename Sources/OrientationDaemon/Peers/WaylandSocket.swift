import CWaylandProtocols
import Glibc

/// Where a Wayland compositor listens, connecting to it, and what it offers (for `auto`, before
/// the main loop runs).
enum WaylandSocket {
    /// The compositor's socket: `$WAYLAND_DISPLAY`, relative to `$XDG_RUNTIME_DIR` unless absolute.
    static func socketPath(environment: [String: String]) -> String? {
        let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        if display.hasPrefix("/") { return display }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        return runtime + "/" + display
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

    /// Whether `WAYLAND_DISPLAY` is set and its compositor lists one of `interfaces` among its
    /// globals (for `auto`).
    static func compositorOffers(any interfaces: [String], environment: [String: String]) -> Bool {
        guard environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true,
              let path = socketPath(environment: environment),
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
