/// `--sensor`'s values: `SensorBackends.family`'s entries.
public enum SensorOption: AdapterOptionValues {
    public static var optionValues: [String] { SensorBackends.family.optionValues }
}

/// `--sensor`: how orientd finds the device orientation (`none`: never touch the system bus,
/// manual input only).
public typealias SensorMode = AdapterOptionValue<SensorOption>
