/// How the compositor library starts each process it needs (the compositor, an X server, a
/// logind): given a name for its log, the command and the environment. The tests pass their
/// `start` (the log printed when a test fails, the process stopped after the test); the
/// benchmark passes `startPlainly`.
public typealias StartProcess = (_ name: String, _ argv: [String], _ environment: [String: String]) throws -> ChildProcess

/// A `StartProcess` that starts a bare `ChildProcess` (stopped by its owner or when dropped).
public func startPlainly(_ name: String, _ argv: [String], _ environment: [String: String]) throws -> ChildProcess {
    try ChildProcess(argv, environment: environment)
}
