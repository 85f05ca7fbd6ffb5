import OrientationCore
import OrientationWire

/// A person's words (a command line, a text field) read into the core's values the way
/// orientd reads the same words, failing with the error orientd would give for them (same
/// name, same message naming the bad word and the valid ones).
public enum UserInput {
    /// Where a mask goes: the name orientd's messages give it.
    public enum MaskField: Sendable {
        case supportedOrientations, sceneDelegateOrientations, appDelegateOrientations, allowedOrientations

        var key: String {
            switch self {
            case .supportedOrientations: return VardictKey.supportedOrientations
            case .sceneDelegateOrientations: return VardictKey.sceneDelegateOrientations
            case .appDelegateOrientations: return VardictKey.appDelegateOrientations
            case .allowedOrientations: return VardictKey.allowedOrientations
            }
        }
    }

    public static func deviceOrientation(_ word: String) throws(OrientationClientError) -> DeviceOrientation {
        try read { () throws(OrientationCore.OrientationError) in try DeviceOrientation(parsing: word) }
    }

    public static func interfaceOrientation(_ word: String) throws(OrientationClientError) -> InterfaceOrientation {
        try read { () throws(OrientationCore.OrientationError) in try InterfaceOrientation(parsing: word) }
    }

    /// The kiosk orientation; "" is none (keep the stored one).
    public static func kioskOrientation(_ word: String) throws(OrientationClientError) -> InterfaceOrientation? {
        if word.isEmpty { return nil }
        return try read { () throws(OrientationCore.OrientationError) in try InterfaceOrientation(parsing: word, what: "kiosk orientation") }
    }

    /// A controller's preferred orientation.
    public static func preferredOrientation(_ word: String) throws(OrientationClientError) -> InterfaceOrientation {
        try read { () throws(OrientationCore.OrientationError) in
            try InterfaceOrientation(parsing: word, what: VardictKey.preferredOrientation)
        }
    }

    /// Orientation names and shorthands (`landscape`, `all`, `all-but-upside-down`) as one mask.
    public static func mask(_ names: [String], for field: MaskField) throws(OrientationClientError) -> OrientationMask {
        try read { () throws(OrientationCore.OrientationError) in try OrientationMask(parsing: names, what: field.key) }
    }

    public static func idiom(_ word: String) throws(OrientationClientError) -> Idiom {
        try read { () throws(OrientationCore.OrientationError) in try Idiom(parsing: word) }
    }

    public static func controllerKind(_ word: String) throws(OrientationClientError) -> ControllerKind {
        try read { () throws(OrientationCore.OrientationError) in try ControllerKind(parsing: word) }
    }

    public static func orientationMode(_ word: String) throws(OrientationClientError) -> OrientationMode {
        try read { () throws(OrientationCore.OrientationError) in try OrientationMode(parsing: word) }
    }

    public static func activationState(_ word: String) throws(OrientationClientError) -> ActivationState {
        try read { () throws(OrientationCore.OrientationError) in try ActivationState(parsing: word) }
    }

    private static func read<T>(_ body: () throws(OrientationCore.OrientationError) -> T) throws(OrientationClientError) -> T {
        do {
            return try body()
        } catch {
            throw OrientationClientError(name: error.name, message: error.message)
        }
    }
}
