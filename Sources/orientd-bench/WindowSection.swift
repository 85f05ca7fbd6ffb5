import Foundation
import GLibBridge
import OrientationCore
import OrientationWire
import Glibc
import ProcessSupport

/// Following the window in front: how long after a task switcher activates an unmodified
/// app's window the app in front is given the turned panel, on real compositors with orientd's
/// window tracker and output backend for each. Two real GTK 4 apps run maximized: one declares
/// landscape in its desktop entry, the other portrait. Each round the benchmark activates the
/// other one (as a shell's task switcher does) and takes the time from the request to the
/// moment that app's window is given a size of the new orientation: the compositor reported
/// the activation, orientd turned the panel, the compositor applied it and re-laid out the
/// window, and the app saw it. Both instants are CLOCK_MONOTONIC: the start in this process,
/// the end in the app's (`Tests/Fixtures/windows/app_window.py --report`). On GNOME Shell (43,
/// and Debian 13's 48) the end is mutter's MonitorsChanged announcing the turned panel: mutter
/// does not lay out a window hidden behind another, so one that comes back to the orientation
/// it last had reports no new size. On Phosh it is the app's, as on phoc (`PhoshCompositor`).
enum WindowSection {
    static let landscapeApp = "bench.windows.Game"
    static let portraitApp = "bench.windows.Notes"
    static let followerApp = "bench.windows.Reader"

    static func run(_ options: BenchOptions, _ report: Report) throws {
        let rounds = options.quick ? 5 : 20
        guard let tree = BenchBinaries.sourceTree else {
            throw BenchError("Tests/Fixtures/windows/app_window.py is not in the source tree this program was built in")
        }
        let script = tree + "/Tests/Fixtures/windows/app_window.py"
        for starter in compositors where options.wants(compositor: starter.name) {
            let scratch = try OrientdInstance.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let bus = try PrivateBus()
            defer { bus.stop() }
            var env = bus.sessionEnvironment
            env["XDG_RUNTIME_DIR"] = scratch
            env["GSETTINGS_BACKEND"] = "memory"
            if starter.fullRunOnly && options.quick {
                print("Windows on \(starter.name): not measured: \(TargetSummary.fullRunOnly)")
                continue
            }
            let compositor: SwitchingCompositor
            do {
                compositor = try starter.start(.init(scratch: scratch, environment: env, bus: bus, sourceTree: tree))
            } catch let skip as BenchSkip {
                print("Windows on \(starter.name): not measured: \(skip)")
                fflushAll()
                continue
            }
            defer { compositor.stop() }
            print("Windows: \(rounds) switches between two GTK 4 apps on \(compositor.name) (\(compositor.trackerName) tracker, \(compositor.backendName) output backend)")
            fflushAll()
            // Where orientd follows a mock sensor too: the device's whole path.
            let sensor = starter.followsSensor ? try MockSensor(sourceTree: tree, workDirectory: scratch + "/sensor") : nil
            defer { sensor?.stop() }
            let (latencies, readings) = try switches(on: compositor, rounds: rounds, script: script, scratch: scratch, bus: bus,
                                                     environment: env.merging(compositor.environment) { $1 }, sensor: sensor)
            let figure = compositor.readsThePanel
                ? "window activated until the compositor announces the turned panel, \(compositor.name)"
                : "window activated until the app in front has the turned panel, \(compositor.name)"
            if let limit = compositor.latencyLimit {
                report.spread("windows.\(compositor.name)", figure, Spread(latencies), "ms", atMost: limit)
            } else {
                report.spread("windows.\(compositor.name)", figure, Spread(latencies), "ms")
            }
            reportReadings(readings, on: compositor.name, focus: Spread(latencies).median, report)
        }
    }

    /// The compositors the section switches windows on, in order.
    static let compositors: [CompositorStarter] = [
        CompositorStarter(name: "phoc", followsSensor: true) { try PhocCompositor(scratch: $0.scratch, environment: $0.environment) },
        CompositorStarter(name: "gnome") {
            try GnomeShellCompositor(scratch: $0.scratch, environment: $0.environment, bus: $0.bus, sourceTree: $0.sourceTree)
        },
        CompositorStarter(name: "x11") { try X11Compositor(environment: $0.environment) },
        CompositorStarter(name: "kwin", fullRunOnly: true) {
            try KWinCompositor(scratch: $0.scratch, environment: $0.environment, orientd: BenchBinaries.orientd)
        },
        CompositorStarter(name: "gnome48", fullRunOnly: true) {
            try GnomeShellCompositor(scratch: $0.scratch, environment: $0.environment, bus: $0.bus, sourceTree: $0.sourceTree,
                                     root: try $0.debian13Root())
        },
        CompositorStarter(name: "phosh46", fullRunOnly: true) {
            try PhoshCompositor(scratch: $0.scratch, environment: $0.environment, bus: $0.bus, root: try $0.debian13Root())
        },
    ]

    /// The rounds on one compositor: each one's time in milliseconds (after two of warm-up).
    static func switches(on compositor: SwitchingCompositor, rounds: Int, script: String, scratch: String,
                         bus: PrivateBus, environment env: [String: String], sensor: MockSensor?) throws -> ([Double], [(UInt32, [Double])]) {
        try writeEntries(scratch + "/data/applications")
        var orientdEnv = env
        orientdEnv.merge(["XDG_DATA_DIRS": scratch + "/data", "XDG_DATA_HOME": scratch + "/data-home"]) { $1 }
        orientdEnv.merge(sensor?.environment ?? [:]) { $1 }
        let verbose = ProcessInfo.processInfo.environment["ORIENTD_BENCH_DEBUG"] != nil ? ["--verbose"] : []
        let orientd = try OrientdInstance(busName: Names.bus, arguments: ["--sensor", sensor == nil ? "none" : "iio"] + verbose + compositor.orientdArguments,
                                          environment: orientdEnv, bus: bus, stateHome: scratch + "/state")
        defer { orientd.stop() }
        let probe = try bus.connect()
        defer { probe.close() }
        let peer = try probe.nameOwner(Names.bus)!
        try eventually("orientd turns the panel and follows \(compositor.name)'s windows; its log:\n\(orientd.log)", timeout: .seconds(60)) {
            try OutputSection.property(probe, peer, ManagerProperty.outputBackend.rawValue) == compositor.backendName
                && OutputSection.property(probe, peer, ManagerProperty.windowTracking.rawValue) == compositor.trackerName
        }
        try probe.manager(peer, .setSettleTime, [Variant(uint32: 0)])

        var appEnv = env
        appEnv.merge(["GDK_BACKEND": compositor.gdkBackend, "GSK_RENDERER": "cairo", "GTK_A11Y": "none"]) { $1 }
        var apps: [String: ChildProcess] = [:]
        defer { apps.values.forEach { _ = $0.stop() } }
        for appId in [portraitApp, landscapeApp] {
            let app = try ChildProcess(["/usr/bin/python3", script, appId, "--maximize", "--report"], environment: appEnv)
            apps[appId] = app
            // With --report, a "size" or "active" line can come before "shown".
            try app.waitForLine("shown", timeout: .seconds(60))
            // Activated before the next starts (a compositor may activate a new window by
            // itself, or not): an activation on map coming after the first round's would undo it.
            try compositor.waitForWindows(of: [appId])
            try compositor.activate(appId)
            try eventually("orientd has \(appId)'s new window in front on \(compositor.name); the apps' reports:\n\(reports(apps))\norientd's log:\n\(orientd.log)",
                           timeout: .seconds(60)) {
                try compositor.pump()
                return try OutputSection.property(probe, peer, ManagerProperty.frontApp.rawValue) == appId
            }
        }
        try eventually("the panel turns for \(landscapeApp), activated last; the apps' reports:\n\(reports(apps))\norientd's log:\n\(orientd.log)",
                       timeout: .seconds(60)) {
            try compositor.pump()
            return try compositor.readsThePanel ? compositor.panelTurned(landscape: true, after: 0) != nil
                : firstSize(in: apps[landscapeApp]!.standardOutput, landscape: true, after: 0) != nil
        }

        var latencies: [Double] = []
        for round in 0..<(rounds + 2) {
            let appId = round % 2 == 0 ? portraitApp : landscapeApp
            let idle = ContinuousClock.now + compositor.idleBeforeRound
            while ContinuousClock.now < idle { try compositor.pump() }
            let start = monotonicNanoseconds()
            try compositor.activate(appId)
            var turned: UInt64?
            try eventually("\(appId)'s window is given a \(appId == landscapeApp ? "landscape" : "portrait") size on \(compositor.name) in round \(round); the apps' reports:\n\(reports(apps))\norientd's log:\n\(orientd.log)",
                           timeout: .seconds(20)) {
                try compositor.pump()
                if compositor.readsThePanel {
                    turned = try compositor.panelTurned(landscape: appId == landscapeApp, after: start)
                } else {
                    turned = firstSize(in: apps[appId]!.standardOutput, landscape: appId == landscapeApp, after: start)
                }
                return turned != nil
            }
            // Two rounds of warm-up.
            if round >= 2 { latencies.append(Double(turned! - start) / 1e6) }
        }
        guard let sensor else { return (latencies, []) }
        let follower = try ChildProcess(["/usr/bin/python3", script, followerApp, "--maximize", "--report"], environment: appEnv)
        apps[followerApp] = follower
        try follower.waitForLine("shown", timeout: .seconds(60))
        let readings = try readings(of: sensor, on: compositor, rounds: rounds, app: follower, probe: probe, orientd: peer,
                                    failure: { "the apps' reports:\n\(reports(apps))\norientd's log:\n\(orientd.log)" })
        return (latencies, readings)
    }

    /// What each app printed so far, for a failure's message.
    static func reports(_ apps: [String: ChildProcess]) -> String {
        apps.keys.sorted().map { "\($0):\n\(apps[$0]!.standardOutput)" }.joined(separator: "\n")
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

    static func writeEntries(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The follower's entry declares nothing: it follows the device both ways.
        for (appId, orientations) in [(landscapeApp, "landscape"), (portraitApp, "portrait"), (followerApp, "")] {
            let declared = orientations.isEmpty ? "" : "X-Orientd-SupportedOrientations=\(orientations)\n"
            let entry = "[Desktop Entry]\nType=Application\nName=\(appId)\nExec=/usr/bin/true\n" + declared
            try entry.write(toFile: "\(folder)/\(appId).desktop", atomically: true, encoding: .utf8)
        }
    }
}
