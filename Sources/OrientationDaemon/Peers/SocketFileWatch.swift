import CGio
import GLibBridge

/// Tells when a socket file appears in a folder (a compositor or X server starting binds
/// it): GFileMonitor on the folder (inotify), so a compositor's return is noticed without
/// polling. Runs on the thread-default main context at creation (the service's loop).
final class SocketFileWatch {
    private typealias Callbacks = ((String) -> Bool, (String) -> Void)
    private var monitor: OpaquePointer?
    private var handler: gulong = 0

    /// Watches `directory` for `name` being created; nil when the folder cannot be watched.
    convenience init?(directory: String, name: String, appeared: @escaping () -> Void) {
        self.init(directory: directory, matching: { $0 == name }, appeared: { _ in appeared() })
    }

    /// Watches `directory` for any file whose name `matches` being created (`appeared` hears
    /// its name); nil when the folder cannot be watched.
    init?(directory: String, matching matches: @escaping (String) -> Bool, appeared: @escaping (String) -> Void) {
        let file = localFile(directory)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, GLibFlags.fileMonitorNone, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        self.monitor = OpaquePointer(monitor)
        typealias Changed = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void
        let changed: Changed = { _, file, _, event, data in
            guard event == G_FILE_MONITOR_EVENT_CREATED, let file, let data else { return }
            let (matches, appeared) = ToolCallbackBox<Callbacks>.borrow(data)
            let base = g_file_get_basename(file)
            defer { g_free(base) }
            guard let base else { return }
            let name = String(cString: base)
            if matches(name) { appeared(name) }
        }
        let box = ToolCallbackBox<Callbacks>((matches, appeared))
        handler = g_signal_connect_data(UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(changed, to: GCallback.self),
                                        box.retained(), { data, _ in _ = ToolCallbackBox<Callbacks>.take(data) },
                                        GConnectFlags(rawValue: 0))
    }

    deinit { cancel() }

    /// The names in `directory` that `matches` takes now (none when it cannot be read).
    static func present(in directory: String, matching matches: (String) -> Bool) -> Set<String> {
        Set((SafeFile.names(in: directory) ?? []).filter(matches))
    }

    /// Stops watching; `appeared` does not run after this.
    func cancel() {
        guard let monitor else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), handler)
        g_file_monitor_cancel(UnsafeMutablePointer(monitor))
        g_object_unref(UnsafeMutableRawPointer(monitor))
        self.monitor = nil
    }
}
