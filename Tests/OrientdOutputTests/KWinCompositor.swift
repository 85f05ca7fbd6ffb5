import Foundation
import TestSupport
import XCTest

/// A real KWin (`kwin_wayland --virtual`) for the tests, and its output read back from KWin
/// itself through kscreen-doctor, or through the test's own Wayland client (`KWinPolicyClient`)
/// on a KWin that hands its outputs out only through kde_output_device_registry_v2 (KWin 6.7),
/// which Debian 12's kscreen-doctor cannot list.
extension OutputTestCase {
    static var kwinOutput: String { KWinLaunch.firstOutput }

    /// Starts KWin (ProcessSupport's `KWinLaunch`) with one virtual 800×1280 output on the
    /// scratch runtime folder and waits until kscreen-doctor lists it. `trusting`: programs KWin
    /// offers its window list to. With `root`, the KWin of that root (`debian13Root()`), shown the programs' folders: it
    /// checks that the path in a desktop entry's Exec is the client's executable. `outputs`:
    /// how many virtual outputs (Virtual-0, Virtual-1, …). `readingOutputs` false: waits only
    /// for KWin's Wayland socket; true: until its output is read (by the test's own client,
    /// `kwinReader`, on a root's KWin 6.7 or later, whose outputs kscreen-doctor cannot read).
    /// `x11Display`: KWin's X11 windowed backend in that X server instead of `--virtual` (its
    /// outputs X11-0, …: unlike the virtual ones they keep the auto-rotate policy a client sets).
    @discardableResult
    func startKWin(trusting programs: [String] = [], root: String? = nil, outputs: Int = 1, tabletMode: Bool = false,
                   readingOutputs: Bool = true, x11Display: String? = nil, sessionBus: PrivateBus? = nil) throws -> ChildProcess {
        var launch = KWinLaunch(scratch: scratch, sourceTree: Self.repositoryRoot, configHome: scratch + "/config")
        (launch.trusting, launch.root, launch.outputs) = (programs, root, outputs)
        (launch.tabletMode, launch.x11Display, launch.socket) = (tabletMode, x11Display, Self.waylandSocket)
        var (command, environment) = try launch.prepare()
        // `sessionBus`: KWin on a bus of its own, leaving org.kde.KWin on the test's bus to another peer.
        if let sessionBus { environment.merge(sessionBus.sessionEnvironment) { $1 } }
        if root != nil {
            // KDE Frameworks 6 list the installed apps through the session's XDG menu, which a
            // Plasma 6 session has (plasma-workspace's) and a KWin run alone does not.
            let menus = scratch + "/kwin-config/menus"
            try FileManager.default.createDirectory(atPath: menus, withIntermediateDirectories: true)
            try "<Menu><Name>Applications</Name><DefaultAppDirs/><Include><All/></Include></Menu>\n"
                .write(toFile: menus + "/applications.menu", atomically: true, encoding: .utf8)
            environment["XDG_CONFIG_DIRS"] = scratch + "/kwin-config:/etc/xdg"
        }
        let folders = programs.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let kwin = try start("kwin_wayland", root.map { Self.inRoot($0, command, showing: folders) } ?? command,
                             environment: environment)
        let socket = scratch + "/" + Self.waylandSocket
        let byRegistry = try root.map(kwinHandsOutputsThroughRegistry) ?? false
        let reader = byRegistry ? "the test's own client" : "kscreen-doctor"
        let what = readingOutputs ? "\(reader) lists \(Self.kwinOutput)" : "KWin serves Wayland"
        try eventually("\(what); KWin's log:\n\(kwin.standardError)", timeout: deadline) {
            if let status = kwin.exitStatus { throw TestSupportError("kwin_wayland exited (\(status)):\n\(kwin.standardError)") }
            guard readingOutputs else { return FileManager.default.fileExists(atPath: socket) }
            if byRegistry, kwinReader == nil {
                guard FileManager.default.fileExists(atPath: socket) else { return false }
                kwinReader = try kwinPolicyClient()
            }
            return (try? kscreenRotation(Self.kwinOutput)) != nil
        }
        return kwin
    }

    /// The clone's root folder.
    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// Runs kscreen-doctor on the test's KWin (Qt's Wayland platform); throws when it fails.
    @discardableResult
    func kscreenDoctor(_ arguments: [String]) throws -> String {
        var env = childEnvironment
        env.merge(waylandEnvironment) { _, new in new }
        env["QT_QPA_PLATFORM"] = "wayland"
        // kscreen-doctor now and then never ends on a loaded machine (it waits for KWin's
        // output list forever): such a run is ended and the command run again.
        let result = try runEndingHangs(["kscreen-doctor"] + arguments, environment: env)
        guard result.succeeded else { throw TestSupportError("kscreen-doctor \(arguments.joined(separator: " ")) failed: \(result)") }
        return result.stdout
    }

    /// Runs `argv` for at most 10 s, up to three times while it does not end.
    func runEndingHangs(_ argv: [String], environment: [String: String]) throws -> ProcessOutput {
        for _ in 1..<3 {
            if let result = try? runCommand(argv, environment: environment, timeout: .seconds(10)) { return result }
        }
        return try runCommand(argv, environment: environment, timeout: .seconds(10))
    }

    /// KScreen's rotation of each wl_output transform KWin turns a panel to.
    static var kscreenRotations: [Int32: Int] { [0: 1, 1: 2, 2: 4, 3: 8] }

    /// Whether `root`'s KWin hands its outputs out only through kde_output_device_registry_v2
    /// (no kde_output_device_v2 globals since KWin 6.7).
    func kwinHandsOutputsThroughRegistry(_ root: String) throws -> Bool {
        let parts = try kwinVersion(root).split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return parts.count == 2 && (parts[0], parts[1]) >= (6, 7)
    }

    /// KScreen's rotation of `output` from `kscreen-doctor -j` (1 none, 2 left, 4 inverted, 8 right),
    /// or from the transform `kwinReader` last read (the same mapping as KScreen's: 90° is left).
    func kscreenRotation(_ output: String) throws -> Int? {
        if let kwinReader {
            return kwinReader.transform(of: output).flatMap { Self.kscreenRotations[$0] }
        }
        let text = try kscreenDoctor(["-j"])
        guard let start = text.firstIndex(of: "{"),
              let document = try JSONSerialization.jsonObject(with: Data(text[start...].utf8)) as? [String: Any],
              let outputs = document["outputs"] as? [[String: Any]] else { return nil }
        return outputs.first { $0["name"] as? String == output }?["rotation"] as? Int
    }

    /// Waits until KWin reports its output at one of `rotations`.
    func waitForRotation(_ rotations: Set<Int>, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: Int?
        try eventually("\(Self.kwinOutput) rotation in \(rotations.sorted()) (last: \(last.map(String.init) ?? "none"))",
                       timeout: deadline, file: file, line: line) {
            last = try kscreenRotation(Self.kwinOutput)
            return last.map(rotations.contains) ?? false
        }
    }

    func waitForRotation(_ rotation: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitForRotation([rotation], file: file, line: line)
    }

    /// Turns the device through each row of the table: KWin's panel reaches each (read back by
    /// kscreen-doctor) and `OutputOrientation` says it.
    func turnKWinThroughEachRow(file: StaticString = #filePath, line: UInt = #line) throws {
        for (device, interface, rotation) in [("landscape-right", "landscape-left", 2),
                                              ("landscape-left", "landscape-right", 8),
                                              ("portrait-upside-down", "portrait-upside-down", 4),
                                              ("portrait", "portrait", 1)] {
            try turnDevice(device)
            try waitForRotation(rotation, file: file, line: line)
            try waitForProperty("OutputOrientation", interface, file: file, line: line)
        }
    }
}
