// Where orientd's configuration files lie, for a tool that shows the files `configFiles`
// names: part of this library's API.
@_exported import struct OrientationWire.ConfigurationSearchPath
// Where orientd says why it last could not start, for a tool to show after a failed activation.
@_exported import enum OrientationWire.RuntimeFiles
import GLibBridge
import OrientationCore
import OrientationWire

/// The manager's properties as orientd reported them (`GetAll`): the device, the settings,
/// the configuration, the sensor, the output and the window tracking, with typed readings in
/// the core's vocabulary.
///
/// The values are kept as received (a tool shows what the service said, even a word this
/// library does not know); a typed reading is nil where the value is missing or not one of
/// the core's words.
public struct ManagerProperties: Sendable, Equatable {
    /// Every property as received, by name.
    public let properties: [String: Variant]

    public init(_ properties: [String: Variant]) { self.properties = properties }

    /// Every manager property's name, in the contract's order.
    public static let names = PropertyNames.manager
    /// The properties that report the configuration files: the files applied, the keys they lock.
    public static let configurationNames = ManagerProperty.allCases.filter(\.isConfiguration).map(\.rawValue)

    /// A string property as received.
    public func string(_ property: ManagerProperty) -> String? { properties[property.rawValue]?.string }
    /// A boolean property as received.
    public func bool(_ property: ManagerProperty) -> Bool? { properties[property.rawValue]?.bool }
    /// A number property as received.
    public func uint32(_ property: ManagerProperty) -> UInt32? { properties[property.rawValue]?.uint32 }

    public var deviceOrientation: DeviceOrientation? { string(.deviceOrientation).flatMap(DeviceOrientation.init(rawValue:)) }
    /// Where the device orientation comes from (`iio-sensor-proxy`, `manual`, ...).
    public var sensorSource: String? { string(.sensorSource) }
    public var sensorAvailable: Bool { bool(.sensorAvailable) ?? false }
    public var rotationLocked: Bool { bool(.rotationLocked) ?? false }
    /// Whether apps may constrain the orientation (true from an orientd before version 6).
    public var appLocksAllowed: Bool { bool(.appLocksAllowed) ?? true }
    public var kioskMode: Bool { bool(.kioskMode) ?? false }
    public var kioskOrientation: InterfaceOrientation? { string(.kioskOrientation).flatMap(InterfaceOrientation.init(rawValue:)) }
    /// How long a device orientation must hold before scenes follow it, in milliseconds.
    public var settleTime: UInt32 { uint32(.settleTime) ?? 0 }
    /// The pad split-view threshold, in points.
    public var splitViewThreshold: UInt32 { uint32(.splitViewThreshold) ?? 0 }
    /// The configuration files applied, in order.
    public var configFiles: [String] { properties[ManagerProperty.configFiles.rawValue]?.stringArray ?? [] }
    /// The settings the administrator's configuration locks, as names.
    public var lockedSettingNames: [String] { properties[ManagerProperty.lockedSettings.rawValue]?.stringArray ?? [] }
    /// The locked settings this library knows.
    public var lockedSettings: [SettingKey] { lockedSettingNames.compactMap(SettingKey.init(rawValue:)) }
    /// The compositor interface that turns the panel; nil when none does.
    public var outputBackend: OutputBackendKind? { string(.outputBackend).flatMap(OutputBackendKind.init(rawValue:)) }
    /// What the panel shows; nil when unknown.
    public var outputOrientation: InterfaceOrientation? { string(.outputOrientation).flatMap(InterfaceOrientation.init(rawValue:)) }
    /// The scene in front (its full path); nil for none.
    public var frontScene: String? { string(.frontScene).flatMap { $0 == "/" ? nil : $0 } }
    /// Who set each setting's value, by key (`SettingSources`, orientd 5 and later): "user",
    /// "default" or a configuration file's path; empty from an earlier orientd.
    public var settingSources: [String: String] {
        (properties[ManagerProperty.settingSources.rawValue]?.stringDictionary ?? [:]).compactMapValues(\.string)
    }
    /// How many app windows the window tracker reports.
    public var trackedWindows: UInt32 { uint32(.trackedWindows) ?? 0 }
}
