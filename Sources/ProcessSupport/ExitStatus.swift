/// How a child process ended.
public enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
    /// It called `exit` with this code.
    case exited(Int32)
    /// A signal (such as `SIGTERM` = 15) killed it.
    case signaled(Int32)

    /// Decodes a `waitpid` status.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// Whether it exited with code 0.
    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
        switch self {
        case .exited(let code): "exit code \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }
}
