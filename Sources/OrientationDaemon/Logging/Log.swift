import CGio
import GLibBridge
import Glibc

/// orientd's log: GLib's structured logging in the domain `orientd`, to the journal or to
/// stderr (see `LogDestination`). Every line is escaped and bounded (`LogLine`) and repeats
/// from one place in the code are folded (`LogRateLimit`). Levels and journal priorities:
/// `error` CRITICAL (3, err), `warning` WARNING (4), `info` INFO (6), `debug` DEBUG (7,
/// only with --verbose).
public struct Log: Sendable {
    public static let domain = "orientd"
    public var verbose: Bool
    /// Shared by this log's copies: a service's lines are folded together, and a test's log
    /// (an adapter run in the test process) starts with nothing folded.
    private let limit = LogRateLimit()

    public init(verbose: Bool) { self.verbose = verbose }

    /// Sends the process's log lines (GLib's own too) where `LogDestination.detect()` says:
    /// once, first thing in orientd's main. Without it, lines go to stderr.
    public static func installWriter() { LogWriter.install(LogDestination.detect()) }

    /// Writes the notes of lines left out that are still unsaid (at exit).
    public func flush() {
        for note in limit.flush() { emit(GLibFlags.logInfo, priority: "6", note, place: nil) }
    }

    public func info(_ message: String, file: String = #fileID, line: Int = #line, function: String = #function) {
        write(GLibFlags.logInfo, priority: "6", message, file: file, line: line, function: function)
    }
    public func warning(_ message: String, file: String = #fileID, line: Int = #line, function: String = #function) {
        write(GLibFlags.logWarning, priority: "4", message, file: file, line: line, function: function)
    }
    public func error(_ message: String, file: String = #fileID, line: Int = #line, function: String = #function) {
        write(GLibFlags.logCritical, priority: "3", message, file: file, line: line, function: function)
    }
    public func debug(_ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line, function: String = #function) {
        if verbose { write(GLibFlags.logDebug, priority: "7", message(), file: file, line: line, function: function) }
    }

    private func write(_ level: GLogLevelFlags, priority: String, _ message: String, file: String, line: Int, function: String) {
        let place = "\(file):\(line)"
        let (admitted, notes) = limit.admit(place, now: Int64(g_get_monotonic_time()))
        for note in notes { emit(GLibFlags.logInfo, priority: "6", note, place: nil) }
        guard admitted else { return }
        emit(level, priority: priority, LogLine.sanitized(message), place: (file, line, function))
    }

    private func emit(_ level: GLogLevelFlags, priority: String, _ text: String, place: (file: String, line: Int, function: String)?) {
        guard LogWriter.destination != nil else {
            return LogWriter.writeStandardError(level, domain: Self.domain, text)
        }
        var entries = [("GLIB_DOMAIN", Self.domain), ("PRIORITY", priority), ("SYSLOG_IDENTIFIER", "orientd"), ("MESSAGE", text)]
        if let place {
            entries += [("CODE_FILE", place.file), ("CODE_LINE", String(place.line)), ("CODE_FUNC", place.function)]
        }
        let strings = entries.map { (strdup($0.0)!, strdup($0.1)!) }
        defer { strings.forEach { free($0.0); free($0.1) } }
        let fields = strings.map { GLogField(key: $0.0, value: UnsafeRawPointer($0.1), length: -1) }
        fields.withUnsafeBufferPointer { g_log_structured_array(level, $0.baseAddress, gsize($0.count)) }
    }
}
