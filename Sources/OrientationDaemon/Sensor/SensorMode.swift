/// `--sensor`: how orientd finds the device orientation: `auto`, a sensor backend's name
/// (`SensorBackends.family`'s entries, the only list of them) or `none`.
public struct SensorMode: RawRepresentable, CaseIterable, Hashable, Sendable {
    public let rawValue: String

    /// Nil for a value the option does not take.
    public init?(rawValue: String) {
        guard Self.values.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Use iio-sensor-proxy when the system bus has it, else manual input only. A named
    /// backend (`iio`) waits for its sensor, however long it takes to appear.
    public static let auto = Self(rawValue: "auto")!
    /// Never touch the system bus: manual input (SetDeviceOrientation) only.
    public static let none = Self(rawValue: "none")!

    /// Every value, in `--help`'s order.
    public static var allCases: [Self] { values.compactMap(Self.init(rawValue:)) }
    static let values = SensorBackends.family.optionValues

    /// The valid values, for usage errors.
    public static let validNames = values.joined(separator: ", ")
}
