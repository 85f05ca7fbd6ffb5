import Foundation
import GLibBridge
import OrientationWire

/// The interface XML in `dbus/`, the contract's source of truth, found where it is installed
/// or in the source tree, and parsed at start-up.
public struct ContractXML {
    public static let managerFile = "io.github.orientd.OrientationManager1.xml"
    public static let sceneFile = "io.github.orientd.OrientationManager1.Scene.xml"

    /// The standard ObjectManager interface, which GDBus needs described to export it.
    static let objectManagerXML = """
        <node><interface name="org.freedesktop.DBus.ObjectManager">
          <method name="GetManagedObjects"><arg type="a{oa{sa{sv}}}" name="objects" direction="out"/></method>
          <signal name="InterfacesAdded"><arg type="o" name="object"/><arg type="a{sa{sv}}" name="interfaces"/></signal>
          <signal name="InterfacesRemoved"><arg type="o" name="object"/><arg type="as" name="interfaces"/></signal>
        </interface></node>
        """

    public let directory: String
    public let manager: InterfaceInfo
    public let scene: InterfaceInfo
    let objectManager: InterfaceInfo

    /// Where to look, in order: `$ORIENTD_INTERFACES_DIR`, `../share/dbus-1/interfaces` beside
    /// the executable, the system's interface folders, and the source tree's `dbus/`.
    public static func searchPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var dirs: [String] = []
        if let dir = environment["ORIENTD_INTERFACES_DIR"], !dir.isEmpty { dirs.append(dir) }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        dirs.append(executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/dbus-1/interfaces").path)
        dirs += ["/usr/local/share/dbus-1/interfaces", "/usr/share/dbus-1/interfaces"]
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("dbus")
        dirs.append(sourceTree.path)
        return dirs
    }

    /// Loads both interfaces from the first folder that has them.
    public static func load(searchPath: [String] = searchPath()) throws -> ContractXML {
        for dir in searchPath {
            let managerPath = dir + "/" + managerFile
            let scenePath = dir + "/" + sceneFile
            guard FileManager.default.fileExists(atPath: managerPath),
                  FileManager.default.fileExists(atPath: scenePath) else { continue }
            let manager = try interface(BusNames.managerInterface, in: String(contentsOfFile: managerPath, encoding: .utf8))
            let scene = try interface(BusNames.sceneInterface, in: String(contentsOfFile: scenePath, encoding: .utf8))
            let objectManager = try interface(BusNames.objectManagerInterface, in: objectManagerXML)
            return ContractXML(directory: dir, manager: manager, scene: scene, objectManager: objectManager)
        }
        throw ServiceError.contractNotFound(searchPath)
    }

    static func interface(_ name: String, in xml: String) throws -> InterfaceInfo {
        do {
            return try InterfaceInfo(xml: xml, name: name)
        } catch {
            throw ServiceError.contractInvalid(error.message)
        }
    }
}

/// Why the service cannot start.
public enum ServiceError: Error, CustomStringConvertible {
    case contractNotFound([String])
    case contractInvalid(String)
    case bus(String)

    public var description: String {
        switch self {
        case .contractNotFound(let dirs):
            return "The interface XML (\(ContractXML.managerFile)) was not found in: \(dirs.joined(separator: ", ")); set ORIENTD_INTERFACES_DIR"
        case .contractInvalid(let why): return "The interface XML is invalid: \(why)"
        case .bus(let why): return why
        }
    }
}
