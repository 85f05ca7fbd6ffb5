/// The methods of the manager interface, by name as in the XML.
public enum ManagerMethod: String, CaseIterable, Sendable {
    case registerScene = "RegisterScene", unregisterScene = "UnregisterScene"
    case setDeviceOrientation = "SetDeviceOrientation", setRotationLocked = "SetRotationLocked"
    case setKioskMode = "SetKioskMode", setSplitViewThreshold = "SetSplitViewThreshold"
    case setSettleTime = "SetSettleTime", setAppLocksAllowed = "SetAppLocksAllowed", setAppPolicy = "SetAppPolicy", getAppPolicies = "GetAppPolicies"
    case resetSetting = "ResetSetting", reload = "Reload", getHistory = "GetHistory"
    case explainPanel = "ExplainPanel"
}

/// The methods of the scene interface, by name as in the XML.
public enum SceneMethod: String, CaseIterable, Sendable {
    case explain = "Explain", getControllers = "GetControllers"
    case setRootController = "SetRootController", pushController = "PushController", popController = "PopController"
    case addTab = "AddTab", selectTab = "SelectTab"
    case presentController = "PresentController", dismissController = "DismissController"
    case setControllerProperties = "SetControllerProperties", setOrientationMode = "SetOrientationMode"
    case updateOrientation = "UpdateOrientation", requestOrientation = "RequestOrientation"
    case setWindowOrientations = "SetWindowOrientations", setGeometry = "SetGeometry"
    case setActivationState = "SetActivationState"
}

/// The signals of the manager interface, by name as in the XML.
public enum ManagerSignal: String, CaseIterable, Sendable {
    case deviceOrientationChanged = "DeviceOrientationChanged", rotationSuggested = "RotationSuggested"
}

/// The signals of the scene interface, by name as in the XML.
public enum SceneSignal: String, CaseIterable, Sendable {
    case orientationChanged = "OrientationChanged"
}

/// The freedesktop members the contract relies on (`org.freedesktop.DBus.Properties`,
/// `.ObjectManager` and the bus itself), spelled once for the service and the client alike.
public enum StandardMember {
    /// `org.freedesktop.DBus.Properties`: one property, every property, a change.
    public static let get = "Get", getAll = "GetAll", propertiesChanged = "PropertiesChanged"
    /// `org.freedesktop.DBus.ObjectManager`: every scene, a scene added, a scene gone.
    public static let getManagedObjects = "GetManagedObjects"
    public static let interfacesAdded = "InterfacesAdded", interfacesRemoved = "InterfacesRemoved"
    /// The bus's own name, path and interface, and its signal of a name changing hands.
    public static let busName = "org.freedesktop.DBus", busPath = "/org/freedesktop/DBus"
    public static let busInterface = "org.freedesktop.DBus"
    public static let nameOwnerChanged = "NameOwnerChanged"
}
