import OrientationCore

/// The contract's words, for help texts and completion (orientd itself validates them),
/// taken from the core's enums so a new word reaches orientctl with it.
public enum Vocabulary {
    public static let interfaceOrientations = InterfaceOrientation.validNames
    /// The device's orientations, `unknown` last.
    public static let deviceOrientations = (DeviceOrientation.allCases.filter { $0 != .unknown } + [.unknown]).map(\.rawValue)
    /// Mask words: single orientations plus the input shorthands.
    public static let maskNames = OrientationMask.validNames
    public static let idioms = Idiom.allCases.map(\.rawValue)
    public static let kinds = ControllerKind.allCases.map(\.rawValue)
    public static let modes = OrientationModeName.allCases.map(\.rawValue)
    public static let activationStates = ActivationState.allCases.map(\.rawValue)
}
