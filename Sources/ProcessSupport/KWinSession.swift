import Foundation

/// A real KWin (`kwin_wayland`) started from a `KWinLaunch`, for the tests and the benchmark:
/// its Wayland socket, its outputs read back from KWin itself — through kscreen-doctor, or
/// through a reader the caller hands in for a KWin whose outputs kscreen-doctor cannot list
/// (KWin 6.7 hands them out only through kde_output_device_registry_v2) — and a turn made as
/// KWin's display settings make one (`kscreen-doctor output.X.rotation.Y`).
public final class KWinSession: Compositor {
    public let name = "kwin"
    public let output = KWinLaunch.firstOutput
    public let process: ChildProcess
    /// KWin's Wayland socket.
    public let socketPath: String
    public var clientEnvironment: [String: String] { ["WAYLAND_DISPLAY": socket, "DISPLAY": ""] }
    /// The transform (wl_output's 0–7) of an output as the caller's own Wayland client last
    /// read it; when set, it reads the panel instead of kscreen-doctor.
    public private(set) var transformReader: ((String) -> Int32?)?
    private let socket: String
    /// The environment kscreen-doctor runs in besides `clientEnvironment` (the session's).
    private let toolEnvironment: [String: String]

    private init(process: ChildProcess, socket: String, runtimeFolder: String, toolEnvironment: [String: String]) {
        (self.process, self.socket, self.toolEnvironment) = (process, socket, toolEnvironment)
        socketPath = runtimeFolder + "/" + socket
    }

    /// Starts KWin as `launch` says (`launch.prepare()`), through `start` (`StartProcess`) given its command and
    /// what its environment needs besides the session's; does not wait. With `launch.root`,
    /// the root's KWin, shown the folders of the programs it trusts (it checks that a desktop
    /// entry's Exec is the client's executable) and given an XDG menu (KDE Frameworks 6 list
    /// the installed apps through the session's menu, which a Plasma 6 session has and a KWin
    /// run alone does not). `runtimeFolder`: the `XDG_RUNTIME_DIR` KWin binds its socket in;
    /// `toolEnvironment`: the session's environment, for kscreen-doctor.
    public static func start(_ launch: KWinLaunch, runtimeFolder: String, toolEnvironment: [String: String],
                             start: StartProcess = startPlainly) throws -> KWinSession {
        var (command, environment) = try launch.prepare()
        if let root = launch.root {
            let menus = launch.scratch + "/kwin-config/menus"
            try FileManager.default.createDirectory(atPath: menus, withIntermediateDirectories: true)
            try "<Menu><Name>Applications</Name><DefaultAppDirs/><Include><All/></Include></Menu>\n"
                .write(toFile: menus + "/applications.menu", atomically: true, encoding: .utf8)
            environment["XDG_CONFIG_DIRS"] = launch.scratch + "/kwin-config:/etc/xdg"
            let folders = launch.trusting.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            command = Debian13Root.command(root, command, showing: folders)
        }
        return KWinSession(process: try start("kwin_wayland", command, environment), socket: launch.socket,
                           runtimeFolder: runtimeFolder, toolEnvironment: toolEnvironment)
    }

    /// Waits until KWin serves Wayland (`readingOutput` false) or lists `output` to its reader:
    /// kscreen-doctor, or the reader `ownReader` makes once the socket is there (its name in
    /// messages `ownReaderName`). Throws when KWin exits or the wait times out, with its log.
    public func waitUntilServing(readingOutput: Bool = true, timeout: Duration,
                                 ownReader: (() throws -> (String) -> Int32?)? = nil,
                                 ownReaderName: String = "the caller's own client") throws {
        let reader = ownReader == nil ? "kscreen-doctor" : ownReaderName
        let what = readingOutput ? "\(reader) lists \(output)" : "KWin serves Wayland"
        try eventually("\(what); KWin's log:\n\(process.standardError)", timeout: timeout) {
            if let status = process.exitStatus {
                throw ProcessSupportError("kwin_wayland exited (\(status)):\n\(process.standardError)")
            }
            guard readingOutput else { return FileManager.default.fileExists(atPath: socketPath) }
            if let ownReader, transformReader == nil {
                guard FileManager.default.fileExists(atPath: socketPath) else { return false }
                transformReader = try ownReader()
            }
            return (try? kscreenRotation(of: output)) != nil
        }
    }

    /// KScreen's rotation of each wl_output transform KWin turns a panel to (1 none, 2 left,
    /// 4 inverted, 8 right: 90° is left).
    public static let kscreenRotations: [Int32: Int] = [0: 1, 1: 2, 2: 4, 3: 8]
    /// kscreen-doctor's name of each rotation, by wl_output transform.
    public static let kscreenRotationNames = ["none", "left", "inverted", "right"]

    /// KScreen's rotation of `output` (`kscreenRotations`), from the reader when one is set,
    /// else from `kscreen-doctor -j`; nil while it is not listed.
    public func kscreenRotation(of output: String) throws -> Int? {
        if let transformReader { return transformReader(output).flatMap { Self.kscreenRotations[$0] } }
        return try Self.kscreenRotation(of: output, environment: toolEnvironment.merging(clientEnvironment) { $1 })
    }

    /// KScreen's rotation of `output` as `kscreen-doctor -j` lists it on the KWin `environment`
    /// reaches (its `WAYLAND_DISPLAY`); nil while it is not listed.
    public static func kscreenRotation(of output: String, environment: [String: String]) throws -> Int? {
        let text = try kscreenDoctor(["-j"], environment: environment)
        guard let start = text.firstIndex(of: "{"),
              let document = try JSONSerialization.jsonObject(with: Data(text[start...].utf8)) as? [String: Any],
              let outputs = document["outputs"] as? [[String: Any]] else { return nil }
        return outputs.first { $0["name"] as? String == output }?["rotation"] as? Int
    }

    /// Runs kscreen-doctor with `arguments` on this KWin; its output (throws when it fails).
    @discardableResult
    public func kscreenDoctor(_ arguments: [String]) throws -> String {
        try Self.kscreenDoctor(arguments, environment: toolEnvironment.merging(clientEnvironment) { $1 })
    }

    /// Runs kscreen-doctor (Qt's Wayland platform) on the KWin `environment` reaches; throws
    /// when it fails. kscreen-doctor now and then never ends on a loaded machine (it waits for
    /// KWin's output list forever): such a run is ended after 10 s and run again, three runs at most.
    @discardableResult
    public static func kscreenDoctor(_ arguments: [String], environment: [String: String]) throws -> String {
        var env = environment
        env["QT_QPA_PLATFORM"] = "wayland"
        let argv = ["kscreen-doctor"] + arguments
        var result: ProcessOutput?
        for _ in 1..<3 where result == nil { result = try? runCommand(argv, environment: env, timeout: .seconds(10)) }
        let output = try result ?? runCommand(argv, environment: env, timeout: .seconds(10))
        guard output.succeeded else { throw ProcessSupportError("kscreen-doctor \(arguments.joined(separator: " ")) failed: \(output)") }
        return output.stdout
    }

    public func panelTransform() throws -> PanelTransform? {
        try kscreenRotation(of: output).flatMap { rotation in
            Self.kscreenRotations.first { $0.value == rotation }.flatMap { PanelTransform(rawValue: Int($0.key)) }
        }
    }

    public func turnPanel(to transform: PanelTransform) throws {
        try kscreenDoctor(["output.\(output).rotation.\(Self.kscreenRotationNames[transform.rawValue])"])
    }

    public func stop() { _ = process.stop() }
}
