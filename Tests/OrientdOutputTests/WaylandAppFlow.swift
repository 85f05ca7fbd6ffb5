import Foundation
import GLibBridge
@testable import OrientationDaemon
import TestSupport
import XCTest

/// What the phoc and Phosh flow tests share: unmodified apps on the test's Wayland compositor,
/// and orientd's front-window properties waited for together.
extension OutputTestCase {
    /// phoc in a new Xvfb showing `panel`, and orientd with its defaults (and `arguments`) on it (the wlroots
    /// backend and phoc's window list), the device held portrait unless `arguments` ask for a sensor.
    /// `phocConfig`: a phoc.ini's text, such as a phone's mode for the panel.
    func startPhocAndOrientd(panel: String, arguments: [String] = [], verbose: Bool = true, phocConfig: String? = nil) throws {
        let host = try startXvfb(size: "800x1280x24")
        try startPhoc(backends: "x11", output: panel, environment: ["DISPLAY": host], config: phocConfig)
        try launchOrientd(["--output", panel] + arguments, environment: appDataEnvironment.merging(waylandEnvironment) { $1 },
                          verbose: verbose)
        try waitForProperty("OutputBackend", "wlroots")
        try waitForProperty("WindowTracking", "wlroots")
        if arguments.isEmpty { try turnDevice("portrait") }
    }

    /// Starts `appId` beside the app in front and brings its window to the front as a user
    /// tapping it in the task switcher (Phosh's overview) does. phoc activates a new window
    /// itself, but not always: it was seen leaving the focus on the window before when the new
    /// one mapped while the panel turned, and also handing the focus back to that window just
    /// after the switcher activated the new one. So the switcher asks again, as a user taps
    /// again, until the app has stayed in front for a second. These flows check orientd
    /// following the window in front; the tracker's own tests check a new window's activation.
    func startWaylandAppInFront(_ appId: String) throws -> ChildProcess {
        let app = try startUnmodifiedApp(appId)
        let loop = MainLoop.startThread(name: "task-switcher")
        defer { loop.stopThread() }
        let switcher = try TaskSwitcher(socketPath: scratch + "/" + Self.waylandSocket, on: loop)
        defer { switcher.close() }
        var asked: ContinuousClock.Instant?
        var inFrontSince: ContinuousClock.Instant?
        var front = ""
        try eventually("\(appId) in front for a second through the task switcher (FrontApp: '\(front)')", timeout: deadline) {
            front = try managerProperty("FrontApp").string ?? "?"
            guard front == appId else {
                inFrontSince = nil
                if asked.map({ ContinuousClock.now - $0 > .seconds(2) }) ?? true, switcher.request(.activate, appId) {
                    asked = ContinuousClock.now
                }
                return false
            }
            let since = inFrontSince ?? ContinuousClock.now
            inFrontSince = since
            return ContinuousClock.now - since >= .seconds(1)
        }
        return app
    }

    /// The user's policy pins `game`, an app that declares nothing, to landscape-left while
    /// `notes`, which declares nothing either, follows the device (held portrait): `Explain`
    /// names the policy, and the panel goes back to portrait with notes in front, also once the
    /// game is closed. `startOrientd` starts orientd (and the compositor when not yet started)
    /// once the two desktop entries are written.
    func checkTheUsersPolicyPinsAnUnmodifiedApp(_ game: String, beside notes: String, startOrientd: () throws -> Void,
                                                file: StaticString = #filePath, line: UInt = #line) throws {
        try writeDesktopEntry(game, orientations: nil)
        try writeDesktopEntry(notes, orientations: nil)
        try startOrientd()
        try callManager("SetAppPolicy", [.s(game), .vardict(["allowed-orientations": .strings(["landscape-left"])])])

        let app = try startUnmodifiedApp(game)
        try waitForFrontApp(game, trackedWindows: 1, file: file, line: line)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns, timeout: deadline, file: file, line: line)
        let steps = try explainFrontScene()
        XCTAssertTrue(steps.contains { $0.contains("The user's policy for \(game) gives the window its orientations") },
                      "Explain names the user's policy: \(steps)", file: file, line: line)

        _ = try startWaylandAppInFront(notes)
        try waitForFrontApp(notes, trackedWindows: 2, file: file, line: line)
        try compositor.waitForPanel(.normal, timeout: deadline, file: file, line: line)
        try closeApp(app)
        try waitForFrontApp(notes, trackedWindows: 1, file: file, line: line)
        try compositor.waitForPanel(.normal, timeout: deadline, file: file, line: line)
    }

    /// Closes an app as its window manager's close does (SIGTERM ends the fixture's window).
    func closeApp(_ app: ChildProcess) throws {
        app.terminate()
        _ = try app.wait(timeout: deadline)
    }

    /// Waits until `FrontApp` is `appId` and `TrackedWindows` is `windows` (nil: any number).
    func waitForFrontApp(_ appId: String, trackedWindows windows: UInt32?, file: StaticString = #filePath, line: UInt = #line) throws {
        var last = ("", UInt32(0))
        try eventually("FrontApp '\(appId)' with \(windows.map(String.init) ?? "any number of") windows (last: '\(last.0)', \(last.1))",
                       timeout: deadline, file: file, line: line) {
            last = (try managerProperty("FrontApp").string ?? "?", try managerProperty("TrackedWindows").uint32 ?? 0)
            return last.0 == appId && (windows == nil || last.1 == windows)
        }
    }

    /// The front scene's `Explain` steps, each as one line of text.
    /// `ExplainPanel("")`'s steps, each as its name, mask and sentence on one line.
    func explainPanelLines() throws -> [String] {
        try callManager("ExplainPanel", [.s("")]).child(at: 0).children.map { step in
            step.children.map { $0.string ?? ($0.stringArray ?? []).joined(separator: ",") }.joined(separator: " ")
        }
    }

    func explainFrontScene() throws -> [String] {
        let front = try XCTUnwrap(managerProperty("FrontScene").string)
        return try callScene(front, "Explain").child(at: 0).children.map { step in
            step.children.map { $0.string ?? ($0.stringArray ?? []).joined(separator: ",") }.joined(separator: " ")
        }
    }
}
