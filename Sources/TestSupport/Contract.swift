/// The D-Bus contract's fixed names, spelled out once for the tests — not imported from the
/// service or OrientationWire, so a renamed constant there cannot silently rename what the
/// tests check (ContractNamesTests checks these against dbus/*.xml).
public enum Contract {
    public static let busName = "io.github.orientd.OrientationManager1"
    public static let managerPath = "/io/github/orientd/OrientationManager1"
    public static let managerInterface = "io.github.orientd.OrientationManager1"
    public static let sceneInterface = "io.github.orientd.OrientationManager1.Scene"
    public static let scenePathPrefix = "/io/github/orientd/OrientationManager1/scene/"
    public static let errorPrefix = "io.github.orientd.OrientationManager1.Error."
    public static let objectManager = "org.freedesktop.DBus.ObjectManager"
    public static let properties = "org.freedesktop.DBus.Properties"
    /// The interface's version (the manager's `Version`), read from the XML's Version
    /// documentation (`ContractXML.interfaceVersion`): a version bump changes no test.
    public static var interfaceVersion: UInt32 { get throws { try ContractXML.interfaceVersion } }

    /// Where the scenes a connection registers live: `<scenePathPrefix><element>`, the
    /// element being its unique name with ASCII letters and digits kept and every other byte
    /// written `_` and two lowercase hexadecimal digits (`:1.42` → `_3a1_2e42`).
    public static func sceneNamespace(of uniqueName: String) -> String {
        let element = uniqueName.utf8.map { byte -> String in
            let scalar = Unicode.Scalar(byte)
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return String(scalar) }
            return "_" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
        return scenePathPrefix + (element.isEmpty ? "_" : element)
    }

    /// The path of scene `n` registered by the connection `uniqueName`.
    public static func scenePath(_ n: UInt64, registeredBy uniqueName: String) -> String {
        sceneNamespace(of: uniqueName) + "/\(n)"
    }

    /// Scene `n` by its short path (`…/scene/<n>`), which orientd also answers.
    public static func scenePath(_ n: UInt64) -> String { "\(managerPath)/scene/\(n)" }

    /// The contract's error names, and the standard ones GDBus or orientd use.
    public static func error(_ name: String) -> String { errorPrefix + name }
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    /// Every error name a reply of orientd may carry.
    public static let allowedErrors: Set<String> = Set(
        ["UnknownScene", "UnknownController", "DuplicateController", "WrongControllerKind",
         "NoSupportedOrientation", "UnsupportedOrientation", "NotPermitted", "LimitExceeded", "SaveFailed"].map(error)
    ).union([invalidArgs, accessDenied, unknownMethod])

    /// The Scene interface's properties, read from its XML.
    public static var sceneProperties: [String] { get throws { try ContractXML.sceneProperties } }
    public static let interfaceOrientations = ["portrait", "landscape-right", "landscape-left", "portrait-upside-down"]
    public static let deviceOrientations = ["unknown", "portrait", "portrait-upside-down", "landscape-left",
                                            "landscape-right", "face-up", "face-down"]
    /// UIKit's bits, as SupportedOrientationsMask carries them.
    public static let bits: [String: UInt32] = ["portrait": 2, "portrait-upside-down": 4, "landscape-right": 8, "landscape-left": 16]
}
