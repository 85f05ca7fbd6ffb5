import Glibc

/// Where orientctl writes: standard output and standard error, unbuffered, plus what it
/// knows about the terminal.
public final class Console {
    /// Whether standard output is a terminal: then tables and labels are aligned.
    public let isTerminal: Bool
    /// Colours and bold, on a terminal unless `NO_COLOR` is set or `TERM` is `dumb`.
    public let style: Style
    /// Whether output goes to the process's own standard output (file descriptor 1), which
    /// `monitor` watches for a reader that went away.
    public private(set) var isStandardOutput = false
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void

    /// The process's standard output and error.
    public convenience init(environment: [String: String]) {
        let terminal = isatty(1) == 1
        let colors = terminal && (environment["NO_COLOR"]?.isEmpty ?? true) && environment["TERM"] != "dumb"
        self.init(isTerminal: terminal, colors: colors,
                  output: { Console.write($0, to: 1) }, error: { Console.write($0, to: 2) })
        isStandardOutput = true
    }

    /// A console writing through the given closures (tests capture output this way).
    public init(isTerminal: Bool, colors: Bool, output: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.style = Style(enabled: colors)
        self.writeOut = output
        self.writeError = error
    }

    /// Writes a line to standard output.
    public func print(_ line: String) { writeOut(line + "\n") }

    /// Writes lines to standard output.
    public func print(lines: [String]) {
        if !lines.isEmpty { writeOut(lines.map { $0 + "\n" }.joined()) }
    }

    /// Writes a line to standard error.
    public func printError(_ line: String) { writeError(line + "\n") }

    /// Writes all of `text` to a file descriptor (retrying short writes and EINTR).
    ///
    /// Standard output closed by its reader (`orientctl list | head -1`; GLib ignores SIGPIPE,
    /// so the write fails with EPIPE) ends orientctl quietly with status 0, as the reader
    /// wanted no more; any other failure to write the output ends it with status 1 and says
    /// why on standard error. A failure to write standard error is ignored.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                let failure = errno
                if failure == EINTR { continue }
                guard descriptor == 1 else { return }
                if failure == EPIPE { exit(ExitCode.success) }
                write("orientctl: cannot write the output: \(String(cString: strerror(failure)))\n", to: 2)
                exit(ExitCode.failure)
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// ANSI styles, applied only when enabled.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ code: String, _ text: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { wrap("1", text) }
    public func dim(_ text: String) -> String { wrap("2", text) }
    public func green(_ text: String) -> String { wrap("32", text) }
    public func yellow(_ text: String) -> String { wrap("33", text) }
    public func red(_ text: String) -> String { wrap("31", text) }
    public func highlight(_ text: String) -> String { wrap("1;36", text) }
}
