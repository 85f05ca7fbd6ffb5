import Foundation
import GLibBridge
import OrientationCore
@testable import OrientationDaemon
@testable import OrientationDaemonTests
import TestSupport
import XCTest

/// `OutputBackendConformance` with a real headless phoc as the peer, turned and read back by
/// wlr-randr (`PhocSession`).
final class WlrootsOutputConformance: OutputBackendConformance {
    func testAttachesReportsAndTurnsThePanel() throws { try checkAttachesReportsAndTurnsThePanel() }
    func testSomeoneElsesTurnIsReportedAndAFlipIsUnknown() throws { try checkSomeoneElsesTurnIsReportedAndAFlipIsUnknown() }
    func testThePeerGoingAwayDetachesUntilItReturns() throws { try checkThePeerGoingAwayDetachesUntilItReturns() }
    func testReportsThePanelsSize() throws { try checkReportsThePanelsSize() }


    override var panel: String { "HEADLESS-1" }
    override var goneReason: String { "closed its Wayland socket" }

    override func startPeer() throws { try startPhoc() }

    override func startBackend() -> OutputBackendRun {
        let environment = childEnvironment.merging(waylandEnvironment) { $1 }
        let run = OutputBackendRun { WlrootsBackend.make(environment: environment, output: "HEADLESS-1", log: Log(verbose: true)) }
        addTeardownBlock { run.stop() }
        return run
    }

    /// wlr-randr's current mode ("1920x1080 px, 60.000000 Hz (current)") and "Scale: 1.000000".
    override func peerSize() throws -> PanelSize? {
        var inOutput = false, mode: (UInt32, UInt32)?, scale: Double?
        for line in try wlrRandr().split(separator: "\n") {
            if !line.hasPrefix(" ") { inOutput = line.hasPrefix(panel + " ") }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard inOutput else { continue }
            if trimmed.hasSuffix("(current)") || trimmed.contains("(preferred, current)") {
                let sides = trimmed.prefix { $0 != " " }.split(separator: "x").compactMap { UInt32($0) }
                if sides.count == 2 { mode = (sides[0], sides[1]) }
            }
            if trimmed.hasPrefix("Scale: ") { scale = Double(trimmed.dropFirst("Scale: ".count)) }
        }
        guard let mode, let scale else { return nil }
        return PanelSize(width: mode.0, height: mode.1, scale: scale)
    }
}

/// `OutputBackendConformance` with the fake backend and the test as its peer.
final class FakeOutputConformance: OutputBackendConformance {
    func testAttachesReportsAndTurnsThePanel() throws { try checkAttachesReportsAndTurnsThePanel() }
    func testSomeoneElsesTurnIsReportedAndAFlipIsUnknown() throws { try checkSomeoneElsesTurnIsReportedAndAFlipIsUnknown() }
    func testThePeerGoingAwayDetachesUntilItReturns() throws { try checkThePeerGoingAwayDetachesUntilItReturns() }
    func testReportsThePanelsSize() throws { try checkReportsThePanelsSize() }

    private let driver = FakePeerDriver(FakeOutputPeer())

    override var panel: String { driver.peer.panel }
    override var goneReason: String { "the fake compositor went away" }

    private func onPeer<T>(_ body: @escaping @Sendable (FakeOutputPeer) -> T) -> T { driver.on(body) }

    override func startPeer() throws { driver.start() }

    override func stopPeer() throws { driver.stop() }

    override func startBackend() -> OutputBackendRun {
        let peer = driver.peer
        let run = OutputBackendRun { FakeOutputBackend(peer: peer, playing: ServiceOnFakeCompositorTests.played.output) }
        addTeardownBlock { run.stop() }
        driver.loop = run.loop
        return run
    }

    override func peerShows() throws -> InterfaceOrientation? { onPeer { FakeOutputBackend.showing($0.transform) } }

    override func turnPeer(_ transform: UInt32) throws { onPeer { $0.turn(to: transform) } }

    override func peerSize() throws -> PanelSize? { driver.peer.size }
}

/// `OutputBackendConformance` with a real headless mutter (one virtual monitor, Meta-0) on the
/// test's private bus as the peer, read back through DisplayConfig by the test itself.
final class MutterOutputConformance: OutputBackendConformance {
    func testAttachesReportsAndTurnsThePanel() throws { try checkAttachesReportsAndTurnsThePanel() }
    func testSomeoneElsesTurnIsReportedAndAFlipIsUnknown() throws { try checkSomeoneElsesTurnIsReportedAndAFlipIsUnknown() }
    func testThePeerGoingAwayDetachesUntilItReturns() throws { try checkThePeerGoingAwayDetachesUntilItReturns() }
    func testReportsThePanelsSize() throws { try checkReportsThePanelsSize() }

    override var panel: String { "Meta-0" }
    override var goneReason: String { "left the session bus" }

    override func startPeer() throws { try startMutter() }

    override func startBackend() -> OutputBackendRun {
        let (address, state) = (bus.address, scratch + "/state")
        let run = OutputBackendRun {
            // The backend's connection belongs to its loop's thread, as the service's does.
            let log = Log(verbose: true)
            let connection = try! BusConnection(address: address)
            return MutterBackend(connection: connection, names: NameOwners(connection: connection), output: "Meta-0", log: log,
                                 handover: OrientationLockHandover(stateDirectory: state, log: log))
        }
        addTeardownBlock { run.stop() }
        return run
    }
}
