import Foundation
import TestSupport
import XCTest

/// A client mapping a thousand windows on real phoc cannot blind orientd to the app the user
/// opens next: the window limit holds the flood to its share (its newest windows), and the
/// user's landscape-only app, in front, is followed and turns the panel.
final class WindowFloodTests: OutputTestCase {
    static let game = "org.example.FloodedGame"
    static let flood = "org.example.Flood"
    static let panel = "X11-1"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/many_windows.py").path

    func testAThousandWindowsOfOneClientCannotHideTheAppTheUserOpens() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try startPhocAndOrientd(panel: Self.panel)
        let flood = try compositor.openWindow(["/usr/bin/python3", Self.script, Self.flood, "1000"], name: "the flooding client",
                                              environment: ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none"],
                                              start: startProcess)
        try eventually("the flood's windows mapped: \(flood.standardOutput)\(flood.standardError)", timeout: .seconds(240)) {
            if let status = flood.exitStatus { throw TestSupportError("the flooding client exited (\(status)): \(flood.standardError)") }
            return flood.standardOutput.contains("shown 1000")
        }
        // The flood holds its share, not the whole limit.
        try eventually("the flood followed up to its share", timeout: deadline) {
            try managerProperty("TrackedWindows").uint32 == 100
        }
        _ = try startWaylandAppInFront(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: nil)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
    }
}
