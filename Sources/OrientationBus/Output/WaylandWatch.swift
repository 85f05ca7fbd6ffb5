import CGio
import Glibc

/// A minimal Wayland client on a compositor's socket, spoken on the wire (no libwayland):
/// it lists the compositor's globals, binds the output-management globals it is asked to
/// watch, and reports any event they send afterwards as a change. It never draws or asks
/// for anything else. The socket closing (the compositor stopped or died) is reported at
/// once: no polling. All on the GLib main loop's thread.
final class WaylandWatch {
    /// The compositor's socket: `$WAYLAND_DISPLAY`, relative to `$XDG_RUNTIME_DIR` unless absolute.
    static func socketPath(environment: [String: String]) -> String? {
        let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        if display.hasPrefix("/") { return display }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        return runtime + "/" + display
    }

    let socketPath: String
    /// Interfaces whose globals are bound; their events are changes.
    let watched: Set<String>
    private var fd: Int32 = -1
    private var source: guint = 0
    private var input: [UInt8] = []
    private(set) var globals: [String] = []
    private var nextID: UInt32 = 4  // 1 wl_display, 2 wl_registry, 3 the first wl_callback
    private var listed = false
    private var ids: Set<UInt32> = []
    /// Set when the connection ended while dispatching: the rest of the input is dropped.
    private var ended = false

    private var onReady: (([String]) -> Void)?
    private var onChange: (() -> Void)?
    private var onClosed: ((String) -> Void)?

    init(socketPath: String, watched: Set<String>) {
        self.socketPath = socketPath
        self.watched = watched
    }

    deinit { close() }

    /// Connects and asks for the globals. `ready` gets their interface names once the
    /// compositor has sent them all; `changed` each event of a watched global afterwards;
    /// `closed` the reason when the connection ends (not after `close()`).
    func open(ready: @escaping ([String]) -> Void, changed: @escaping () -> Void,
              closed: @escaping (String) -> Void) throws(WaylandWatchError) {
        close()
        fd = try Self.connect(socketPath, nonBlocking: true)
        (onReady, onChange, onClosed) = (ready, changed, closed)
        (input, globals, listed, ids, nextID, ended) = ([], [], false, [], 4, false)
        send(Self.getRegistryAndSync)
        let box = ToolCallbackBox<(Int32, GIOCondition) -> Bool> { [weak self] _, condition in
            self?.readable(condition) ?? false
        }
        source = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue), { fd, condition, data in
            ToolCallbackBox<(Int32, GIOCondition) -> Bool>.borrow(data)(fd, condition) ? 1 : 0
        }, box.retained(), { data in _ = ToolCallbackBox<(Int32, GIOCondition) -> Bool>.take(data) })
    }

    /// Closes the connection; no callback runs after this.
    func close() {
        if source != 0 { g_source_remove(source) }
        source = 0
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        (onReady, onChange, onClosed) = (nil, nil, nil)
    }

    var isOpen: Bool { fd >= 0 }

    // MARK: The wire

    /// wl_display.get_registry(new_id 2), then wl_display.sync(new_id 3).
    static let getRegistryAndSync: [UInt8] = message(object: 1, opcode: 1, [2]) + message(object: 1, opcode: 0, [3])

    static func message(object: UInt32, opcode: UInt16, _ words: [UInt32], string: String? = nil, after: [UInt32] = []) -> [UInt8] {
        var body: [UInt8] = []
        for word in words { body += le(word) }
        if let string {
            let bytes = Array(string.utf8) + [0]
            body += le(UInt32(bytes.count)) + bytes + Array(repeating: 0, count: (4 - bytes.count % 4) % 4)
        }
        for word in after { body += le(word) }
        return le(object) + le(UInt32(8 + body.count) << 16 | UInt32(opcode)) + body
    }

    static func le(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

    private func send(_ bytes: [UInt8]) {
        guard fd >= 0 else { return }
        // Tiny messages on a fresh socket: the kernel buffer takes them whole.
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private func readable(_ condition: GIOCondition) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                input += chunk[0..<count]
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && condition.rawValue & G_IO_HUP.rawValue == 0 { break }
            if count < 0 && errno == EINTR { continue }
            // EOF, an error or a hang-up: the compositor has gone.
            process()
            finish("the compositor closed its Wayland socket \(socketPath)")
            return false
        }
        process()
        return fd >= 0
    }

    /// Dispatches every whole message in `input`.
    private func process() {
        var offset = 0
        while input.count - offset >= 8 {
            let object = word(at: offset)
            let header = word(at: offset + 4)
            let size = Int(header >> 16)
            let opcode = header & 0xffff
            guard size >= 8, input.count - offset >= size else { break }
            dispatch(object: object, opcode: opcode, body: offset + 8, end: offset + size)
            offset += size
            if ended { return }
        }
        input.removeFirst(offset)
    }

    private func word(at offset: Int) -> UInt32 {
        UInt32(input[offset]) | UInt32(input[offset + 1]) << 8 | UInt32(input[offset + 2]) << 16 | UInt32(input[offset + 3]) << 24
    }

    private func string(at offset: Int) -> (String, Int) {
        let length = Int(word(at: offset))
        let bytes = input[(offset + 4)..<(offset + 4 + max(length - 1, 0))]
        return (String(decoding: bytes, as: UTF8.self), offset + 4 + (length + 3) / 4 * 4)
    }

    private func dispatch(object: UInt32, opcode: UInt32, body: Int, end: Int) {
        switch (object, opcode) {
        case (1, 0):  // wl_display.error(object, code, message)
            let (message, _) = string(at: body + 8)
            finish("the compositor ended the connection with a protocol error: \(message)")
        case (1, _):
            break  // wl_display.delete_id
        case (2, 0) where !listed:  // wl_registry.global(name, interface, version)
            let name = word(at: body)
            let (interface, next) = string(at: body + 4)
            let version = word(at: next)
            globals.append(interface)
            if watched.contains(interface) {
                let id = nextID
                nextID += 1
                ids.insert(id)
                send(Self.message(object: 2, opcode: 0, [name], string: interface, after: [version, id]))
            }
        case (2, _):
            // A global added or removed later (an output plugged or unplugged): a change.
            if listed { onChange?() }
        case (3, 0) where !listed:  // wl_callback.done: every global has been listed
            listed = true
            onReady?(globals)
        default:
            // An event of a bound global or of an object it created (heads, modes, devices).
            if listed && object != 3 { onChange?() }
        }
    }

    private func finish(_ reason: String) {
        ended = true
        let closed = onClosed
        close()
        closed?(reason)
    }

    // MARK: Connecting and probing

    static func connect(_ path: String, nonBlocking: Bool) throws(WaylandWatchError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
        guard fd >= 0 else { throw WaylandWatchError("socket: \(String(cString: strerror(errno)))") }
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
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            throw WaylandWatchError("no Wayland compositor accepts on \(path) (\(message))")
        }
        return fd
    }

    /// Whether `WAYLAND_DISPLAY` is set and its compositor lists one of `interfaces` among its
    /// globals (for `--output-backend auto`).
    static func compositorOffers(any interfaces: [String], environment: [String: String]) -> Bool {
        guard environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true,
              let path = socketPath(environment: environment),
              let globals = probeGlobals(socketPath: path) else { return false }
        return globals.contains(where: interfaces.contains)
    }

    /// The compositor's global interface names, read at once (for `--output-backend auto`,
    /// before the main loop runs): nil when no compositor answers within `timeoutMilliseconds`.
    static func probeGlobals(socketPath: String, timeoutMilliseconds: Int32 = 2_000) -> [String]? {
        guard let fd = try? connect(socketPath, nonBlocking: false) else { return nil }
        defer { Glibc.close(fd) }
        let request = getRegistryAndSync
        guard request.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return nil }
        var globals: [String]?
        let parser = WaylandWatch(socketPath: socketPath, watched: [])
        parser.onReady = { globals = $0 }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMilliseconds) > 0 else { return nil }
            let count = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            parser.input += chunk[0..<count]
            parser.process()
            if let globals { return globals }
            if parser.ended { return nil }
        }
    }
}

struct WaylandWatchError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
