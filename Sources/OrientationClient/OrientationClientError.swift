import GLibBridge
import OrientationCore
import OrientationWire

/// An error of an orientd call: the D-Bus error name and message the service (or the bus,
/// or the local connection) gave, plus a typed `code` for the names of the contract.
///
/// ```swift
/// do {
///     try scene.requestOrientation(.landscapeLeft)
/// } catch {                  // error: OrientationClientError
///     switch error.code {
///     case .unsupportedOrientation: print(error.message)  // "Requested: landscape-left; Supported: [portrait]"
///     default: throw error
///     }
/// }
/// ```
public struct OrientationClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name, such as `io.github.orientd.OrientationManager1.Error.UnknownController`.
    public let name: String
    /// The message: what was wrong and what would be accepted.
    public let message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The contract's errors, and the standard ones a client meets. The raw value is the
    /// D-Bus name; the contract's own are the core's error kinds, named by `OrientationWire`.
    public enum Code: Sendable, Hashable, CaseIterable, RawRepresentable {
        /// No such scene: unregistering one that is gone, or (as orientd answers today) any
        /// call on a removed scene's path.
        case unknownScene
        case unknownController
        case duplicateController
        case wrongControllerKind
        /// The window policy and the controller's mask share no orientation.
        case noSupportedOrientation
        /// A requested or preferred orientation outside the mask.
        case unsupportedOrientation
        /// The current state forbids it (popping a root, a second presentation, a request
        /// in split view).
        case notPermitted
        case limitExceeded
        /// The change was applied but could not be written to disk.
        case saveFailed
        /// A bad value or key (the message names it and the valid ones).
        case invalidArgs
        /// The scene belongs to another connection.
        case accessDenied
        /// No object at that path (the bus library's answer for a path nobody exports).
        case unknownObject
        /// No such method (an orientd older than this library).
        case unknownMethod
        /// orientd is not running and cannot be activated.
        case serviceUnknown
        /// Nobody owns orientd's name (a call that does not start it).
        case nameHasNoOwner
        /// The call timed out.
        case noReply
        /// The client's connection is closed.
        case disconnected
        /// Anything else GDBus reports.
        case failed

        /// The core's kind of error this code is, or nil for the bus's own errors.
        private var kind: OrientationCore.OrientationError.Kind? {
            switch self {
            case .unknownScene: return .unknownScene
            case .unknownController: return .unknownController
            case .duplicateController: return .duplicateController
            case .wrongControllerKind: return .wrongControllerKind
            case .noSupportedOrientation: return .noSupportedOrientation
            case .unsupportedOrientation: return .unsupportedOrientation
            case .notPermitted: return .notPermitted
            case .limitExceeded: return .limitExceeded
            case .saveFailed: return .saveFailed
            case .invalidArgs: return .invalidArgs
            case .accessDenied: return .accessDenied
            case .unknownObject, .unknownMethod, .serviceUnknown, .nameHasNoOwner, .noReply, .disconnected, .failed: return nil
            }
        }

        /// The D-Bus error name.
        public var rawValue: String {
            if let kind { return ErrorNames.name(of: kind) }
            switch self {
            case .unknownObject: return "org.freedesktop.DBus.Error.UnknownObject"
            case .unknownMethod: return "org.freedesktop.DBus.Error.UnknownMethod"
            case .serviceUnknown: return "org.freedesktop.DBus.Error.ServiceUnknown"
            case .nameHasNoOwner: return "org.freedesktop.DBus.Error.NameHasNoOwner"
            case .noReply: return "org.freedesktop.DBus.Error.NoReply"
            case .disconnected: return "org.freedesktop.DBus.Error.Disconnected"
            default: return "org.freedesktop.DBus.Error.Failed"
            }
        }

        public init?(rawValue: String) {
            guard let code = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = code
        }
    }

    /// The typed form of `name`; nil for a name this library does not know.
    public var code: Code? { Code(rawValue: name) }

    /// The bus tried to start orientd (D-Bus activation) and could not
    /// (`org.freedesktop.DBus.Error.Spawn.*`).
    public var isActivationFailure: Bool { name.hasPrefix("org.freedesktop.DBus.Error.Spawn.") }

    /// orientd is not there: nobody owns its name and D-Bus activation did not start it.
    public var meansServiceAbsent: Bool { code == .serviceUnknown || code == .nameHasNoOwner || isActivationFailure }

    /// An error with a known name.
    public init(_ code: Code, _ message: String) {
        self.init(name: code.rawValue, message: message)
    }

    init(_ error: DBusError) {
        self.init(name: error.name, message: error.message)
    }

    /// A reply that does not have the contract's shape.
    static func unexpectedReply(_ what: String, _ value: Variant) -> OrientationClientError {
        OrientationClientError(.failed, "unexpected reply to \(what): \(value.debugDescription)")
    }

    /// Such as `io.github.orientd.OrientationManager1.Error.NotPermitted: ...`.
    public var description: String { "\(name): \(message)" }
}
