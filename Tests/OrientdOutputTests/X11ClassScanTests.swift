import Foundation
import TestSupport
import XCTest

/// The StartupWMClass scan (a window known only by its `WM_CLASS`) over hostile
/// `applications` folders, from outside: Xvfb, openbox, a real GTK 4 window without
/// `_GTK_APPLICATION_ID`, and the built orientd with its x11 window tracker.
final class X11ClassScanTests: OutputTestCase {
    /// The bound a bystander's RegisterScene is answered in while the scan runs.
    static let bystanderBound = Duration.seconds(2)

    /// 2,000 symbolic links to `.` in a subfolder of `$XDG_DATA_HOME/applications` (before:
    /// the scan ran at 100 % CPU for good holding the desktop-entry lock, RegisterScene timed
    /// out, SIGTERM was ignored). The scan lists that folder once, finds the entry claiming
    /// the class in `$XDG_DATA_DIRS`, and a bystander is answered meanwhile.
    func testSymlinkLoopsUnderAnApplicationsFolderNeitherHangNorBlockOrientd() throws {
        let loop = scratch + "/data-home/applications/loop"
        try FileManager.default.createDirectory(atPath: loop, withIntermediateDirectories: true)
        for index in 0..<2_000 {
            try FileManager.default.createSymbolicLink(atPath: loop + "/l\(index)", withDestinationPath: ".")
        }
        try writeDesktopEntry("org.example.X11Reader", orientations: "landscape", extraLines: ["StartupWMClass=x11-reader"])
        let display = try startXvfb()
        try startOpenbox(on: display)
        try launchOrientd(["--output-backend", "none", "--window-tracking", "x11"],
                          environment: appDataEnvironment.merging(["DISPLAY": display]) { $1 })
        try waitForProperty("WindowTracking", "x11")

        let env = ["GSK_RENDERER": "cairo", "GTK_A11Y": "none", "DISPLAY": display, "GDK_BACKEND": "x11"]
        let reader = try start("x11-reader", ["/usr/bin/python3", X11FrontWindowTests.legacyWindowScript, "x11-reader"], environment: env)
        XCTAssertEqual(try reader.firstLineOfOutput(timeout: deadline), "shown", reader.standardError)
        // A bystander registers (its entry is looked up by id) for 3 s while the window's class is looked up.
        var slowest = Duration.zero
        let clock = ContinuousClock()
        let until = clock.now + .seconds(3)
        while clock.now < until {
            let took = try clock.measure {
                let path = try callManager("RegisterScene", [.vardict(["app-id": .s("org.example.Bystander")])]).child(at: 0)
                try callManager("UnregisterScene", [path])
            }
            slowest = max(slowest, took)
        }
        XCTAssertLessThanOrEqual(slowest, Self.bystanderBound, "the bystander's slowest RegisterScene and UnregisterScene")
        try waitForProperty("FrontApp", "org.example.X11Reader")
        let stopped = clock.now
        XCTAssertEqual(orientd.stop(timeout: .seconds(10)), .exited(0), "SIGTERM ends orientd")
        print("RELIABILITY symlink loop under applications: 2,000 links to '.'; the window's entry found through StartupWMClass; the bystander's slowest RegisterScene and UnregisterScene \(slowest); SIGTERM ended orientd in \(clock.now - stopped)")
    }
}
