import CGio
import GLibBridge
import Glibc
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
    public static func searchPath(environment: [String: String] = ProcessEnvironment.current()) -> [String] {
        var dirs: [String] = []
        if let dir = environment["ORIENTD_INTERFACES_DIR"], !dir.isEmpty { dirs.append(dir) }
        let prefix = SafeFile.folder(of: SafeFile.folder(of: resolved(CommandLine.arguments.first ?? "")))
        dirs.append((prefix == "/" ? "" : prefix) + "/share/dbus-1/interfaces")
        dirs += ["/usr/local/share/dbus-1/interfaces", "/usr/share/dbus-1/interfaces"]
        if let root = sourceRoot() { dirs.append(root + "/dbus") }
        return dirs
    }

    /// The source tree this file was built from (`#filePath` up to its `Sources` folder),
    /// however deep in `Sources` the file lies; nil when it is not in one.
    static func sourceRoot(of file: String = #filePath) -> String? {
        // A scan of the bytes: splitting the path into components cost ~170,000 instructions
        // at every start (the generic collections' first use).
        let path = Array(file.utf8), marker = Array("/Sources/".utf8)
        var start = path.count - marker.count
        while start >= 0 {
            if path[start..<start + marker.count].elementsEqual(marker) {
                return String(decoding: path[..<start], as: UTF8.self)
            }
            start -= 1
        }
        return nil
    }

    /// `path` made absolute (from the current folder) with its symbolic links resolved; only
    /// made absolute when it does not exist.
    static func resolved(_ path: String) -> String {
        let absolute = g_canonicalize_filename(path, nil)!
        defer { g_free(absolute) }
        guard let real = realpath(absolute, nil) else { return String(cString: absolute) }
        defer { free(real) }
        return String(cString: real)
    }

    /// Loads both interfaces from the first folder that has them.
    public static func load(searchPath: [String] = searchPath()) throws -> ContractXML {
        for dir in searchPath {
            let managerPath = dir + "/" + managerFile
            let scenePath = dir + "/" + sceneFile
            guard access(managerPath, F_OK) == 0, access(scenePath, F_OK) == 0 else { continue }
            let manager = try interface(BusNames.managerInterface, in: bytes(managerPath), path: managerPath)
            let scene = try interface(BusNames.sceneInterface, in: bytes(scenePath), path: scenePath)
            let objectManager = try interface(BusNames.objectManagerInterface, in: Array(objectManagerXML.utf8), path: "")
            return ContractXML(directory: dir, manager: manager, scene: scene, objectManager: objectManager)
        }
        throw ServiceError.contractNotFound(searchPath)
    }

    /// An interface file's bytes: a readable regular file.
    static func bytes(_ path: String) throws(ServiceError) -> [UInt8] {
        switch SafeFile.read(path) {
        case .missing: throw ServiceError.contractInvalid("\(path) does not exist")
        case .unusable(let why): throw ServiceError.contractInvalid("\(path) \(why)")
        case .contents(let bytes): return bytes
        }
    }

    /// Interface `name` of the XML read from `path`. GMarkup checks the bytes are UTF-8 as it
    /// parses them (a second pass over 100 KB was a twentieth of the start-up); only when it
    /// fails are they checked again, to say that they are not UTF-8 text.
    static func interface(_ name: String, in xml: [UInt8], path: String) throws -> InterfaceInfo {
        do {
            return try InterfaceInfo(xml: xml, name: name)
        } catch {
            if String(validating: xml, as: UTF8.self) == nil { throw ServiceError.contractInvalid("\(path) is not UTF-8 text") }
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
