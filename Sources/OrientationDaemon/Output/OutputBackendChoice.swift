import OrientationCore

/// `--output-backend`: which compositor interface turns the built-in panel: `auto`, an output
/// backend's name (`OutputBackends.family`'s entries, the only list of them) or `none`.
public struct OutputBackendChoice: RawRepresentable, CaseIterable, Hashable, Sendable {
    public let rawValue: String

    /// Nil for a value the option does not take.
    public init?(rawValue: String) {
        guard Self.values.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The first backend whose compositor is there (docs/output.md gives the order).
    public static let auto = Self(rawValue: "auto")!
    /// Never touch the compositor: the panel is left to it.
    public static let none = Self(rawValue: "none")!

    /// Every value, in `--help`'s order.
    public static var allCases: [Self] { values.compactMap(Self.init(rawValue:)) }
    static let values = OutputBackends.family.optionValues

    /// The valid values, for usage errors.
    public static let validNames = values.joined(separator: ", ")

    /// The backend kind a fixed choice names (nil for auto and none).
    public var kind: OutputBackendKind? { OutputBackendKind(rawValue: rawValue) }
}
