import OrientationCore

/// The contract's fixed names: the bus name, the object paths and the interfaces.
public enum BusNames {
    public static let wellKnownName = "io.github.orientd.OrientationManager1"
    public static let managerPath = "/io/github/orientd/OrientationManager1"
    public static let managerInterface = "io.github.orientd.OrientationManager1"
    public static let sceneInterface = "io.github.orientd.OrientationManager1.Scene"
    public static let scenesPath = managerPath + "/scene"
    /// `scenesPath + "/"`: every scene path starts with it.
    public static let scenesPrefix = scenesPath + "/"
    public static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// Where the scenes registered by `creator` (a unique name) live: one `path_namespace`
    /// match rule on it brings an app its own scenes' signals.
    public static func namespace(of creator: String) -> String {
        "\(scenesPath)/\(SceneNamespace.element(for: creator))"
    }

    /// The object path of a scene: `<scenesPath>/<creator's element>/<n>`.
    public static func path(of scene: SceneID, creator: String) -> String { path(of: scene, in: namespace(of: creator)) }

    /// `<namespacePath>/<n>`, written in one allocation: a device turn writes one per signal,
    /// and string interpolation costs several times as much (most of it in code the
    /// signals' own work then has to bring back into the instruction cache).
    public static func path(of scene: SceneID, in namespacePath: String) -> String {
        var digits = 1
        var rest = scene / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var prefix = namespacePath
        return prefix.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + 1 + digits) { buffer in
                _ = buffer.initialize(fromContentsOf: head)
                buffer[head.count] = UInt8(ascii: "/")
                var number = scene
                var index = head.count + digits
                repeat {
                    buffer[index] = UInt8(ascii: "0") + UInt8(number % 10)
                    number /= 10
                    index -= 1
                } while number > 0
                return head.count + 1 + digits
            }
        }
    }

    /// The scene number and the namespace element a path names, or nil when it is not a
    /// scene path: `<scenesPath>/<element>/<n>`, or the short `<scenesPath>/<n>` (element
    /// nil), n a decimal SceneID without leading zeros. The caller checks that the element
    /// is the scene's creator's.
    public static func scene(at path: String) -> (element: String?, id: SceneID)? {
        var path = path
        return path.withUTF8 { bytes -> (element: String?, id: SceneID)? in
            let prefix = scenePathPrefix
            guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
            var element: String? = nil
            var digits = prefix.count
            if let slash = bytes[prefix.count...].firstIndex(of: UInt8(ascii: "/")) {
                guard slash > prefix.count else { return nil }
                element = String(decoding: bytes[prefix.count..<slash], as: UTF8.self)
                digits = slash + 1
            }
            guard digits < bytes.count, bytes[digits] != UInt8(ascii: "0") else { return nil }
            var id: SceneID = 0
            for byte in bytes[digits...] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times10, overflow) = id.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(SceneID(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                id = sum
            }
            return (element, id)
        }
    }

    /// `scenesPath + "/"`, as bytes.
    private static let scenePathPrefix = Array((scenesPath + "/").utf8)
}
