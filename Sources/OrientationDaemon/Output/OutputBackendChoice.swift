import OrientationCore

/// `--output-backend`'s values: `OutputBackends.family`'s entries (docs/output.md gives the order).
public enum OutputBackendOption: AdapterOptionValues {
    public static var optionValues: [String] { OutputBackends.family.optionValues }
}

/// `--output-backend`: which compositor interface turns the built-in panel.
public typealias OutputBackendChoice = AdapterOptionValue<OutputBackendOption>

extension AdapterOptionValue where Values == OutputBackendOption {
    /// The backend kind a fixed choice names (nil for auto and none).
    public var kind: OutputBackendKind? { OutputBackendKind(rawValue: rawValue) }
}
