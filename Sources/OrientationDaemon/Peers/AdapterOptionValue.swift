/// The values an adapter family's option takes (`AdapterFamily.optionValues`: `auto`, each
/// entry a user can name, `none`), for `AdapterOptionValue`.
public protocol AdapterOptionValues {
    static var optionValues: [String] { get }
}

/// An adapter option's value (`--output-backend`, `--window-tracking`, `--sensor`): `auto`, an
/// entry's name from its family (the only list of them) or `none`.
public struct AdapterOptionValue<Values: AdapterOptionValues>: RawRepresentable, CaseIterable, Hashable, Sendable {
    public let rawValue: String

    /// Nil for a value the option does not take.
    public init?(rawValue: String) {
        guard Values.optionValues.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The first entry whose peer is there (for a sensor, a named backend waits for its own).
    public static var auto: Self { Self(rawValue: "auto")! }
    /// Leave the peer alone: the panel to the compositor, only registered scenes, manual input.
    public static var none: Self { Self(rawValue: "none")! }

    /// Every value, in `--help`'s order.
    public static var allCases: [Self] {
        var cases: [Self] = []
        for value in Values.optionValues { cases.append(Self(checked: value)) }
        return cases
    }

    private init(checked rawValue: String) { self.rawValue = rawValue }

    /// The valid values, for usage errors.
    public static var validNames: String { Values.optionValues.joined(separator: ", ") }
}

extension AdapterOptionValue: AdapterOption {}
