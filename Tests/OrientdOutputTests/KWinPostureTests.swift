import Foundation
import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport
import XCTest

/// KWin's word on the posture: its tablet mode on the session bus. A KWin in tablet mode turns
/// the panel from the sensor itself, so the device is held; a KWin with no tablet mode to detect
/// (a desktop, as `--virtual`) says nothing.
final class KWinPostureTests: OutputTestCase {
    func startBackend() -> OutputBackendRun {
        let (environment, address, panel) = (childEnvironment.merging(waylandEnvironment) { $1 }, bus.address, Self.kwinOutput)
        let run = OutputBackendRun {
            // The tablet mode's connection belongs to the backend's loop thread, as the service's does.
            KWinBackend.make(environment: environment, output: panel, log: Log(verbose: true), connection: try! BusConnection(address: address))
        }
        addTeardownBlock { run.stop() }
        return run
    }

    func testKWinInTabletModeHoldsTheDevice() throws {
        try startKWin(tabletMode: true)
        let run = startBackend()
        try eventually("KWin's tablet mode reported; events:\n\(run.transcript)", timeout: deadline) {
            if case .turnsPanel = run.facts?.rotation { return run.facts?.size != nil }
            return false
        }
    }

    func testAKWinWithoutTabletModeSaysNothing() throws {
        try startKWin()
        let run = startBackend()
        try eventually("attached with its size; events:\n\(run.transcript)", timeout: deadline) { run.facts?.size != nil }
        XCTAssertEqual(run.facts?.rotation, .silent)
    }
}
