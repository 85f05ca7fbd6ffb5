import OrientationCore

/// The contract's fixed names.
public enum BusNames {
    public static let wellKnownName = "io.github.orientd.OrientationManager1"
    public static let managerPath = "/io/github/orientd/OrientationManager1"
    public static let managerInterface = "io.github.orientd.OrientationManager1"
    public static let sceneInterface = "io.github.orientd.OrientationManager1.Scene"
    public static let scenesPath = managerPath + "/scene"
    public static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// The object path of a scene.
    public static func path(of scene: SceneID) -> String { "\(scenesPath)/\(scene)" }

    /// The scene a path names, or nil when it is not a scene path.
    public static func scene(at path: String) -> SceneID? {
        let prefix = scenesPath + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let node = path.dropFirst(prefix.count)
        guard !node.isEmpty, node.allSatisfy(\.isASCII), node.allSatisfy(\.isNumber), node.first != "0" else { return nil }
        return SceneID(node)
    }
}
