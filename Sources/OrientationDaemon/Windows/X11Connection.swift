import CGio
import CClientLibraries
import Glibc

/// A property's value as the X server sent it: at most the bytes asked for.
struct X11PropertyValue {
    /// The property's type (an atom); 0 when the window has no such property.
    let type: UInt32
    /// 8, 16 or 32 (bits per item); 0 when there is no such property.
    let format: UInt8
    let bytes: [UInt8]
    /// The server holds more than was asked for.
    let truncated: Bool

    /// The 32-bit items (windows, atoms) of a format-32 value; empty for any other format.
    var words: [UInt32] {
        guard format == 32 else { return [] }
        return stride(from: 0, to: bytes.count - bytes.count % 4, by: 4).map { offset in
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        }
    }
}

/// One libxcb connection to an X server, driven from the GLib main loop without blocking it:
/// the connection's handshake runs on a short-lived thread of its own (an X server that has
/// bound its socket but does not answer yet would hold the loop), and afterwards requests
/// are sent and their replies collected as they arrive (xcb_poll_for_reply and
/// xcb_poll_for_event when the socket is readable), never waited for: at most `batch` of
/// them per turn of the loop, the rest in the next turn, so that a client flooding the
/// server with changes never holds the loop. Lives on the thread of the loop that opened it
/// (the thread-default GMainContext at `open`).
final class X11Connection {
    /// What the server tells without being asked (for windows whose events were selected).
    enum Event {
        case propertyChanged(window: UInt32, atom: UInt32)
        case destroyed(window: UInt32)
    }

    /// The root window of the display's screen.
    let root: UInt32
    private var connection: OpaquePointer?
    /// libxcb, held open while this lives, and its functions.
    private let library: ClientLibrary<orientd_xcb>
    private let xcb: orientd_xcb
    private var source: UnsafeMutablePointer<GSource>?
    /// Requests whose replies are awaited, oldest first (the server answers in order).
    private var pending: [(sequence: UInt32, handle: (UnsafeMutableRawPointer?) -> Void)] = []
    private var head = 0
    private var draining = false
    /// The next turn of the loop's drain, while a batch left events or replies behind.
    private var resumption: guint = 0
    /// The most events and replies handed out per turn of the loop.
    static let batch = 256
    /// Whether a full batch was handed out since the last trim: a flood's memory (libxcb's
    /// queues, the replies) is given back once it is over.
    private var flooded = false
    private let trim = HeapTrimSchedule()
    private var onEvent: ((Event) -> Void)?
    private var onLost: ((String) -> Void)?

    /// Connects to `display` (a `DISPLAY` value) off the loop; `completion` runs on the
    /// calling thread's loop with the connection, or with why there is none.
    /// libxcb is opened first, and closed with the connection.
    static func open(display: String, completion: @escaping (Result<X11Connection, X11ConnectionError>) -> Void) {
        let library: ClientLibrary<orientd_xcb>
        switch ClientLibrary.xcb() {
        case .success(let opened): library = opened
        case .failure(let error): return completion(.failure(X11ConnectionError(error.description)))
        }
        let context = g_main_context_ref_thread_default()!
        let handOver = LoopHandOver(context: context)
        let done = Unchecked(completion)
        let held = Unchecked(library)
        runOnNewThread(named: "x11-connect") {
            let xcb = held.value.functions.pointee
            var number: Int32 = 0
            let raw = Unchecked(xcb.xcb_connect(display, &number))
            let screen = number
            handOver.run {
                guard let connection = raw.value else {
                    done.value(.failure(X11ConnectionError("libxcb could not allocate a connection")))
                    return
                }
                let failure = xcb.xcb_connection_has_error(connection)
                guard failure == 0 else {
                    xcb.xcb_disconnect(connection)
                    done.value(.failure(X11ConnectionError(Self.describe(failure, display: display))))
                    return
                }
                guard let root = Self.root(of: connection, screen: screen, xcb) else {
                    xcb.xcb_disconnect(connection)
                    done.value(.failure(X11ConnectionError("the X server \(display) has no screen \(screen)")))
                    return
                }
                done.value(.success(X11Connection(connection, root: root, library: held.value)))
            }
            handOver.release()
        }
    }

    private init(_ connection: OpaquePointer, root: UInt32, library: ClientLibrary<orientd_xcb>) {
        self.connection = connection
        self.root = root
        self.library = library
        xcb = library.functions.pointee
    }

    deinit { close() }

    /// Starts delivering the server's events and watching for the connection's end; `lost`
    /// gets the reason once (not after `close()`).
    func start(events: @escaping (Event) -> Void, lost: @escaping (String) -> Void) {
        guard let connection, source == nil else { return }
        (onEvent, onLost) = (events, lost)
        let fd = xcb.xcb_get_file_descriptor(connection)
        let source = g_unix_fd_source_new(fd, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue))!
        let box = ToolCallbackBox<() -> Bool> { [weak self] in
            guard let self else { return false }
            self.drain()
            return self.connection != nil
        }
        let callback: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = { _, _, data in
            ToolCallbackBox<() -> Bool>.borrow(data)() ? 1 : 0
        }
        g_source_set_callback(source, unsafeBitCast(callback, to: GSourceFunc.self), box.retained(),
                              { data in _ = ToolCallbackBox<() -> Bool>.take(data) })
        g_source_attach(source, g_main_context_get_thread_default())
        self.source = source
        flush()
    }

    /// Closes the connection; no callback runs after this.
    func close() {
        if let source {
            g_source_destroy(source)
            g_source_unref(source)
        }
        source = nil
        if resumption != 0 { cancelDelay(resumption) }
        trim.cancel()
        resumption = 0
        if let connection { xcb.xcb_disconnect(connection) }
        connection = nil
        (pending, head, onEvent, onLost) = ([], 0, nil, nil)
    }

    var isOpen: Bool { connection != nil }

    // MARK: Requests (sent at the next flush; their answers come back on the loop)

    /// Reads at most `maxBytes` of `property` on `window`, of any type; `done` gets nil when
    /// the window has no such property or is gone.
    func getProperty(window: UInt32, property: UInt32, maxBytes: UInt32, _ done: @escaping (X11PropertyValue?) -> Void) {
        guard let connection else { return }
        let words = (maxBytes + 3) / 4
        let cookie = xcb.xcb_get_property(connection, 0, window, property, 0 /* AnyPropertyType */, 0, words)
        pending.append((cookie.sequence, { [xcb] raw in
            guard let reply = raw?.assumingMemoryBound(to: xcb_get_property_reply_t.self), reply.pointee.type != 0 else {
                done(nil)
                return
            }
            let length = Int(xcb.xcb_get_property_value_length(reply))
            let value = xcb.xcb_get_property_value(reply)
            let bytes = length > 0 && value != nil ? Array(UnsafeRawBufferPointer(start: value, count: min(length, Int(words) * 4))) : []
            done(X11PropertyValue(type: reply.pointee.type, format: reply.pointee.format, bytes: bytes,
                                  truncated: reply.pointee.bytes_after > 0))
        }))
    }

    /// The atom named `name` (created if the server has none yet); nil if the server refused.
    func internAtom(_ name: String, _ done: @escaping (UInt32?) -> Void) {
        guard let connection else { return }
        let cookie = xcb.xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
        pending.append((cookie.sequence, { raw in
            done(raw?.assumingMemoryBound(to: xcb_intern_atom_reply_t.self).pointee.atom)
        }))
    }

    /// Asks for `window`'s events of `mask` (XCB_EVENT_MASK_…). A window already gone
    /// answers with an error, which is ignored.
    func selectEvents(window: UInt32, mask: UInt32) {
        guard let connection else { return }
        var values = [mask]
        _ = xcb.xcb_change_window_attributes(connection, window, UInt32(XCB_CW_EVENT_MASK.rawValue), &values)
    }

    /// Sends what was asked and collects whatever has arrived.
    func flush() { drain() }

    // MARK: Collecting

    /// Hands out the events and replies that have arrived, at most `batch` of them (the rest
    /// in the next turn of the loop), sends what their handlers ask, and reports the
    /// connection's end.
    private func drain() {
        guard !draining, let connection else { return }
        draining = true
        defer { draining = false }
        var handed = 0
        // libxcb reads the socket (one buffer, 4 KiB) whenever it is asked for an event or a
        // reply it does not hold yet: it is asked only once the events it holds are handed
        // out, so its queue never grows past one read however fast the server sends.
        while handed < Self.batch, self.connection != nil {
            if let event = xcb.xcb_poll_for_queued_event(connection) {
                deliver(event)
                free(event)
            } else if head < pending.count, case let (handle, reply, error)? = pollReply(connection) {
                handle(error == nil ? reply : nil)
                free(reply)
                free(error)
            } else if let event = xcb.xcb_poll_for_event(connection) {
                deliver(event)
                free(event)
            } else {
                break
            }
            handed += 1
        }
        guard self.connection != nil else { return }
        if head > 256 && head * 2 > pending.count {
            pending.removeFirst(head)
            head = 0
        }
        _ = xcb.xcb_flush(connection)
        let failure = xcb.xcb_connection_has_error(connection)
        if failure != 0 {
            let lost = onLost
            close()
            lost?(Self.describe(failure, display: nil))
            return
        }
        // A full batch may have left events read from the socket in libxcb's queue, which the
        // socket's readiness no longer shows: the next turn of the loop goes on.
        if handed >= Self.batch {
            flooded = true
            if resumption == 0 {
                resumption = afterDelay(milliseconds: 0) { [weak self] in
                    self?.resumption = 0
                    self?.drain()
                }
            }
        } else if flooded {
            flooded = false
            trim.burst()
        }
    }

    /// The oldest awaited reply, if it has arrived (its handler, the reply and the error).
    private func pollReply(_ connection: OpaquePointer)
        -> ((UnsafeMutableRawPointer?) -> Void, UnsafeMutableRawPointer?, UnsafeMutablePointer<xcb_generic_error_t>?)? {
        var reply: UnsafeMutableRawPointer?
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        guard xcb.xcb_poll_for_reply(connection, pending[head].sequence, &reply, &error) != 0 else { return nil }
        head += 1
        return (pending[head - 1].handle, reply, error)
    }

    private func deliver(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        switch Int32(event.pointee.response_type & 0x7F) {
        case XCB_PROPERTY_NOTIFY:
            let notify = UnsafeRawPointer(event).load(as: xcb_property_notify_event_t.self)
            onEvent?(.propertyChanged(window: notify.window, atom: notify.atom))
        case XCB_DESTROY_NOTIFY:
            let notify = UnsafeRawPointer(event).load(as: xcb_destroy_notify_event_t.self)
            onEvent?(.destroyed(window: notify.window))
        default:
            break  // errors (a window gone before its request) and events not asked for
        }
    }

    // MARK: Helpers

    private static func root(of connection: OpaquePointer, screen: Int32, _ xcb: orientd_xcb) -> UInt32? {
        var screens = xcb.xcb_setup_roots_iterator(xcb.xcb_get_setup(connection))
        guard screen >= 0 else { return nil }
        for _ in 0..<screen where screens.rem > 0 { xcb.xcb_screen_next(&screens) }
        guard screens.rem > 0, let data = screens.data else { return nil }
        return data.pointee.root
    }

    /// libxcb's connection error codes, in words.
    static func describe(_ code: Int32, display: String?) -> String {
        let server = display.map { "the X server \($0)" } ?? "the X server"
        switch code {
        case 1: return "\(server) cannot be reached or closed the connection"
        case 2: return "\(server) lacks an extension libxcb needs"
        case 3: return "libxcb ran out of memory"
        case 4: return "a request exceeded \(server)'s maximum length"
        case 5: return "DISPLAY \(display ?? "") is not a valid X display name"
        case 6: return "\(server) has no such screen"
        default: return "\(server) connection failed (libxcb error \(code))"
        }
    }
}

/// Why an X11 connection could not be made.
struct X11ConnectionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A value handed to another thread and back: only ever touched on one thread at a time.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs a closure made on another thread on a GMainContext's thread (g_main_context_invoke).
struct LoopHandOver: @unchecked Sendable {
    let context: OpaquePointer

    func run(_ body: @escaping () -> Void) {
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, { data in
            ToolCallbackBox<() -> Void>.borrow(data)()
            return 0
        }, ToolCallbackBox<() -> Void>(body).retained(), { data in _ = ToolCallbackBox<() -> Void>.take(data) })
    }

    /// Drops the reference to the context taken for the hand-over.
    func release() { g_main_context_unref(context) }
}

/// Runs `body` on a thread of its own (a GThread named `name`), which ends with it.
func runOnNewThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = g_thread_new(name, { data in
        ToolCallbackBox<@Sendable () -> Void>.take(data)()
        return nil
    }, ToolCallbackBox<@Sendable () -> Void>(body).retained())
    g_thread_unref(thread)
}
