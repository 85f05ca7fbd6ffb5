import GLibBridge
import OrientationCore
import ProcessSupport
import TestSupport
import XCTest
@testable import OrientationDaemon

/// What the part tests share: the loop the parts run on (the test iterates it), and an
/// `AdapterContext` for their `start` whose connection is to a private bus (the scripted
/// adapters never use it; `AdapterHostTests` owns names on that bus).
class PartTestCase: XCTestCase {
    let loop = MainLoop()
    let log = Log(verbose: false)
    private(set) var bus: PrivateBus!
    private var connection: BusConnection!

    override func setUpWithError() throws {
        bus = try PrivateBus()
        connection = try bus.connect()
    }

    override func tearDown() {
        connection?.close()
        bus?.stop()
    }

    func context(_ options: ServiceOptions = ServiceOptions(stateDirectory: "/nonexistent"),
                 environment: [String: String] = [:]) -> AdapterContext {
        AdapterContext(options: options, connection: connection, loop: loop, log: log, environment: environment)
    }

    /// Runs what the loop has ready (idle sources, timeouts due now) until nothing is left.
    func settle() {
        for _ in 0..<1_000 where loop.iterate(mayBlock: false) {}
    }
}
