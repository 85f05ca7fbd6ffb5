import GLibBridge
import OrientationWire

/// The manager's properties, as read.
public struct ManagerState {
    /// Every property as read, by name.
    public let properties: [String: Variant]

    public init(_ properties: [String: Variant]) { self.properties = properties }

    public var deviceOrientation: String { properties["DeviceOrientation"]?.string ?? "unknown" }
    public var sensorSource: String { properties["SensorSource"]?.string ?? "" }
    public var sensorAvailable: Bool { properties["SensorAvailable"]?.bool ?? false }
    public var rotationLocked: Bool { properties["RotationLocked"]?.bool ?? false }
    public var kioskMode: Bool { properties["KioskMode"]?.bool ?? false }
    public var kioskOrientation: String { properties["KioskOrientation"]?.string ?? "" }
    public var settleTime: UInt32 { properties["SettleTime"]?.uint32 ?? 0 }
    public var splitViewThreshold: UInt32 { properties["SplitViewThreshold"]?.uint32 ?? 0 }
    /// The manager keys the configuration files lock.
    public var lockedSettings: [String] { properties[PropertyNames.lockedSettings]?.stringArray ?? [] }

    /// The properties as JSON members, in the contract's order.
    public var jsonMembers: [(String, JSONValue)] {
        VariantFormatting.members(properties, order: PropertyNames.manager)
    }
}
