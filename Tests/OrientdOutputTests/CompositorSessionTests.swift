import TestSupport
import XCTest

/// The compositor library's own promise, for each compositor of the GNOME and X11 families it
/// starts: the panel reported upright at start, each turn made through the compositor's own
/// settings reported back by the compositor, and nothing of it left running after a stop.
final class CompositorSessionTests: OutputTestCase {
    func testMutterReportsEachTurnOfItsPanel() throws {
        try checkTurnsAndStop(try startMutterSession())
    }

    func testGnomeShellReportsEachTurnOfItsPanel() throws {
        let shell = try startGnomeShellSession(extensionEnabled: false)
        try checkTurnsAndStop(shell)
        XCTAssertFalse(shell.logind.isRunning, "logind ends with the Shell")
    }

    func testXephyrReportsEachTurnOfItsPanel() throws {
        let screen = try startXephyrScreen(managed: true)
        try checkTurnsAndStop(screen)
        XCTAssertFalse(screen.host.server.isRunning || screen.windowManager?.isRunning == true, "Xvfb and openbox end with Xephyr")
    }

    private func checkTurnsAndStop(_ compositor: Compositor, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try compositor.panelTransform(), .normal, "\(compositor.name) starts upright", file: file, line: line)
        for transform in [PanelTransform.quarter, .half, .threeQuarters, .normal] {
            try compositor.turnPanel(to: transform)
            try compositor.waitForPanel(transform, timeout: deadline, file: file, line: line)
        }
        compositor.stop()
        XCTAssertFalse(compositor.process.isRunning, "\(compositor.name) ends at stop()", file: file, line: line)
    }
}
