import CClientLibraries
import Glibc
import ProcessSupport

/// The benchmark's task switcher on a wlroots compositor or KWin: it follows the compositor's
/// window list (wlr-foreign-toplevel-management, or KWin's org_kde_plasma_window_management,
/// through the same generated protocol code orientd uses) and activates a window the way a
/// shell's task switcher does (Plasma's task manager: set_state active). It runs on the
/// benchmark's thread, reading the socket only when asked (`pump`).
final class TaskSwitcher {
    private var wl: OpaquePointer?
    private let fd: Int32
    /// The windows the compositor listed: handle → app id.
    private(set) var windows: [UInt64: String] = [:]
    /// The handle of the activated window, if one is.
    private(set) var activated: UInt64?

    /// The globals the compositor offered this connection.
    private(set) var offered: Set<String> = []
    /// Whether every global offered at connection has been listed.
    private(set) var listed = false

    /// Connects to the compositor listening on `socketPath`; `kwin`: follows KWin's window list.
    init(socketPath: String, kwin: Bool = false) throws(BenchError) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw BenchError("the socket path \(socketPath) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw BenchError("no compositor on \(socketPath): \(message)")
        }
        var callbacks = orientd_wl_callbacks()
        callbacks.toplevel = { context, handle, appId, length, states in
            guard let context else { return }
            let switcher = Unmanaged<TaskSwitcher>.fromOpaque(context).takeUnretainedValue()
            switcher.windows[handle] = appId.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
            if states & UInt32(ORIENTD_WL_ACTIVATED) != 0 {
                switcher.activated = handle
            } else if switcher.activated == handle {
                switcher.activated = nil
            }
        }
        callbacks.global = { context, interface, _ in
            guard let context, let interface else { return }
            Unmanaged<TaskSwitcher>.fromOpaque(context).takeUnretainedValue().offered.insert(String(cString: interface))
        }
        callbacks.listed = { context in
            guard let context else { return }
            Unmanaged<TaskSwitcher>.fromOpaque(context).takeUnretainedValue().listed = true
        }
        callbacks.toplevel_closed = { context, handle in
            guard let context else { return }
            let switcher = Unmanaged<TaskSwitcher>.fromOpaque(context).takeUnretainedValue()
            switcher.windows[handle] = nil
            if switcher.activated == handle { switcher.activated = nil }
        }
        let binds = kwin ? ORIENTD_WL_BIND_PLASMA_WINDOWS : ORIENTD_WL_BIND_TOPLEVELS | ORIENTD_WL_BIND_SEAT
        guard let wl = orientd_wl_open(fd, UInt32(binds), 64, &callbacks,
                                       Unmanaged.passUnretained(self).toOpaque()) else {
            throw BenchError("libwayland refused the connection to \(socketPath)")
        }
        self.wl = wl
        _ = orientd_wl_flush(wl)
    }

    deinit { stop() }

    /// Ends the connection.
    func stop() {
        if let wl { orientd_wl_close(wl) }
        wl = nil
    }

    /// Reads and handles what the compositor sent within `milliseconds`.
    func pump(milliseconds: Int32 = 10) throws(BenchError) {
        guard let wl else { throw BenchError("the task switcher's connection is closed") }
        var descriptor = pollfd(fd: orientd_wl_fd(wl), events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, milliseconds)
        if orientd_wl_dispatch(wl) < 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            orientd_wl_error(wl, &buffer, buffer.count)
            let why = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw BenchError("the compositor ended the task switcher's connection: \(why)")
        }
    }

    /// The handle of `appId`'s window, if the compositor listed one.
    func window(of appId: String) -> UInt64? { windows.first { $0.value == appId }?.key }

    /// The window of each app `waitForWindows` found: app id → handle.
    private var found: [String: UInt64] = [:]

    /// Waits until `compositor` (its name, for the message) lists a window of each app.
    func waitForWindows(of appIds: [String], on compositor: String) throws {
        try eventually("\(compositor) lists \(appIds)", timeout: .seconds(60)) {
            try pump()
            for id in appIds { found[id] = window(of: id) ?? found[id] }
            return appIds.allSatisfy { found[$0] != nil }
        }
    }

    /// Activates the window `waitForWindows` found of `appId`; returns its handle.
    @discardableResult
    func activate(app appId: String, on compositor: String) throws -> UInt64 {
        guard let handle = found[appId] else { throw BenchError("\(compositor) listed no window of \(appId)") }
        try activate(handle)
        return handle
    }

    /// Asks the compositor to activate `handle` and sends the request at once.
    func activate(_ handle: UInt64) throws(BenchError) {
        guard let wl, orientd_wl_toplevel_request(wl, handle, Int32(ORIENTD_WL_REQUEST_ACTIVATE)) == 0,
              orientd_wl_flush(wl) >= 0 else { throw BenchError("the compositor refused to activate window \(handle)") }
    }
}
