import Foundation
import GLibBridge
import TestSupport
import XCTest

/// What the phoc and Phosh flow tests share: unmodified apps on the test's Wayland compositor,
/// and orientd's front-window properties waited for together.
extension OutputTestCase {
    /// Starts an unmodified GTK 4 app of `appId` on the test's Wayland socket.
    func startWaylandApp(_ appId: String) throws -> ChildProcess {
        try startUnmodifiedApp(appId, environment: waylandEnvironment.merging(["GDK_BACKEND": "wayland"]) { $1 })
    }

    /// Closes an app as its window manager's close does (SIGTERM ends the fixture's window).
    func closeApp(_ app: ChildProcess) throws {
        app.terminate()
        _ = try app.wait(timeout: deadline)
    }

    /// Waits until `FrontApp` is `appId` and `TrackedWindows` is `windows`.
    func waitForFrontApp(_ appId: String, trackedWindows windows: UInt32, file: StaticString = #filePath, line: UInt = #line) throws {
        var last = ("", UInt32(0))
        try eventually("FrontApp '\(appId)' with \(windows) windows (last: '\(last.0)', \(last.1))",
                       timeout: deadline, file: file, line: line) {
            last = (try managerProperty("FrontApp").string ?? "?", try managerProperty("TrackedWindows").uint32 ?? 0)
            return last == (appId, windows)
        }
    }

    /// The front scene's `Explain` steps, each as one line of text.
    func explainFrontScene() throws -> [String] {
        let front = try XCTUnwrap(managerProperty("FrontScene").string)
        return try callScene(front, "Explain").child(at: 0).children.map { step in
            step.children.map { $0.string ?? ($0.stringArray ?? []).joined(separator: ",") }.joined(separator: " ")
        }
    }
}
