import CGio
import GLibBridge
import Glibc

/// Ends orientd when its program is removed (`apt purge`, `make uninstall`): a package script
/// cannot reach every user's session, so each orientd watches its own executable's path
/// (GFileMonitor on its folder: inotify, no polling) and, when the path is gone and stays
/// gone for `grace` milliseconds, stops as SIGTERM stops it (the panel and the Auto Rotate
/// switch handed back). An upgrade renames the new program over the old one: the path never
/// goes missing, and orientd keeps running until its next start.
///
/// Lives on the main loop thread.
final class UninstallWatch {
    /// How long the path must stay missing.
    static let grace: UInt32 = 1_500

    let path: String
    private var monitor: OpaquePointer?
    private var handler: gulong = 0
    private var check: guint = 0

    /// Watches `path` (default: this process's executable, read from /proc/self/exe); nil when
    /// it cannot be told or watched. `gone` runs once, on the loop's thread. A path already
    /// missing (removed between the start, which read it, and now) is gone once it stays
    /// missing for `grace`, as one removed later.
    init?(path: String? = UninstallWatch.executablePath(), gone: @escaping (String) -> Void) {
        guard let path, path.hasPrefix("/") else { return nil }
        self.path = path
        let slash = path.lastIndex(of: "/")!
        let name = String(path[path.index(after: slash)...])
        let folder = localFile(slash == path.startIndex ? "/" : String(path[..<slash]))
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(folder, GLibFlags.fileMonitorWatchMoves, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        self.monitor = OpaquePointer(monitor)
        let box = ToolCallbackBox<(String) -> Void>({ [weak self] changed in
            if changed == name { self?.missing(gone) }
        })
        typealias Changed = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void
        let changed: Changed = { _, file, _, event, data in
            guard event == G_FILE_MONITOR_EVENT_DELETED || event == G_FILE_MONITOR_EVENT_MOVED_OUT
                    || event == G_FILE_MONITOR_EVENT_RENAMED, let file, let data else { return }
            let base = g_file_get_basename(file)
            defer { g_free(base) }
            guard let base else { return }
            ToolCallbackBox<(String) -> Void>.borrow(data)(String(cString: base))
        }
        handler = g_signal_connect_data(UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(changed, to: GCallback.self),
                                        box.retained(), { data, _ in _ = ToolCallbackBox<(String) -> Void>.take(data) },
                                        GConnectFlags(rawValue: 0))
        missing(gone)
    }

    deinit { cancel() }

    /// Stops watching.
    func cancel() {
        if check != 0 { g_source_remove(check) }
        check = 0
        guard let monitor else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), handler)
        g_file_monitor_cancel(UnsafeMutablePointer(monitor))
        g_object_unref(UnsafeMutableRawPointer(monitor))
        self.monitor = nil
    }

    /// The program's name left its folder: gone for good once it is still missing after `grace`.
    private func missing(_ gone: @escaping (String) -> Void) {
        guard check == 0, access(path, F_OK) != 0 else { return }
        check = afterDelay(milliseconds: Self.grace) { [weak self] in
            guard let self else { return }
            self.check = 0
            guard access(self.path, F_OK) != 0 else { return }
            let path = self.path
            self.cancel()
            gone(path)
        }
    }

    /// This process's program, as /proc tells it (nil when it was already removed).
    static func executablePath() -> String? {
        ExecutableFile.current.flatMap { $0.deleted ? nil : $0.path }
    }
}
