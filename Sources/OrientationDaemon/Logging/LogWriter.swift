import CGio
import GLibBridge
import Glibc

/// Where orientd's log lines go, decided once at start.
///
/// - stderr connected to the journal (a systemd unit): the journal, through GLib's structured
///   logging, so each line carries PRIORITY, GLIB_DOMAIN, SYSLOG_IDENTIFIER and CODE_* fields
///   (`journalctl --user -u orientd -p warning`).
/// - stderr is /dev/null (D-Bus activation by a plain `dbus-daemon --session`) and the
///   journal's socket exists: the journal too (`journalctl --user -t orientd`), rather than
///   losing every line.
/// - otherwise: stderr, one line each, `orientd: [warning: |error: |debug: ]message`.
public enum LogDestination: Sendable, Equatable {
    case journal
    case standardError

    /// The journal's socket for native messages (the one `g_log_writer_journald` writes to).
    static let journalSocket = "/run/systemd/journal/socket"

    /// The rule above, on what was found.
    static func choose(standardErrorIsJournal: Bool, standardErrorIsNull: Bool, journalSocketExists: Bool) -> LogDestination {
        if standardErrorIsJournal { return .journal }
        if standardErrorIsNull && journalSocketExists { return .journal }
        return .standardError
    }

    /// The rule above, on this process's stderr and this machine.
    static func detect() -> LogDestination {
        var journal = stat()
        let socketExists = stat(journalSocket, &journal) == 0 && (journal.st_mode & S_IFMT) == S_IFSOCK
        return choose(standardErrorIsJournal: g_log_writer_is_journald(STDERR_FILENO) != 0,
                      standardErrorIsNull: standardErrorIsNull(), journalSocketExists: socketExists)
    }

    /// stderr is closed or is /dev/null.
    private static func standardErrorIsNull() -> Bool {
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return true }
        var null = stat()
        guard (info.st_mode & S_IFMT) == S_IFCHR, stat("/dev/null", &null) == 0 else { return false }
        return info.st_rdev == null.st_rdev
    }
}

/// GLib's log writer for the whole process (orientd's lines and GLib's own warnings), set by
/// `Log.installWriter()`.
enum LogWriter {
    /// Chosen when the writer is installed; nil until then (lines go to stderr directly).
    nonisolated(unsafe) private(set) static var destination: LogDestination?

    static func install(_ chosen: LogDestination) {
        guard destination == nil else { return }
        destination = chosen
        g_log_set_writer_func({ level, fields, count, _ in
            LogWriter.write(level, fields, Int(count))
        }, nil, nil)
    }

    private static func write(_ level: GLogLevelFlags, _ fields: UnsafePointer<GLogField>?, _ count: Int) -> GLogWriterOutput {
        // GLib's and its modules' own debug and info lines only with G_MESSAGES_DEBUG, as
        // GLib's default writer does (orientd's own debug lines follow --verbose).
        if let domain = field("GLIB_DOMAIN", fields, count), domain != Log.domain,
           g_log_writer_default_would_drop(level, domain) != 0 {
            return G_LOG_WRITER_HANDLED
        }
        if destination == .journal, g_log_writer_journald(level, fields, gsize(count), nil) == G_LOG_WRITER_HANDLED {
            return G_LOG_WRITER_HANDLED
        }
        let message = field("MESSAGE", fields, count) ?? ""
        writeStandardError(level, domain: field("GLIB_DOMAIN", fields, count) ?? "", LogLine.sanitized(message))
        return G_LOG_WRITER_HANDLED
    }

    /// The text of the field `name`, if the line has it.
    private static func field(_ name: String, _ fields: UnsafePointer<GLogField>?, _ count: Int) -> String? {
        for field in UnsafeBufferPointer(start: fields, count: fields == nil ? 0 : count) {
            guard let key = field.key, let value = field.value, String(cString: key) == name else { continue }
            return field.length < 0
                ? String(cString: value.assumingMemoryBound(to: CChar.self))
                : String(decoding: UnsafeRawBufferPointer(start: value, count: field.length), as: UTF8.self)
        }
        return nil
    }

    /// One line on stderr: `orientd: [DOMAIN ][warning: |error: |debug: ]message`.
    static func writeStandardError(_ level: GLogLevelFlags, domain: String, _ message: String) {
        let other = domain.isEmpty || domain == Log.domain ? "" : domain + " "
        let line = "orientd: " + other + prefix(level) + message + "\n"
        writeAll(Array(line.utf8), to: STDERR_FILENO)
    }

    /// Writes every byte, going on after a partial write or an interrupted one; gives up on
    /// any other error (a log line has nowhere else to go).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    private static func prefix(_ level: GLogLevelFlags) -> String {
        if level.rawValue & (GLibFlags.logError.rawValue | GLibFlags.logCritical.rawValue) != 0 { return "error: " }
        if level.rawValue & GLibFlags.logWarning.rawValue != 0 { return "warning: " }
        if level.rawValue & GLibFlags.logDebug.rawValue != 0 { return "debug: " }
        return ""
    }
}
