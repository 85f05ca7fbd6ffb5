import Glibc

/// An X server's presence: `xev -root -event randr` running on `DISPLAY` (its RandR events
/// are the change notifications; it ends when the server goes); back when the server's
/// socket in /tmp/.X11-unix is bound again (a folder watch, no polling).
final class X11Presence: CompositorPresence {
    static let socketDirectory = "/tmp/.X11-unix"

    /// The local socket of `:N`, `:N.S` or `unix:N`; nil for a remote or empty display.
    static func socketPath(display: String) -> String? {
        guard let number = socketNumber(display: display) else { return nil }
        return "\(socketDirectory)/X\(number)"
    }

    /// Whether `path` is a socket an X server of this session can have bound: owned by root
    /// (a system X server) or the user (Xvfb, Xwayland). Another user's socket in the
    /// world-writable folder is not probed.
    static func isServerSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
            && (status.st_uid == 0 || status.st_uid == getuid())
    }

    static func socketNumber(display: String) -> Int? {
        guard let colon = display.lastIndex(of: ":") else { return nil }
        let host = display[..<colon]
        guard host.isEmpty || host == "unix" else { return nil }
        let rest = display[display.index(after: colon)...]
        return Int(rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    let display: String
    private var xev: ToolWatchProcess?
    private var appearance: SocketFileWatch?
    private var callbacks: (present: () -> Void, changed: () -> Void, gone: (String) -> Void)?

    init(display: String) { self.display = display }

    func start(present: @escaping () -> Void, changed: @escaping () -> Void, gone: @escaping (String) -> Void) {
        callbacks = (present, changed, gone)
        guard let number = Self.socketNumber(display: display) else {
            gone(display.isEmpty ? "no X display: DISPLAY is not set" : "DISPLAY \(display) is not a local X server")
            return
        }
        appearance = SocketFileWatch(directory: Self.socketDirectory, name: "X\(number)") { [weak self] in
            guard let self, self.xev == nil else { return }
            self.watch()
        }
        watch()
    }

    func stop() {
        appearance?.cancel()
        appearance = nil
        xev?.stop()
        xev = nil
        callbacks = nil
    }

    private func watch() {
        guard let callbacks else { return }
        do throws(WaylandWatchError) {
            xev = try ToolWatchProcess(["xev", "-display", display, "-root", "-event", "randr"], line: { line in
                if line.hasPrefix("RR") { callbacks.changed() }
            }, exited: { [weak self] last in
                self?.xev = nil
                // xev says which: "unable to open display" (not there) or "X connection … broken" (gone).
                callbacks.gone("the watch on the X server \(self?.display ?? "") ended: \(last.isEmpty ? "xev ended" : last)")
            })
            // Reachable or not, xrandr's listing says; xev ending says it went.
            callbacks.present()
        } catch {
            callbacks.gone("cannot watch the X server \(display) for RandR changes: \(error.message) (install x11-utils)")
        }
    }
}
