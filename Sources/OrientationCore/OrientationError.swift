/// Every way a command can fail. Each case carries the contract's D-Bus error name and a
/// message that names the bad value and what would be accepted. A failed command leaves the
/// state as it was.
public struct OrientationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case unknownScene = "UnknownScene"
        case unknownController = "UnknownController"
        case duplicateController = "DuplicateController"
        case wrongControllerKind = "WrongControllerKind"
        case noSupportedOrientation = "NoSupportedOrientation"
        case unsupportedOrientation = "UnsupportedOrientation"
        case notPermitted = "NotPermitted"
        case limitExceeded = "LimitExceeded"
        case invalidArgs = "InvalidArgs"
        case accessDenied = "AccessDenied"
        /// The change could not be written to disk (the adapter's save failed).
        case saveFailed = "SaveFailed"
    }

    public static let errorPrefix = "io.github.orientd.OrientationManager1.Error."

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The D-Bus error name.
    public var name: String {
        switch kind {
        case .invalidArgs: return "org.freedesktop.DBus.Error.InvalidArgs"
        case .accessDenied: return "org.freedesktop.DBus.Error.AccessDenied"
        default: return Self.errorPrefix + kind.rawValue
        }
    }

    public var description: String { "\(name): \(message)" }

    public static func invalidArgs(_ message: String) -> OrientationError { .init(.invalidArgs, message) }
    public static func notPermitted(_ message: String) -> OrientationError { .init(.notPermitted, message) }
    public static func limitExceeded(_ message: String) -> OrientationError { .init(.limitExceeded, message) }
    public static func unknownController(_ id: String) -> OrientationError {
        .init(.unknownController, "No controller '\(ControlCharacters.escaped(id))' in this scene")
    }
}
