import CClientLibraries
import Glibc

/// A compositor client library held open by one adapter's connection: libxcb for the X11
/// window tracker, the Wayland plugin (and with it libwayland-client) for the wlroots and KWin
/// adapters. Opened when the connection is made and closed with it, so a session whose
/// compositor needs neither (GNOME, or no compositor) maps neither.
final class ClientLibrary<Functions> {
    /// The library's functions, while this holds it open.
    let functions: UnsafePointer<Functions>
    private let release: () -> Void

    private init(_ functions: UnsafePointer<Functions>, release: @escaping () -> Void) {
        self.functions = functions
        self.release = release
    }

    deinit { release() }

    /// Runs `open` with an error buffer: the functions, or why the library cannot be used.
    fileprivate static func open(_ open: (UnsafeMutablePointer<CChar>, Int) -> UnsafePointer<Functions>?,
                                 release: @escaping () -> Void) -> Result<ClientLibrary, ClientLibraryError> {
        var buffer = [CChar](repeating: 0, count: 512)
        guard let functions = buffer.withUnsafeMutableBufferPointer({ open($0.baseAddress!, $0.count) }) else {
            let text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(ClientLibraryError(text))
        }
        return .success(ClientLibrary(functions, release: release))
    }
}

extension ClientLibrary where Functions == orientd_xcb {
    /// libxcb, opened by its soname.
    static func xcb() -> Result<ClientLibrary, ClientLibraryError> {
        open({ orientd_xcb_open($0, $1) }, release: { orientd_xcb_close() })
    }
}

extension ClientLibrary where Functions == orientd_wayland {
    /// The Wayland plugin: the first of `waylandPluginPaths` that opens.
    static func wayland(executable: String? = ExecutableFile.current?.path) -> Result<ClientLibrary, ClientLibraryError> {
        var reasons: [String] = []
        for path in waylandPluginPaths(executable: executable) {
            switch open({ orientd_wayland_open(path, $0, $1) }, release: { orientd_wayland_close() }) {
            case .success(let library):
                let version = library.functions.pointee.orientd_wl_api_version()
                guard version == ORIENTD_WL_API_VERSION else {
                    reasons.append("\(path) has API version \(version), this orientd \(ORIENTD_WL_API_VERSION) (restart orientd after an upgrade)")
                    continue
                }
                return .success(library)
            case .failure(let error): reasons.append(error.description)
            }
        }
        return .failure(ClientLibraryError(reasons.isEmpty
            ? "the Wayland plugin \(ORIENTD_WAYLAND_PLUGIN) was not looked for: orientd's own path is unknown"
            : reasons.joined(separator: "; ")))
    }

    /// Where the plugin is: beside the executable (a build folder), then in PREFIX/lib/orientd
    /// for an executable in PREFIX/bin (installed). Never from the environment.
    static func waylandPluginPaths(executable: String?) -> [String] {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return [] }
        let folder = String(executable[..<slash])
        let prefix = folder.hasSuffix("/bin") ? String(folder.dropLast(4)) : nil
        return ["\(folder)/\(ORIENTD_WAYLAND_PLUGIN)"] + (prefix.map { ["\($0)/lib/orientd/\(ORIENTD_WAYLAND_PLUGIN)"] } ?? [])
    }
}

/// Why a client library cannot be used: the file, and what the dynamic linker said.
struct ClientLibraryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
