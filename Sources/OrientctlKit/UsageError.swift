/// A command line that cannot be run as written (exit status 64).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, one line.
    public let message: String
    /// The verb it concerns, for the hint; nil for the command line as a whole.
    public let verb: String?
    /// The verb's synopsis, for the hint.
    public let synopsis: String?

    public init(_ message: String, verb: VerbSpec? = nil) {
        self.message = message
        self.verb = verb?.name
        self.synopsis = verb?.synopsis
    }

    /// The one-line hint printed under the message.
    public var hint: String {
        if let verb, let synopsis {
            return "Usage: orientctl \(synopsis); see 'orientctl \(verb) --help'."
        }
        return "See 'orientctl --help' for the verbs and options."
    }

    public var description: String { message }
}
