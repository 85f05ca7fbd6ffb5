import Foundation
import TestSupport
import XCTest

/// ProcessSupport's `Compositor` shape on each real compositor it has: the panel the
/// compositor reports at start, each turn made as the user's display settings make one read
/// back through the compositor's own interface (`waitForPanel`), a client's environment
/// naming its socket, and `stop` ending it. Without orientd: the shape the tests and the
/// benchmark read and turn every compositor through must itself say what the compositor shows.
final class CompositorSessionTests: OutputTestCase {
    func testKWinSessionReadsAndTurnsThePanel() throws {
        let launch = KWinLaunch(scratch: scratch, sourceTree: Self.repositoryRoot, configHome: scratch + "/config")
        let kwin = try KWinSession.start(launch, runtimeFolder: scratch, toolEnvironment: childEnvironment) { command, environment in
            try start("kwin_wayland", command, environment: environment)
        }
        try kwin.waitUntilServing(timeout: deadline)
        try checkReadsTurnsAndStops(kwin)
    }

    func testHeadlessPhocSessionReadsAndTurnsThePanel() throws {
        let phoc = try PhocSession.start(PhocLaunch(), output: "HEADLESS-1", runtimeFolder: scratch,
                                         toolEnvironment: childEnvironment) { command, environment in
            try start("phoc", command, environment: environment)
        }
        try phoc.waitUntilListed(timeout: deadline)
        try checkReadsTurnsAndStops(phoc)
    }

    /// Phosh reports through its DisplayConfig the turns phoc's output management makes.
    func testPhoshSessionReadsAndTurnsThePanel() throws {
        try checkReadsTurnsAndStops(startRealPhosh().phosh)
    }

    /// The panel starts untouched, reaches each transform it is turned to and comes back; a
    /// client is sent to the compositor's socket; `stop` ends the compositor.
    func checkReadsTurnsAndStops(_ compositor: Compositor, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try compositor.panelTransform(), .normal, "\(compositor.name) starts at its natural orientation", file: file, line: line)
        for transform in [PanelTransform.quarter, .half, .threeQuarters, .normal] {
            try compositor.turnPanel(to: transform)
            try compositor.waitForPanel(transform, timeout: deadline, file: file, line: line)
        }
        XCTAssertEqual(compositor.clientEnvironment["WAYLAND_DISPLAY"], Self.waylandSocket, file: file, line: line)
        compositor.stop()
        XCTAssertNotNil(compositor.process.exitStatus, "\(compositor.name) ended by stop()", file: file, line: line)
    }
}
