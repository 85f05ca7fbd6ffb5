/// What a finished command printed, and how it ended.
public struct ProcessOutput: Sendable, CustomStringConvertible {
    public let status: ExitStatus
    public let stdout: String
    public let stderr: String

    /// Whether it exited with code 0.
    public var succeeded: Bool { status.succeeded }

    public var description: String { "\(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

/// Runs a command to completion (named so as not to clash with `XCTestCase.run()`) (such as `busctl`, `gdbus`, `dbus-send` or
/// `/usr/bin/python3`) with this process's environment plus `environment`.
/// - Throws: `ProcessSupportError` if it cannot start, or runs past `timeout` (it is then
///   killed).
public func runCommand(
    _ argv: [String], environment: [String: String] = [:], timeout: Duration = .seconds(30)
) throws(ProcessSupportError) -> ProcessOutput {
    let child = try ChildProcess(argv, environment: environment)
    let status: ExitStatus
    do {
        status = try child.wait(timeout: timeout)
    } catch {
        child.kill()
        throw ProcessSupportError("\(error.message); stderr:\n\(child.standardError)")
    }
    return ProcessOutput(status: status, stdout: child.standardOutput, stderr: child.standardError)
}
