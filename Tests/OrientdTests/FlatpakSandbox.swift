import Foundation
import TestSupport
import XCTest

/// The sandbox `flatpak run` builds, from the same real parts: `xdg-dbus-proxy` with
/// `--filter --talk=io.github.orientd.OrientationManager1`, run by `bwrap` in a sandbox with the
/// app's `/.flatpak-info`, and the app's own processes in another sandbox that sees only the
/// proxy's socket (no network namespace of the machine's, so no abstract socket of the real
/// bus either). orientd, outside, sees the proxy's process behind the app's connections.
final class FlatpakSandbox {
    let appId: String
    let folder: String
    let proxy: ChildProcess
    /// The proxy's socket, inside `folder`.
    var socket: String { folder + "/bus" }

    /// The root both sandboxes share: the machine's /usr and /etc read-only, fresh /tmp, /proc, /dev.
    static let base = [
        "bwrap", "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
        "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
        "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--unshare-pid", "--die-with-parent",
    ]

    /// Starts the proxy for `appId` on `busAddress` and waits for its socket.
    init(appId: String, busAddress: String) throws {
        self.appId = appId
        folder = try OrientdInstance.temporaryDirectory()
        let info = folder + "/flatpak-info"
        try "[Application]\nname=\(appId)\nruntime=runtime/org.example.Platform/x86_64/1\n\n[Instance]\ninstance-id=1\n"
            .write(toFile: info, atomically: true, encoding: .utf8)
        var argv = Self.base + ["--ro-bind", info, "/.flatpak-info", "--bind", folder, folder]
        // The real bus's socket (a path under the machine's /tmp) is the proxy's only way out.
        if let path = Self.socketPath(busAddress) { argv += ["--bind", path, path] }
        argv += ["--", "xdg-dbus-proxy", busAddress, folder + "/bus", "--filter",
                 "--talk=io.github.orientd.OrientationManager1"]
        proxy = try ChildProcess(argv)
        let socket = folder + "/bus"
        try eventually("xdg-dbus-proxy listens at \(socket); its log:\n\(proxy.standardError)", timeout: .seconds(30)) {
            guard proxy.isRunning else { throw TestSupportError("xdg-dbus-proxy exited: \(proxy.standardError)") }
            return FileManager.default.fileExists(atPath: socket)
        }
    }

    deinit {
        proxy.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `unix:path=P,…` → P.
    static func socketPath(_ address: String) -> String? {
        guard address.hasPrefix("unix:path=") else { return nil }
        return String(address.dropFirst("unix:path=".count).prefix { $0 != "," })
    }

    /// `argv` as the app, in its own sandbox with `/.flatpak-info` and only the proxy's socket
    /// (at /run/flatpak/bus), plus `binds` (read-only), `writable` folders and `environment`.
    func appCommand(_ argv: [String], binds: [String] = [], writable: [String] = [],
                    environment: [String: String] = [:]) -> [String] {
        var command = Self.base + ["--unshare-net", "--ro-bind", folder + "/flatpak-info", "/.flatpak-info",
                                   "--bind", folder, "/run/flatpak",
                                   "--setenv", "DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/flatpak/bus"]
        for bind in binds { command += ["--ro-bind", bind, bind] }
        for bind in writable { command += ["--bind", bind, bind] }
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { command += ["--setenv", key, value] }
        return command + ["--"] + argv
    }

    /// The fixture client (Tests/Fixtures/sandbox/app_client.py) run in the app's sandbox with
    /// `calls`; returns one decoded line per call.
    func run(_ calls: [Call], timeout: Duration = .seconds(120)) throws -> [Reply] {
        let file = try writeCalls(calls)
        let output = try runCommand(appCommand(["/usr/bin/python3", Self.client, file], binds: [Self.fixtures, folder]),
                                    timeout: timeout)
        guard output.succeeded else { throw TestSupportError("the app's client failed: \(output)") }
        return try output.stdout.split(separator: "\n").map { try Reply(json: String($0)) }
    }

    /// The client making `calls` and then holding its connection until stopped.
    func hold(_ calls: [Call]) throws -> ChildProcess {
        let file = try writeCalls(calls)
        let child = try ChildProcess(appCommand(["/usr/bin/python3", Self.client, "--hold", file], binds: [Self.fixtures, folder]))
        try eventually("the held client is ready: \(child.standardOutput) \(child.standardError)", timeout: .seconds(120)) {
            guard child.isRunning else { throw TestSupportError("the held client exited: \(child.standardError)") }
            return child.standardOutput.contains("holding")
        }
        return child
    }

    private func writeCalls(_ calls: [Call]) throws -> String {
        let path = folder + "/calls-\(UUID().uuidString).json"
        let data = try JSONSerialization.data(withJSONObject: calls.map(\.json))
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sandbox").path
    static let client = fixtures + "/app_client.py"

    /// One call for the client: `args` in GVariant text, `type` the argument tuple's type.
    struct Call {
        var path = Contract.managerPath
        var interface = Contract.managerInterface
        var method: String
        var type = "()"
        var args = ""
        var repeatCount = 1

        var json: [String: Any] {
            var result: [String: Any] = ["path": path, "interface": interface, "method": method, "type": type, "args": args]
            if repeatCount > 1 { result["repeat"] = repeatCount }
            return result
        }

        static func manager(_ method: String, _ type: String = "()", _ args: String = "") -> Call {
            Call(method: method, type: type, args: args)
        }
        static func register(_ appId: String?, repeating count: Int = 1) -> Call {
            let options = appId.map { "{'app-id': <'\($0)'>}" } ?? "@a{sv} {}"
            return Call(method: "RegisterScene", type: "(a{sv})", args: "(\(options),)", repeatCount: count)
        }
        static func scene(_ path: String, _ method: String, _ type: String = "()", _ args: String = "") -> Call {
            Call(path: path, interface: Contract.sceneInterface, method: method, type: type, args: args)
        }
        static func property(_ path: String, _ interface: String, _ name: String) -> Call {
            Call(path: path, interface: Contract.properties, method: "Get", type: "(ss)", args: "('\(interface)', '\(name)')")
        }
        static let managedObjects = Call(interface: Contract.objectManager, method: "GetManagedObjects")
    }

    /// One call's outcome.
    struct Reply: CustomStringConvertible {
        var ok: Any?
        var error: String?
        var message = ""
        var done = 0

        init(json: String) throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
                throw TestSupportError("not a reply: \(json)")
            }
            ok = object["ok"]
            error = object["error"] as? String
            message = object["message"] as? String ?? ""
            done = object["done"] as? Int ?? 0
        }

        /// The reply's first value as a string (an object path, an orientation).
        var string: String? { (ok as? [Any])?.first as? String }
        var description: String { error.map { "\($0): \(message)" } ?? "ok \(String(describing: ok))" }
    }
}
