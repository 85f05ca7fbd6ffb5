import Foundation
import TestSupport
import XCTest

/// ProcessSupport's `Compositor` shape on each real compositor it has, without orientd: the
/// panel reported upright at start, each turn made as the user's display settings make one read
/// back through the compositor's own interface (`waitForPanel`), a Wayland client sent to the
/// compositor's socket, and nothing of it left running after `stop`. The shape the tests and
/// the benchmark read and turn every compositor through must itself say what the compositor shows.
final class CompositorSessionTests: OutputTestCase {
    func testKWinSessionReadsAndTurnsThePanel() throws {
        let launch = KWinLaunch(scratch: scratch, sourceTree: Self.repositoryRoot, configHome: scratch + "/config")
        let kwin = try KWinSession.start(launch, runtimeFolder: scratch, toolEnvironment: childEnvironment, start: startProcess)
        try kwin.waitUntilServing(timeout: deadline)
        try checkReadsTurnsAndStops(kwin, waylandSocket: Self.waylandSocket)
    }

    func testHeadlessPhocSessionReadsAndTurnsThePanel() throws {
        let phoc = try PhocSession.start(PhocLaunch(), output: "HEADLESS-1", runtimeFolder: scratch,
                                         toolEnvironment: childEnvironment, start: startProcess)
        try phoc.waitUntilListed(timeout: deadline)
        try checkReadsTurnsAndStops(phoc, waylandSocket: Self.waylandSocket)
    }

    /// Phosh reports through its DisplayConfig the turns phoc's output management makes.
    func testPhoshSessionReadsAndTurnsThePanel() throws {
        try checkReadsTurnsAndStops(startRealPhosh().phosh, waylandSocket: Self.waylandSocket)
    }

    func testMutterSessionReadsAndTurnsThePanel() throws {
        try checkReadsTurnsAndStops(try startMutter())
    }

    func testGnomeShellSessionReadsAndTurnsThePanel() throws {
        let shell = try startGnomeShell(extensionEnabled: false)
        try checkReadsTurnsAndStops(shell)
        XCTAssertFalse(shell.logind.isRunning, "logind ends with the Shell")
    }

    func testXephyrScreenReadsAndTurnsThePanel() throws {
        let screen = try startXephyrScreen(managed: true)
        try checkReadsTurnsAndStops(screen)
        XCTAssertFalse(screen.host.server.isRunning || screen.windowManager?.isRunning == true, "Xvfb and openbox end with Xephyr")
    }

    /// The panel starts untouched, reaches each transform it is turned to and comes back; with
    /// `waylandSocket`, a client is sent to that socket; `stop` ends the compositor.
    func checkReadsTurnsAndStops(_ compositor: Compositor, waylandSocket: String? = nil,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try compositor.panelTransform(), .normal, "\(compositor.name) starts at its natural orientation", file: file, line: line)
        for transform in [PanelTransform.quarter, .half, .threeQuarters, .normal] {
            try compositor.turnPanel(to: transform)
            try compositor.waitForPanel(transform, timeout: deadline, file: file, line: line)
        }
        if let waylandSocket {
            XCTAssertEqual(compositor.clientEnvironment["WAYLAND_DISPLAY"], waylandSocket, file: file, line: line)
        }
        compositor.stop()
        XCTAssertFalse(compositor.process.isRunning, "\(compositor.name) ended by stop()", file: file, line: line)
    }
}
