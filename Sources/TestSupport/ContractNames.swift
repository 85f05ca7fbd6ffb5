/// The D-Bus contract's fixed names, spelled out once for the tests and the benchmark — not
/// imported from the service, so a renamed constant in the service cannot silently rename
/// what the tests check.
public enum ContractNames {
    public static let busName = "io.github.orientd.OrientationManager1"
    public static let managerPath = "/io/github/orientd/OrientationManager1"
    public static let managerInterface = "io.github.orientd.OrientationManager1"
    public static let sceneInterface = "io.github.orientd.OrientationManager1.Scene"
    public static let scenePathPrefix = "/io/github/orientd/OrientationManager1/scene/"
    public static let errorPrefix = "io.github.orientd.OrientationManager1.Error."
    public static let objectManager = "org.freedesktop.DBus.ObjectManager"
    public static let properties = "org.freedesktop.DBus.Properties"
}
