/// orientd's names on the session bus (the contract in `dbus/`).
public enum OrientdNames {
    public static let busName = "io.github.orientd.OrientationManager1"
    public static let managerPath = "/io/github/orientd/OrientationManager1"
    public static let managerInterface = "io.github.orientd.OrientationManager1"
    public static let sceneInterface = "io.github.orientd.OrientationManager1.Scene"
    /// Scene objects live under this path, as `<scenesPrefix><owner>/<n>`, `<owner>` naming
    /// the connection that registered the scene.
    public static let scenesPrefix = "/io/github/orientd/OrientationManager1/scene/"
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"
    public static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"

    /// The manager properties, in the contract's order.
    public static let managerProperties = [
        "Version", "DeviceOrientation", "RotationLocked", "KioskMode", "KioskOrientation",
        "SplitViewThreshold", "SettleTime", "ConfigFiles", "LockedSettings", "SensorAvailable", "SensorSource",
        "OutputBackend", "OutputName", "OutputOrientation", "FrontScene",
    ]
    /// The scene properties, in the contract's order.
    public static let sceneProperties = [
        "AppId", "Owner", "Detached", "Idiom", "Display", "InterfaceOrientation", "SupportedOrientations",
        "SupportedOrientationsMask", "DecidingController", "Width", "Height", "SplitView", "ActivationState",
        "StatusBarHidden",
    ]
}
