import GLibBridge

/// An error of an orientd call: the D-Bus error name and message the service (or the bus,
/// or the local connection) gave, plus a typed `code` for the names of the contract.
///
/// ```swift
/// do {
///     try scene.requestOrientation(.landscapeLeft)
/// } catch {                  // error: OrientationError
///     switch error.code {
///     case .unsupportedOrientation: print(error.message)  // "Requested: landscape-left; Supported: [portrait]"
///     default: throw error
///     }
/// }
/// ```
public struct OrientationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name, such as `io.github.orientd.OrientationManager1.Error.UnknownController`.
    public let name: String
    /// The message: what was wrong and what would be accepted.
    public let message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The contract's errors, and the standard ones a client meets. The raw value is the
    /// D-Bus name.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// No such scene: unregistering one that is gone, or (as orientd answers today) any
        /// call on a removed scene's path.
        case unknownScene = "io.github.orientd.OrientationManager1.Error.UnknownScene"
        case unknownController = "io.github.orientd.OrientationManager1.Error.UnknownController"
        case duplicateController = "io.github.orientd.OrientationManager1.Error.DuplicateController"
        case wrongControllerKind = "io.github.orientd.OrientationManager1.Error.WrongControllerKind"
        /// The window policy and the controller's mask share no orientation.
        case noSupportedOrientation = "io.github.orientd.OrientationManager1.Error.NoSupportedOrientation"
        /// A requested or preferred orientation outside the mask.
        case unsupportedOrientation = "io.github.orientd.OrientationManager1.Error.UnsupportedOrientation"
        /// The current state forbids it (popping a root, a second presentation, a request
        /// in split view).
        case notPermitted = "io.github.orientd.OrientationManager1.Error.NotPermitted"
        case limitExceeded = "io.github.orientd.OrientationManager1.Error.LimitExceeded"
        /// A bad value or key (the message names it and the valid ones).
        case invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        /// The scene belongs to another connection.
        case accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        /// No object at that path (the bus library's answer for a path nobody exports).
        case unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        /// No such method (an orientd older than this library).
        case unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        /// orientd is not running and cannot be activated.
        case serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        /// The call timed out.
        case noReply = "org.freedesktop.DBus.Error.NoReply"
        /// The client's connection is closed.
        case disconnected = "org.freedesktop.DBus.Error.Disconnected"
        /// Anything else GDBus reports.
        case failed = "org.freedesktop.DBus.Error.Failed"
    }

    /// The typed form of `name`; nil for a name this library does not know.
    public var code: Code? { Code(rawValue: name) }

    /// An error with a known name.
    public init(_ code: Code, _ message: String) {
        self.init(name: code.rawValue, message: message)
    }

    init(_ error: DBusError) {
        self.init(name: error.name, message: error.message)
    }

    /// A reply that does not have the contract's shape.
    static func unexpectedReply(_ what: String, _ value: Variant) -> OrientationError {
        OrientationError(.failed, "unexpected reply to \(what): \(value.debugDescription)")
    }

    /// Such as `io.github.orientd.OrientationManager1.Error.NotPermitted: ...`.
    public var description: String { "\(name): \(message)" }
}
