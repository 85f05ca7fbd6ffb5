/// A failure of a test helper: a timeout, a process that would not start, ...
public struct TestSupportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in a sentence fit for a test log.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
