import Foundation
import TestSupport
import XCTest

/// The direction is right, not only the number: a real wlroots compositor (phoc) draws into
/// an X window that stands for the physical 800×1280 portrait panel (WLR_BACKENDS=x11 inside
/// Xvfb), a real GTK 4 window whose top is marked red fills it, orientd turns the output, and
/// the frame captured from the X server (xwd) shows where the window's top lies on the panel.
///
/// Interface landscape-left is the device held with its left edge up (iio-sensor-proxy's
/// `left-up`): the content's top must lie along the panel's left edge, so the user reads it
/// upright; landscape-right along the right edge.
final class FrameDirectionTests: OutputTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/output/marked_window.py").path

    func testTheContentsTopLiesAlongTheEdgeThatIsUp() throws {
        let host = try startXvfb(size: "800x1280x24")
        try startPhoc(backends: "x11", output: "X11-1", environment: ["DISPLAY": host])
        // The X window is the panel: as large as the screen, from its corner.
        try wlrRandr(["--output", "X11-1", "--custom-mode", "800x1280"])
        try openGtkWindow(["/usr/bin/python3", Self.fixture], name: "marked window")

        try launchOrientd(["--output-backend", "wlroots", "--output", "X11-1"], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "wlroots")
        // The window's own app registers its scene: it speaks for itself, and since its window
        // is the activated one (orientd follows phoc's window list), its scene is in front.
        _ = try registerScene("org.example.MarkedTop")
        try waitForMarkedEdge(.top, display: host)

        try turnDevice("landscape-right")
        try waitForProperty("OutputOrientation", "landscape-left")
        try waitForMarkedEdge(.left, display: host)

        try turnDevice("landscape-left")
        try waitForProperty("OutputOrientation", "landscape-right")
        try waitForMarkedEdge(.right, display: host)

        try turnDevice("portrait-upside-down")
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        try waitForMarkedEdge(.bottom, display: host)
    }
}
