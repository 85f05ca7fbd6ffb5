import CGtk
import Glibc
import GLibBridge
import OrientationSettingsKit

/// One UI file of the app's GResource bundle, built: its objects looked up by the ids its
/// `InterfaceObject` enum says once. A row's template is built once per row; the objects live
/// while the builder does, or once given a parent.
final class Interface<Object: InterfaceObject> {
    private let builder: OpaquePointer

    /// Builds the file's objects (`InterfaceResource.register` made sure at start-up that the
    /// bundle holds every file).
    init() { builder = gtk_builder_new_from_resource(Object.file.resourcePath) }

    deinit { g_object_unref(UnsafeMutableRawPointer(builder)) }

    /// The object whose id is `id`.
    subscript(_ id: Object) -> Widget {
        guard let object = gtk_builder_get_object(builder, id.rawValue) else {
            fatalError("\(Object.file.rawValue) in \(InterfaceBundle.fileName) has no object \"\(id.rawValue)\"")
        }
        return OpaquePointer(object)
    }
}

/// The app's GResource bundle (its UI files, data/settings/), found where it is installed
/// (`InterfaceBundle.searchPath`) and registered before any window is built.
enum InterfaceResource {
    /// Loads and registers the bundle; the reason, naming the places looked at or the bad
    /// file, when it cannot.
    static func register(environment: [String: String] = ProcessEnvironment.current()) -> String? {
        let paths = InterfaceBundle.searchPath(environment: environment, prefix: ProgramPrefix.path())
        guard let path = paths.first(where: { access($0, R_OK) == 0 }) else {
            return "its interface (\(InterfaceBundle.fileName)) is in none of: \(paths.joined(separator: ", ")); "
                + "'make build' and 'make install' put it in share/orientd-settings beside the program's bin folder (the first), "
                + "or set \(InterfaceBundle.variable) to its path"
        }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            defer { g_clear_error(&error) }
            return "\(path) is not a GResource bundle: \(error.map { String(cString: $0.pointee.message) } ?? "unreadable")"
        }
        let missing = InterfaceFile.allCases.filter {
            g_resource_get_info(resource, $0.resourcePath, GResourceLookupFlags(rawValue: 0), nil, nil, nil) == 0
        }
        guard missing.isEmpty else {
            g_resource_unref(resource)
            return "\(path) lacks \(missing.map(\.rawValue).joined(separator: ", ")) (it must hold all of: "
                + "\(InterfaceFile.allCases.map(\.rawValue).joined(separator: ", "))); install it again"
        }
        g_resources_register(resource)  // kept for the life of the app
        return nil
    }
}

/// The folder above the running program's `bin` folder (`/usr` for `/usr/bin/orientd-settings`,
/// `.build` for `.build/debug/orientd-settings`); nil when it cannot be read.
enum ProgramPrefix {
    static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard length > 0 else { return nil }
        let program = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var parts = program.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        parts.removeLast(2)
        let prefix = parts.joined(separator: "/")
        return prefix.isEmpty ? "/" : prefix
    }
}
