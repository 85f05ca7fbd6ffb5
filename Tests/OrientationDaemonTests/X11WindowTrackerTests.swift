import Foundation
import GLibBridge
import TestSupport
import XCTest
@testable import OrientationDaemon

/// The X11 window tracker against a real Xvfb, a real EWMH window manager (openbox) and
/// real, unmodified GTK 4 app windows; driven the way a user would, with xdotool.
final class X11WindowTrackerTests: XCTestCase {
    /// Generous: a loaded 2-core machine starts X servers and GTK slowly.
    let deadline: Duration = .seconds(60)
    var loop: MainLoop!
    var bus: PrivateBus!
    let seen = LockedValue(Seen())
    let holder = TrackerHolder()
    var processes: [(String, ChildProcess)] = []

    struct Window: Sendable, Equatable {
        var appId: String
        var activated, minimized, fullscreen: Bool
    }

    /// What the tracker reported, as the core would keep it.
    struct Seen: Sendable {
        var attached = 0
        var detached: [String] = []
        var windows: [UInt64: Window] = [:]
        var closed: [UInt64] = []

        func handle(of appId: String) -> UInt64? { windows.first { $0.value.appId == appId }?.key }
    }

    final class TrackerHolder: @unchecked Sendable {
        var tracker: X11WindowTracker?
    }

    override func setUpWithError() throws {
        bus = try PrivateBus()
        loop = MainLoop.startThread(name: "x11-tracker-test")
        addTeardownBlock { [unowned self] in
            if (self.testRun?.totalFailureCount ?? 0) > 0 {
                for (name, process) in self.processes { print("---- \(name) ----\n\(process.standardError)\(process.standardOutput)") }
            }
            let holder = self.holder
            self.loop.sync { holder.tracker?.stop(); holder.tracker = nil }
            self.loop.stopThread()
            for (_, process) in self.processes where process.isRunning { process.stop() }
            self.bus.stop()
        }
    }

    func start(_ name: String, _ argv: [String], display: String) throws -> ChildProcess {
        var environment = bus.sessionEnvironment
        environment["DISPLAY"] = display
        environment["GDK_BACKEND"] = "x11"
        environment["WAYLAND_DISPLAY"] = ""
        let process = try ChildProcess(argv, environment: environment)
        processes.append((name, process))
        return process
    }

    func xdotool(_ arguments: [String], display: String) throws {
        let result = try runCommand(["xdotool"] + arguments, environment: ["DISPLAY": display])
        XCTAssertTrue(result.succeeded, result.description)
    }

    /// Xvfb on `display` (started again there) or on a free one, answering (ProcessSupport's
    /// `XServerLaunch`).
    @discardableResult
    func startXvfb(_ display: String? = nil) throws -> (ChildProcess, String) {
        // The test's `start`, its display the X server's own (its first argument).
        let start: StartProcess = { name, argv, _ in try self.start(name, argv, display: argv.dropFirst().first ?? "") }
        let arguments = XServerLaunch.xvfbArguments(screen: "800x1280x24")
        guard let display else {
            return try XServerLaunch.startServer("Xvfb", arguments, after: 199 + Int(getpid() % 300), timeout: deadline, start: start)
        }
        return (try XServerLaunch.startServerAgain("Xvfb", arguments, on: display, timeout: deadline, start: start), display)
    }

    func startTracker(display: String, entries: DesktopEntries? = nil) {
        let (holder, seen) = (holder, seen)
        loop.sync {
            let log = Log(verbose: true)
            let tracker = X11WindowTracker(display: display, log: log) { windowClass in
                entries.flatMap { DesktopEntry.appId(startupWMClass: windowClass, log: log, entries: $0) }
            }
            holder.tracker = tracker
            tracker.start { event in
                seen.withLock { seen in
                    switch event {
                    case .attached: seen.attached += 1
                    case .detached(let reason): seen.detached.append(reason)
                    case .window(let handle, let appId, let activated, let minimized, let fullscreen):
                        seen.windows[handle] = Window(appId: appId, activated: activated, minimized: minimized, fullscreen: fullscreen)
                    case .closed(let handle):
                        seen.windows[handle] = nil
                        seen.closed.append(handle)
                    }
                }
            }
        }
    }

    func waitFor(_ what: String, file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping (Seen) -> Bool) throws {
        try eventually("\(what); seen: \(seen.value)", timeout: deadline, file: file, line: line) { condition(seen.value) }
    }

    func openWindow(_ appId: String, display: String) throws -> ChildProcess {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/windows/app_window.py").path
        return try start(appId, ["/usr/bin/python3", script, appId], display: display)
    }

    /// A window of a program without GApplication (`legacy_window.py`: no
    /// `_GTK_APPLICATION_ID`, `WM_CLASS` after the program name) is named by its `WM_CLASS`'s class.
    func openLegacyWindow(_ program: String, display: String) throws -> ChildProcess {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/windows/legacy_window.py").path
        return try start(program, ["/usr/bin/python3", script, program], display: display)
    }

    /// Real windows named each way: a GTK app by its `_GTK_APPLICATION_ID` even when an entry
    /// claims its `WM_CLASS` too; a program without one by the entry whose `StartupWMClass` is
    /// its class; a program no entry claims by its class; an entry added later claims the
    /// windows opened after it.
    func testWindowsAreNamedByApplicationIdThenStartupWMClassThenClass() throws {
        let xdg = try XDGFolders(removedAfter: self)
        func entry(_ id: String, startupWMClass: String) throws {
            try xdg.writeDesktopEntry(id, "[Desktop Entry]\nType=Application\nName=\(id)\nExec=/usr/bin/true\nStartupWMClass=\(startupWMClass)\n")
        }
        try entry("org.example.LegacyNotes", startupWMClass: "notes-legacy")
        try entry("org.example.ClaimsPython", startupWMClass: "python3")  // the GTK fixture's WM_CLASS

        let (_, display) = try startXvfb()
        _ = try start("openbox", ["openbox", "--sm-disable"], display: display)
        startTracker(display: display, entries: DesktopEntries(folders: [xdg.applications]))
        try waitFor("attached to openbox") { $0.attached == 1 }

        _ = try openLegacyWindow("notes-legacy", display: display)
        try waitFor("the legacy window named by its entry's StartupWMClass") { $0.handle(of: "org.example.LegacyNotes") != nil }
        _ = try openWindow("org.example.GtkApp", display: display)
        try waitFor("the GTK window named by its application id") { $0.handle(of: "org.example.GtkApp") != nil }
        XCTAssertNil(seen.value.handle(of: "org.example.ClaimsPython"), "\(seen.value)")
        _ = try openLegacyWindow("unclaimed-tool", display: display)
        try waitFor("the unclaimed window named by its class") { $0.handle(of: "unclaimed-tool") != nil }

        try entry("org.example.LaterTool", startupWMClass: "later-tool")
        _ = try openLegacyWindow("later-tool", display: display)
        try waitFor("an entry added later claims a new window") { $0.handle(of: "org.example.LaterTool") != nil }
        XCTAssertEqual(seen.value.windows.count, 4, "\(seen.value)")

        // A window renamed many times in a row ends up named by its last class.
        let handle = try XCTUnwrap(seen.value.handle(of: "unclaimed-tool"))
        for (index, name) in ["notes-legacy", "other-1", "later-tool", "other-2", "notes-legacy", "other-3", "notes-legacy"].enumerated() {
            let result = try runCommand(["xdotool", "set_window", "--class", name, String(handle)], environment: ["DISPLAY": display])
            XCTAssertTrue(result.succeeded, "\(index): \(result)")
        }
        try waitFor("the renamed window is named by its last class's entry") { $0.windows[handle]?.appId == "org.example.LegacyNotes" }
    }

    /// Without a window manager: detached, waiting. With openbox: each GTK app's id, the
    /// activation following the manager (xdotool), minimize, close; the manager leaving and
    /// coming back; the X server going away and coming back.
    func testFollowsOpenboxAndGTKWindowsThroughTheirWholeLives() throws {
        let (xvfb, display) = try startXvfb()
        startTracker(display: display)
        try waitFor("detached: no window manager") { $0.detached.last?.contains("has no EWMH window manager") == true }
        XCTAssertEqual(seen.value.attached, 0)

        var openbox = try start("openbox", ["openbox", "--sm-disable"], display: display)
        try waitFor("attached to openbox") { $0.attached == 1 }

        let one = try openWindow("org.example.TrackedOne", display: display)
        try waitFor("TrackedOne reported, activated") { $0.windows.values.contains(Window(appId: "org.example.TrackedOne", activated: true, minimized: false, fullscreen: false)) }
        let two = try openWindow("org.example.TrackedTwo", display: display)
        try waitFor("TrackedTwo activated, TrackedOne not") {
            $0.windows.values.contains(Window(appId: "org.example.TrackedTwo", activated: true, minimized: false, fullscreen: false))
                && $0.windows.values.contains { $0.appId == "org.example.TrackedOne" && !$0.activated }
        }
        let handleOne = try XCTUnwrap(seen.value.handle(of: "org.example.TrackedOne"))
        let handleTwo = try XCTUnwrap(seen.value.handle(of: "org.example.TrackedTwo"))

        try xdotool(["windowactivate", String(handleOne)], display: display)
        try waitFor("activation moved back to TrackedOne") { $0.windows[handleOne]?.activated == true && $0.windows[handleTwo]?.activated == false }

        try xdotool(["windowminimize", String(handleOne)], display: display)
        try waitFor("TrackedOne minimized") { $0.windows[handleOne]?.minimized == true }

        two.kill()
        try waitFor("TrackedTwo closed") { $0.closed.contains(handleTwo) && $0.windows[handleTwo] == nil }
        XCTAssertTrue(one.isRunning)

        openbox.kill()
        try waitFor("detached: the manager left, its windows closed") {
            $0.detached.last?.contains("the window manager left") == true && $0.windows.isEmpty
        }
        openbox = try start("openbox", ["openbox", "--sm-disable"], display: display)
        try waitFor("attached again, TrackedOne reported again") { $0.attached == 2 && $0.handle(of: "org.example.TrackedOne") != nil }

        xvfb.kill()
        try waitFor("detached: the X server went away") { $0.detached.last?.contains("ended") == true && $0.windows.isEmpty }
        openbox.kill()
        one.kill()
        _ = try xvfb.wait(timeout: deadline)
        // A killed server leaves its lock file, which would stop the next one on the display.
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(display.dropFirst())-lock")
        try startXvfb(display)
        try waitFor("connected again: no window manager on the new server") {
            $0.detached.last?.contains("has no EWMH window manager") == true && $0.detached.count >= 4
        }
    }

    /// Any client can set its properties to anything: a `_GTK_APPLICATION_ID` with control
    /// characters, or far too long, is refused and the `WM_CLASS` class taken instead.
    func testAHostileApplicationIdFallsBackToTheWindowClass() throws {
        let (_, display) = try startXvfb()
        _ = try start("openbox", ["openbox", "--sm-disable"], display: display)
        startTracker(display: display)
        try waitFor("attached to openbox") { $0.attached == 1 }
        _ = try openWindow("org.example.Hostile", display: display)
        try waitFor("Hostile reported") { $0.handle(of: "org.example.Hostile") != nil }
        let handle = try XCTUnwrap(seen.value.handle(of: "org.example.Hostile"))

        let classLine = try runCommand(["xprop", "-id", String(handle), "WM_CLASS"], environment: ["DISPLAY": display])
        let windowClass = try XCTUnwrap(classLine.stdout.split(separator: "\"").dropLast().last.map(String.init), classLine.description)
        for bad in ["org.example.\u{1B}]0;forged\u{07}", String(repeating: "x", count: 5000)] {
            let result = try runCommand(["xprop", "-id", String(handle), "-f", "_GTK_APPLICATION_ID", "8u",
                                         "-set", "_GTK_APPLICATION_ID", bad], environment: ["DISPLAY": display])
            XCTAssertTrue(result.succeeded, result.description)
            try waitFor("the window's app id is its WM_CLASS class \(windowClass)") { $0.windows[handle]?.appId == windowClass }
            try runCommand(["xprop", "-id", String(handle), "-f", "_GTK_APPLICATION_ID", "8u",
                            "-set", "_GTK_APPLICATION_ID", "org.example.Hostile"], environment: ["DISPLAY": display])
                .status.succeeded ? () : XCTFail("xprop could not put the app id back")
            try waitFor("the good app id is taken again") { $0.windows[handle]?.appId == "org.example.Hostile" }
        }
    }
}
