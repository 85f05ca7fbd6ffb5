import Foundation
import TestSupport
import XCTest

/// An X screen as a desktop has it: Xephyr (a rotatable RandR screen) inside Xvfb, openbox as
/// the EWMH window manager, orientd following its windows with the x11 backend.
extension OutputTestCase {
    /// Xephyr (a panel of `size`) in Xvfb with openbox managing it; returns Xephyr's display.
    func startWindowManagedScreen(size: String = "800x1280x24") throws -> String {
        try startXephyrScreen(panel: size, managed: true).display
    }

    func appEnvironment(_ display: String) -> [String: String] { ["DISPLAY": display, "GDK_BACKEND": "x11"] }

    /// Waits until the X server shows the panel turned to a landscape (left or right); returns which.
    func waitForLandscape(display: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        var last: String?
        try eventually("default turned landscape on \(display) (last: \(last ?? "none"))", timeout: deadline, file: file, line: line) {
            last = try xrandrRotation("default", display: display)
            return last == "left" || last == "right"
        }
        return last!
    }

    func launchOrientdFollowingWindows(display: String, _ arguments: [String] = []) throws {
        try launchOrientd(["--output-backend", "x11", "--output", "default", "--window-tracking", "auto"] + arguments,
                          environment: appDataEnvironment.merging(["DISPLAY": display]) { $1 })
        try waitForProperty("OutputBackend", "x11")
        try waitForProperty("WindowTracking", "x11")
    }
}
