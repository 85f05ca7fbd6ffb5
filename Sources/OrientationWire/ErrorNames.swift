import OrientationCore

/// The D-Bus error names of the contract, derived from the core's `OrientationError.Kind`.
public enum ErrorNames {
    /// The prefix of the contract's own error names.
    public static let prefix = OrientationError.errorPrefix

    /// The D-Bus name of an error of `kind` (`InvalidArgs` and `AccessDenied` are the
    /// standard `org.freedesktop.DBus.Error` ones).
    public static func name(of kind: OrientationError.Kind) -> String { OrientationError(kind, "").name }

    /// The kind a D-Bus error name stands for, or nil for a name outside the contract.
    public static func kind(named name: String) -> OrientationError.Kind? { kinds[name] }

    private static let kinds: [String: OrientationError.Kind] =
        Dictionary(uniqueKeysWithValues: OrientationError.Kind.allCases.map { (ErrorNames.name(of: $0), $0) })
}
