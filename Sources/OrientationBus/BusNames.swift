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

    /// The scene a path names, or nil when it is not a scene path (`<scenesPath>/<n>`, n a
    /// decimal SceneID without leading zeros). Runs on every scene call: bytes, not Characters.
    public static func scene(at path: String) -> SceneID? {
        var path = path
        return path.withUTF8 { bytes -> SceneID? in
            let prefix = scenePathPrefix
            guard bytes.count > prefix.count, bytes[prefix.count] != UInt8(ascii: "0"),
                  bytes.starts(with: prefix) else { return nil }
            var id: SceneID = 0
            for byte in bytes[prefix.count...] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times10, overflow) = id.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(SceneID(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                id = sum
            }
            return id
        }
    }

    /// `scenesPath + "/"`, as bytes.
    private static let scenePathPrefix = Array((scenesPath + "/").utf8)
}
