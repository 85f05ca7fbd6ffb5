import Foundation

/// Log lines on stderr, as a service under systemd or a terminal expects.
public struct Log: Sendable {
    public var verbose: Bool

    public init(verbose: Bool) { self.verbose = verbose }

    public func info(_ message: String) { write("orientd: " + message) }
    public func warning(_ message: String) { write("orientd: warning: " + message) }
    public func error(_ message: String) { write("orientd: error: " + message) }
    public func debug(_ message: @autoclosure () -> String) {
        if verbose { write("orientd: debug: " + message()) }
    }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
