import Foundation
import TestSupport
import XCTest

/// An X screen as a desktop has it: Xephyr (a rotatable RandR screen) inside Xvfb, openbox as
/// the EWMH window manager, orientd following its windows with the x11 backend.
extension OutputTestCase {
    /// Xephyr (a panel of `size`) in Xvfb with openbox managing it (the test's `compositor`);
    /// returns Xephyr's display.
    func startWindowManagedScreen(size: String = "800x1280x24") throws -> String {
        try startXephyrScreen(panel: size, managed: true).display
    }

    func launchOrientdFollowingWindows(display: String, _ arguments: [String] = []) throws {
        try launchOrientd(["--output-backend", "x11", "--output", "default", "--window-tracking", "auto"] + arguments,
                          environment: appDataEnvironment.merging(["DISPLAY": display]) { $1 })
        try waitForProperty("OutputBackend", "x11")
        try waitForProperty("WindowTracking", "x11")
    }
}
