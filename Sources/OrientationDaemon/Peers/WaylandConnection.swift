import CGio
import CClientLibraries
import Glibc
import OrientationCore

/// A connection to a Wayland compositor through libwayland-client, watched on the GLib main
/// loop of the thread that opens it: the socket is non-blocking, each turn of the loop reads
/// what it holds once and dispatches it (prepare_read, read_events, dispatch_pending), and
/// requests are flushed without waiting. It lists the compositor's globals and, when asked,
/// follows wlr-foreign-toplevel-management's windows or KWin's, and wlr-output-management's
/// outputs or KWin's with phoc's device state. The socket closing (the compositor
/// stopped or died) or a protocol error ends it at once. It holds the Wayland plugin (and
/// libwayland-client) open while it is open.
final class WaylandConnection {
    /// What the connection reports, on the loop's thread; none runs after `close()`.
    struct Handlers {
        /// Every global offered at connection has been listed: their interface names.
        var listed: ([String]) -> Void = { _ in }
        /// A global was added or removed after the listing.
        var globalsChanged: () -> Void = {}
        /// A window as its latest `done` completed it: handle, app id (nil: none sent), state bits.
        var toplevel: (UInt64, String?, UInt32) -> Void = { _, _, _ in }
        var toplevelClosed: (UInt64) -> Void = { _ in }
        /// A window was not followed: `maxToplevels` were followed already.
        var toplevelRefused: () -> Void = {}
        /// The compositor will announce no more windows.
        var toplevelManagerFinished: () -> Void = {}
        /// `.outputs`: a wl_output changed (its geometry, mode or scale).
        var outputChanged: () -> Void = {}
        /// `.outputs`, on a compositor with wlr-output-management or KWin's output devices: its
        /// outputs after each change.
        var heads: ([Head]) -> Void = { _ in }
        /// `.outputs`: the compositor's answer to `applyTransform`.
        var applied: (ApplyResult) -> Void = { _ in }
        /// `.outputs`: KWin's answer to `setAutoRotatePolicy` (succeeded or failed).
        var policyApplied: (ApplyResult) -> Void = { _ in }
        /// `.outputs`, when phoc offers its device state: what its tablet-mode switch says, once
        /// per read of the socket (the last word of a burst) and only when it changed.
        var tabletModeSwitch: (PhocTabletModeSwitch) -> Void = { _ in }
        /// The connection ended: why.
        var ended: (String) -> Void = { _ in }
    }

    /// One output as wlr-output-management or KWin's kde_output_device_v2 reports it.
    struct Head: Equatable {
        /// Its name (empty when the compositor sent none, or one over 64 bytes).
        var name: String
        var enabled: Bool
        /// Its wl_output transform (0–7), nil when none was sent.
        var transform: Int32?
        /// Its current mode's size in pixels and its scale; nil when the compositor sent none.
        var size: (width: UInt32, height: UInt32, scale: Double)? = nil
        /// KWin's auto-rotate policy for it (the latest value of the protocol's enum); nil
        /// when none was sent (wlroots, a KWin older than 6).
        var autoRotatePolicy: KWinAutoRotatePolicy? = nil
        /// The latest policy value KWin sent outside the enum (ignored), to be said once.
        var refusedAutoRotatePolicy: UInt32? = nil

        static func == (a: Head, b: Head) -> Bool {
            a.name == b.name && a.enabled == b.enabled && a.transform == b.transform
                && a.size?.width == b.size?.width && a.size?.height == b.size?.height && a.size?.scale == b.size?.scale
                && a.autoRotatePolicy == b.autoRotatePolicy && a.refusedAutoRotatePolicy == b.refusedAutoRotatePolicy
        }
    }

    /// The compositor's answer to a configuration.
    enum ApplyResult {
        case succeeded, failed
        /// The outputs changed meanwhile: send it again.
        case cancelled
    }

    /// What a connection binds besides the registry.
    struct Binds: OptionSet {
        let rawValue: UInt32
        /// The toplevel manager: follow the compositor's windows.
        static let toplevels = Binds(rawValue: UInt32(ORIENTD_WL_BIND_TOPLEVELS))
        /// The first seat: ask the compositor to change windows (`request`).
        static let seat = Binds(rawValue: UInt32(ORIENTD_WL_BIND_SEAT))
        /// Every wl_output, and wlr-output-management or KWin's output management when offered:
        /// follow and turn the outputs.
        static let outputs = Binds(rawValue: UInt32(ORIENTD_WL_BIND_OUTPUTS))
        /// KWin's window list (`org_kde_plasma_window_management`), reported as toplevels.
        static let plasmaWindows = Binds(rawValue: UInt32(ORIENTD_WL_BIND_PLASMA_WINDOWS))
    }

    /// What `request` asks of a window, as a shell's task switcher does.
    enum WindowRequest: Int32 {
        case activate, minimize, unminimize
    }

    let socketPath: String
    let binds: Binds
    let maxToplevels: Int
    private var wl: OpaquePointer?
    private var library: ClientLibrary<orientd_wayland>?
    private var handlers = Handlers()
    private var globals: [String] = []
    private var listed = false
    /// phoc's device state as the latest event said, not yet passed on; and as passed on.
    private var tabletModeSwitchRead: PhocTabletModeSwitch?
    private var tabletModeSwitchSaid = PhocTabletModeSwitch.unoffered
    private var input: UnsafeMutablePointer<GSource>?
    private var output: UnsafeMutablePointer<GSource>?

    init(socketPath: String, binds: Binds = [], maxToplevels: Int = 0) {
        self.socketPath = socketPath
        self.binds = binds
        self.maxToplevels = maxToplevels
    }

    deinit { close() }

    var isOpen: Bool { wl != nil }

    /// Connects (without waiting: a compositor that is not there is an error at once) and asks
    /// for the globals.
    func open(_ handlers: Handlers) throws(WaylandWatchError) {
        close()
        let fd = try WaylandSocket.connect(socketPath, nonBlocking: true)
        // The plugin only once a compositor answers: no compositor, no libwayland-client.
        let library: ClientLibrary<orientd_wayland>
        switch ClientLibrary.wayland() {
        case .success(let opened): library = opened
        case .failure(let error):
            Glibc.close(fd)
            throw WaylandWatchError(error.description)
        }
        var callbacks = orientd_wl_callbacks()
        callbacks.global = { context, interface, _ in
            guard let context, let interface else { return }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().global(String(cString: interface))
        }
        callbacks.global_removed = { context, _ in
            guard let context else { return }
            let connection = Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue()
            if connection.listed { connection.handlers.globalsChanged() }
        }
        callbacks.listed = { context in
            guard let context else { return }
            let connection = Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue()
            connection.listed = true
            connection.handlers.listed(connection.globals)
        }
        callbacks.toplevel = { context, handle, appId, length, states in
            guard let context else { return }
            let text = appId.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.toplevel(handle, text, states)
        }
        callbacks.toplevel_closed = { context, handle in
            guard let context else { return }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.toplevelClosed(handle)
        }
        callbacks.toplevel_refused = { context in
            guard let context else { return }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.toplevelRefused()
        }
        callbacks.toplevel_manager_finished = { context in
            guard let context else { return }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.toplevelManagerFinished()
        }
        callbacks.output_changed = { context in
            guard let context else { return }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.outputChanged()
        }
        callbacks.output_heads = { context, heads, count in
            guard let context, let heads else { return }
            let list = UnsafeBufferPointer(start: heads, count: count).map { head in
                Head(name: head.name.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: head.name_length), as: UTF8.self) } ?? "",
                     enabled: head.enabled != 0, transform: head.transform >= 0 ? head.transform : nil,
                     size: head.width > 0 && head.height > 0 && head.scale > 0
                        ? (UInt32(head.width), UInt32(head.height), head.scale) : nil,
                     autoRotatePolicy: head.auto_rotate_policy >= 0 ? KWinAutoRotatePolicy(rawValue: UInt32(head.auto_rotate_policy)) : nil,
                     refusedAutoRotatePolicy: (0...Int64(UInt32.max)).contains(head.refused_auto_rotate_policy)
                        ? UInt32(head.refused_auto_rotate_policy) : nil)
            }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.heads(list)
        }
        callbacks.output_applied = { context, result in
            guard let context else { return }
            let answer: ApplyResult = switch Int(result) {
            case Int(ORIENTD_WL_APPLY_SUCCEEDED): .succeeded
            case Int(ORIENTD_WL_APPLY_CANCELLED): .cancelled
            default: .failed
            }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.applied(answer)
        }
        callbacks.output_policy_applied = { context, result in
            guard let context else { return }
            let answer: ApplyResult = result == Int32(ORIENTD_WL_APPLY_SUCCEEDED) ? .succeeded : .failed
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().handlers.policyApplied(answer)
        }
        callbacks.device_state = { context, state in
            guard let context else { return }
            Unmanaged<WaylandConnection>.fromOpaque(context).takeUnretainedValue().tabletModeSwitchRead = switch state {
            case Int32(ORIENTD_WL_DEVICE_STATE_NO_TABLET_MODE_SWITCH): .absent
            case Int32(ORIENTD_WL_DEVICE_STATE_TABLET_MODE): .enabled
            case Int32(ORIENTD_WL_DEVICE_STATE_LAPTOP_MODE): .disabled
            default: .unoffered
            }
        }
        guard let wl = library.functions.pointee.orientd_wl_open(fd, binds.rawValue, maxToplevels, &callbacks,
                                       Unmanaged.passUnretained(self).toOpaque()) else {
            throw WaylandWatchError("libwayland refused the connection to \(socketPath)")
        }
        (self.wl, self.library) = (wl, library)
        (self.handlers, globals, listed) = (handlers, [], false)
        (tabletModeSwitchRead, tabletModeSwitchSaid) = (nil, .unoffered)
        input = Self.watch(plugin.orientd_wl_fd(wl), G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue) { [weak self] in
            self?.readable() ?? false
        }
        flush()
    }

    /// Ends the connection; no handler runs after this.
    func close() {
        for source in [input, output] {
            if let source {
                g_source_destroy(source)
                g_source_unref(source)
            }
        }
        (input, output) = (nil, nil)
        if let wl { plugin.orientd_wl_close(wl) }
        (wl, library) = (nil, nil)
        handlers = Handlers()
    }

    /// Asks the compositor to change the window `handle` (as reported by this connection);
    /// false when no such window is followed (or, to activate, no seat is bound).
    @discardableResult
    func request(_ request: WindowRequest, window handle: UInt64) -> Bool {
        guard let wl, plugin.orientd_wl_toplevel_request(wl, handle, request.rawValue) == 0 else { return false }
        flush()
        return true
    }

    /// Asks the compositor (wlr-output-management, or KWin's) to turn the output `name` to the
    /// wl_output `transform`, every other output as it is; the answer comes to `applied`. False when the
    /// compositor offers no output manager, has no such output on, or an apply is in flight.
    @discardableResult
    func applyTransform(_ transform: Int32, toOutput name: String) -> Bool {
        guard let wl, plugin.orientd_wl_output_apply(wl, name, transform) == 0 else { return false }
        flush()
        return true
    }

    /// The listener's rule for a policy value KWin sent (orientd_wl_take_auto_rotate_policy):
    /// `kept` takes a value of the enum; any other leaves it as it was. False for such a value.
    static func takeAutoRotatePolicy(_ sent: UInt32, into kept: inout Int32) -> Bool {
        orientd_wl_take_auto_rotate_policy(&kept, sent) == 0
    }

    /// Asks KWin to set its auto-rotate policy of the output `name`, nothing else changed; the
    /// answer comes to `policyApplied`. False when KWin offers no policy (older than KWin 6),
    /// has no such output on, or a policy change is in flight.
    @discardableResult
    func setAutoRotatePolicy(_ policy: KWinAutoRotatePolicy, toOutput name: String) -> Bool {
        guard let wl, plugin.orientd_wl_output_set_auto_rotate_policy(wl, name, policy.rawValue) == 0 else { return false }
        flush()
        return true
    }

    /// Runs the handlers for what comes until `done()` or `milliseconds` pass, waiting on the
    /// socket: only at stop, for the compositor's last answer (it holds up its thread meanwhile).
    func read(until done: () -> Bool, milliseconds: Int) {
        let end = g_get_monotonic_time() + milliseconds * 1000
        while !done(), let wl {
            let left = (end - g_get_monotonic_time()) / 1000
            var watched = pollfd(fd: plugin.orientd_wl_fd(wl), events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&watched, 1, Int32(left)) > 0, readable() else { return }
        }
    }

    /// The plugin's functions; only while open (`wl` is set).
    private var plugin: orientd_wayland { library!.functions.pointee }

    private func global(_ interface: String) {
        if listed {
            handlers.globalsChanged()
        } else if globals.count < 10_000 {  // a compositor listing without end is bounded
            globals.append(interface)
        }
    }

    private func readable() -> Bool {
        guard let wl else { return false }
        // Held across the dispatch: a handler closing the connection must not unload the plugin
        // it returns into.
        let result = withExtendedLifetime(library) { plugin.orientd_wl_dispatch(wl) }
        guard self.wl == wl else { return false }  // a handler closed the connection
        if let read = tabletModeSwitchRead, read != tabletModeSwitchSaid {
            (tabletModeSwitchRead, tabletModeSwitchSaid) = (nil, read)
            handlers.tabletModeSwitch(read)
            guard self.wl == wl else { return false }
        }
        switch result {
        case 0: return true
        case 1: waitToFlush(); return true
        default: end(); return false
        }
    }

    private func flush() {
        guard let wl else { return }
        switch plugin.orientd_wl_flush(wl) {
        case 0: break
        case 1: waitToFlush()
        default: end()
        }
    }

    /// The socket took only part of the requests: the rest go when it is writable.
    private func waitToFlush() {
        guard output == nil, let wl else { return }
        output = Self.watch(plugin.orientd_wl_fd(wl), G_IO_OUT.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue) { [weak self] in
            guard let self, let output = self.output else { return false }
            g_source_unref(output)
            self.output = nil
            self.flush()
            return false
        }
    }

    private func end() {
        var buffer = [CChar](repeating: 0, count: 512)
        if let wl { plugin.orientd_wl_error(wl, &buffer, buffer.count) }
        let text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let ended = handlers.ended
        close()
        ended(text.isEmpty ? "the Wayland connection to \(socketPath) ended" : "\(text) (\(socketPath))")
    }

    /// A watch of `fd` on the thread-default main context; `body` returns whether to go on.
    private static func watch(_ fd: Int32, _ condition: UInt32, _ body: @escaping () -> Bool) -> UnsafeMutablePointer<GSource> {
        typealias Box = ToolCallbackBox<() -> Bool>
        let source = g_unix_fd_source_new(fd, GIOCondition(condition))!
        let callback: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = { _, _, data in
            Box.borrow(data)() ? 1 : 0
        }
        g_source_set_callback(source, unsafeBitCast(callback, to: GSourceFunc.self), Box(body).retained(),
                              { data in _ = Box.take(data) })
        g_source_attach(source, g_main_context_get_thread_default())
        return source
    }
}
