import Foundation
import GLibBridge
import Glibc
import TestSupport

/// Following the window in front: how long after a task switcher activates an unmodified
/// app's window the app in front is given the turned panel, on a real phoc (nested in Xvfb,
/// so that it has a seat and GTK 4 maps windows) with orientd's wlroots window tracker and
/// output backend. Two real GTK 4 apps run maximized: one declares landscape in its desktop
/// entry, the other portrait. Each round the benchmark activates the other one (as a shell's
/// task switcher does) and takes the time, from the request to the moment that app's window
/// is given a size of the new orientation: the compositor reported the activation, orientd
/// turned the panel, the compositor applied it and re-laid out the window, and the app saw
/// it. Both instants are CLOCK_MONOTONIC: the start in this process, the end in the app's
/// (`Tests/Fixtures/windows/app_window.py --report`).
enum WindowSection {
    static let landscapeApp = "bench.windows.Game"
    static let portraitApp = "bench.windows.Notes"

    static func run(_ options: BenchOptions, _ report: Report) throws {
        let rounds = options.quick ? 5 : 20
        print("Windows: \(rounds) switches between two GTK 4 apps on phoc (wlroots tracker and output backend)")
        fflushAll()
        guard let script = appScript() else {
            throw BenchError("Tests/Fixtures/windows/app_window.py is not above \(OrientdInstance.productsDirectory): run from the source tree")
        }
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let bus = try PrivateBus()
        defer { bus.stop() }
        var env = bus.sessionEnvironment
        env["XDG_RUNTIME_DIR"] = scratch
        env["GSETTINGS_BACKEND"] = "memory"
        env["WAYLAND_DISPLAY"] = ""

        let (xvfb, display) = try startXvfb(env)
        defer { xvfb.stop() }
        let config = scratch + "/phoc.ini"
        try "[output:X11-1]\nmode = 480x800\n".write(toFile: config, atomically: true, encoding: .utf8)
        var phocEnv = env
        phocEnv.merge(["DISPLAY": display, "WLR_BACKENDS": "x11", "WLR_RENDERER": "pixman"]) { $1 }
        let phoc = try ChildProcess(["phoc", "-C", config], environment: phocEnv)
        defer { phoc.stop() }
        var switcher: TaskSwitcher?
        try eventually("phoc accepts on \(scratch)/wayland-0", timeout: .seconds(60)) {
            if let status = phoc.exitStatus { throw BenchError("phoc exited (\(status)): \(phoc.standardError)") }
            switcher = try? TaskSwitcher(socketPath: scratch + "/wayland-0")
            return switcher != nil
        }
        defer { switcher?.stop() }
        env["WAYLAND_DISPLAY"] = "wayland-0"

        try writeEntries(scratch + "/data/applications")
        var orientdEnv = env
        orientdEnv.merge(["XDG_DATA_DIRS": scratch + "/data", "XDG_DATA_HOME": scratch + "/data-home"]) { $1 }
        let orientd = try OrientdInstance(
            arguments: ["--sensor", "none", "--output-backend", "wlroots", "--output", "X11-1", "--window-tracking", "wlroots"],
            environment: orientdEnv, bus: bus, stateHome: scratch + "/state")
        defer { orientd.stop() }
        let probe = try bus.connect()
        defer { probe.close() }
        let peer = try probe.nameOwner(Names.bus)!
        try eventually("orientd turns X11-1 and follows phoc's windows", timeout: .seconds(60)) {
            try OutputSection.property(probe, peer, "OutputBackend") == "wlroots"
                && OutputSection.property(probe, peer, "WindowTracking") == "wlroots"
        }
        try probe.manager(peer, "SetSettleTime", [Variant(uint32: 0)])

        var appEnv = env
        appEnv.merge(["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none"]) { $1 }
        var apps: [String: ChildProcess] = [:]
        defer { apps.values.forEach { $0.stop() } }
        for appId in [portraitApp, landscapeApp] {
            let app = try ChildProcess(["/usr/bin/python3", script, appId, "--maximize", "--report"], environment: appEnv)
            apps[appId] = app
            guard try app.firstLineOfOutput(timeout: .seconds(60)) == "shown" else {
                throw BenchError("\(appId) did not start: \(app.standardError)")
            }
        }
        guard let switcher else { throw BenchError("no task switcher") }
        var handles: [String: UInt64] = [:]
        try eventually("phoc lists both windows", timeout: .seconds(60)) {
            try switcher.pump()
            handles = [portraitApp: switcher.window(of: portraitApp), landscapeApp: switcher.window(of: landscapeApp)]
                .compactMapValues { $0 }
            return handles.count == 2
        }

        var latencies: [Double] = []
        for round in 0..<(rounds + 2) {
            let appId = round % 2 == 0 ? portraitApp : landscapeApp
            let start = monotonicNanoseconds()
            try switcher.activate(handles[appId]!)
            var turned: UInt64?
            try eventually("\(appId)'s window is given a \(appId == landscapeApp ? "landscape" : "portrait") size; orientd's log:\n\(orientd.log)",
                           timeout: .seconds(20)) {
                try switcher.pump(milliseconds: 5)
                turned = firstSize(in: apps[appId]!.standardOutput, landscape: appId == landscapeApp, after: start)
                return turned != nil
            }
            // Two rounds of warm-up.
            if round >= 2 { latencies.append(Double(turned! - start) / 1e6) }
        }
        report.spread("windows.phoc", "window activated until the app in front has the turned panel, phoc", Spread(latencies), "ms",
                      atMost: 50)
    }

    /// The first time after `after` that the app's report gives its window a size of the
    /// wanted orientation (wider than tall for landscape).
    static func firstSize(in output: String, landscape: Bool, after: UInt64) -> UInt64? {
        for line in output.split(separator: "\n") where line.hasPrefix("size ") {
            let words = line.split(separator: " ")
            guard words.count == 3, let time = UInt64(words[2]), time >= after else { continue }
            let size = words[1].split(separator: "x").compactMap { Int($0) }
            guard size.count == 2 else { continue }
            if (size[0] > size[1]) == landscape { return time }
        }
        return nil
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// The fixture app in the source tree above the built products.
    static func appScript() -> String? {
        var folder = OrientdInstance.productsDirectory
        while folder.count > 1 {
            let candidate = folder + "/Tests/Fixtures/windows/app_window.py"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    static func writeEntries(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (appId, orientations) in [(landscapeApp, "landscape"), (portraitApp, "portrait")] {
            let entry = "[Desktop Entry]\nType=Application\nName=\(appId)\nExec=/usr/bin/true\nX-Orientd-SupportedOrientations=\(orientations)\n"
            try entry.write(toFile: "\(folder)/\(appId).desktop", atomically: true, encoding: .utf8)
        }
    }

    /// Xvfb on a display number no other server holds; waits until its socket is there.
    static func startXvfb(_ env: [String: String]) throws -> (ChildProcess, String) {
        var number = 300 + Int(getpid() % 300)
        for _ in 0..<20 {
            while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
            let server = try ChildProcess(["Xvfb", ":\(number)", "-screen", "0", "1000x1000x24", "-nolisten", "tcp"], environment: env)
            try eventually("Xvfb :\(number) listens", timeout: .seconds(30)) {
                server.exitStatus != nil || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            }
            if server.isRunning { return (server, ":\(number)") }
            number += 1
        }
        throw BenchError("no free X display number for Xvfb")
    }
}
