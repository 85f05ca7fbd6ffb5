import Foundation
import TestSupport
import XCTest

/// Real X servers for the x11 backend's tests and the frame capture: Xvfb (which cannot
/// rotate) and Xephyr inside it (which can), started and read through the compositor library
/// (`XServerLaunch`, `XephyrScreen`).
extension OutputTestCase {
    /// Where the test's search for a free display number starts (each test process its own).
    static var firstDisplay: Int { 100 + Int(getpid() % 400) }

    /// Starts openbox on `display` and waits until it manages the screen (started again when
    /// it could not open the display: `XServerLaunch.startOpenbox`).
    func startOpenbox(on display: String) throws {
        _ = try XServerLaunch.startOpenbox(on: display, environment: childEnvironment, timeout: deadline, start: startProcess)
    }

    /// A display number after `after` that no X server holds (no lock file, no socket).
    func freeDisplay(after: Int = firstDisplay) -> String {
        ":\(XServerLaunch.freeDisplay(after: after))"
    }

    /// Xvfb with one screen of `size` (`WxHxD`) on a free display, once it answers xrandr.
    func startXvfb(size: String = "800x1280x24") throws -> String {
        try XServerLaunch.startServer("Xvfb", XServerLaunch.xvfbArguments(screen: size), after: Self.firstDisplay,
                                      environment: childEnvironment, timeout: deadline, start: startProcess).display
    }

    /// Xephyr showing a "panel" of `size` (800×1280 unless given; its output is called
    /// `default`) inside `host`; on `display` when given (started again there).
    @discardableResult
    func startXephyr(inside host: String, display: String? = nil, size: String = "800x1280x24") throws -> (ChildProcess, String) {
        let (arguments, environment) = (XServerLaunch.xephyrArguments(screen: size), childEnvironment.merging(["DISPLAY": host]) { $1 })
        guard let display else {
            return try XServerLaunch.startServer("Xephyr", arguments, after: Self.firstDisplay, environment: environment,
                                                 timeout: deadline, start: startProcess)
        }
        return (try XServerLaunch.startServerAgain("Xephyr", arguments, on: display, environment: environment,
                                                   timeout: deadline, start: startProcess), display)
    }

    /// Xephyr (a panel of `panel`) in an Xvfb of its own, openbox managing it when `managed`;
    /// the test's `compositor` from then on.
    func startXephyrScreen(panel: String = "800x1280x24", managed: Bool = false) throws -> XephyrScreen {
        let screen = try XephyrScreen(panel: panel, managed: managed, after: Self.firstDisplay, environment: childEnvironment,
                                      timeout: deadline, start: startProcess)
        compositor = screen
        return screen
    }

    /// The rotation `xrandr -q` lists for `output` on `display` (normal when it lists none).
    func xrandrRotation(_ output: String, display: String) throws -> String? {
        try XServerLaunch.rotation(of: output, display: display, environment: childEnvironment)
    }
}

/// A Xephyr inside its own Xvfb that a conformance suite stops and starts again on the same
/// display (the peer going away and coming back).
final class RestartableXephyr {
    /// The screen, once started.
    private(set) var screen: XephyrScreen?
    var display: String { screen?.display ?? "" }

    /// Starts the screen, or Xephyr again on its display; the screen is `test`'s `compositor`
    /// (which a conformance suite stops).
    func start(in test: OutputTestCase) throws {
        if let screen {
            try screen.startAgain(start: test.startProcess)
            test.compositor = screen
        } else {
            screen = try test.startXephyrScreen()
        }
    }
}
