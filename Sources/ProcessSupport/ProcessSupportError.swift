/// A failure of a helper here: a timeout, a process that would not start, ...
public struct ProcessSupportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in a sentence fit for a test log or a benchmark's error.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
