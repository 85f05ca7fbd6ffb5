import GLibBridge
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The generic adapter host with fake trackers as its family's entries, their peers announced
/// by names on the test's private bus: `auto` walks the list in order, a peer arriving later is
/// probed and driven, an attached adapter is not replaced, and a replaced adapter's reports
/// are dropped.
final class AdapterHostTests: OutputTestCase {
    static let (first, second) = ("org.example.FirstCompositor", "org.example.SecondCompositor")

    /// The host on a loop thread of its own, with the reports it passes on.
    final class HostRun: @unchecked Sendable {
        let loop = MainLoop.startThread(name: "adapter-host")
        let reports = LockedValue<[String]>([])
        let peers = (first: FakeWindowPeer(), second: FakeWindowPeer())
        /// Only touched on the loop's thread.
        var host: AdapterHost<any WindowTracker, WindowTrackerEvent>?
        var connection: BusConnection?

        init(address: String, choice: AdapterChoice) {
            let peers = peers
            func entry(_ name: String, _ busName: String, _ peer: FakeWindowPeer) -> AdapterEntry<any WindowTracker> {
                AdapterEntry(name: name, found: "\(busName) is on the bus", arrivals: [.busName(busName)],
                             probe: { (try? $0.connection.nameOwner(busName)) != nil },
                             make: { FakeWindowTracker(peer: peer, log: $0.log) })
            }
            let trackers = WindowTrackers.family
            let family = AdapterFamily(name: "windows", option: "--window-tracking",
                                       entries: [entry("first", AdapterHostTests.first, peers.first),
                                                 entry("second", AdapterHostTests.second, peers.second)],
                                       nothingFound: "no fake compositor", start: trackers.start, stop: trackers.stop,
                                       attachment: trackers.attachment)
            loop.sync { [self] in
                let connection = try! BusConnection(address: address)
                let host = AdapterHost(family)
                let context = AdapterContext(options: ServiceOptions(stateDirectory: "/nonexistent"), connection: connection,
                                             loop: loop, log: Log(verbose: true), environment: [:])
                host.start(choice, context: context) { [reports, unowned host] event, _ in
                    reports.withLock { $0.append("\(host.entryName ?? "?"): \(event)") }
                }
                (self.host, self.connection) = (host, connection)
            }
        }

        var entryName: String? { loop.sync { [self] in host?.entryName } }

        func onPeer(_ body: @escaping @Sendable (FakeWindowPeer, FakeWindowPeer) -> Void) {
            let peers = peers
            loop.sync { body(peers.first, peers.second) }
        }

        func stop() {
            loop.sync { [self] in
                host?.stop()
                host = nil
                connection?.close()
            }
            loop.stopThread()
        }
    }

    func startHost(_ choice: AdapterChoice = .auto) -> HostRun {
        let run = HostRun(address: bus.address, choice: choice)
        addTeardownBlock { run.stop() }
        return run
    }

    func own(_ name: String) throws -> BusConnection {
        let connection = try bus.connect()
        addTeardownBlock { connection.close() }
        XCTAssertEqual(try connection.requestName(name), .primaryOwner)
        return connection
    }

    func testAutoDrivesThePeerThatArrivesLaterAndKeepsItWhileAttached() throws {
        let run = startHost()
        XCTAssertNil(run.entryName, "no peer yet: nothing is driven")

        _ = try own(Self.second)
        try eventually("the second entry driven: \(run.reports.value)", timeout: deadline) { run.entryName == "second" }
        try eventually("attached: \(run.reports.value)", timeout: deadline) { run.reports.value.contains("second: attached") }

        // An earlier entry's peer arriving while the adapter is attached changes nothing.
        _ = try own(Self.first)
        run.loop.sync {}
        XCTAssertEqual(run.entryName, "second")
    }

    func testADetachedAdapterIsReplacedByAnArrivingPeerAndItsReportsAreDropped() throws {
        let run = startHost()
        let second = try own(Self.second)
        try eventually("attached: \(run.reports.value)", timeout: deadline) { run.reports.value.contains("second: attached") }
        run.onPeer { _, second in second.leave() }
        try eventually("detached: \(run.reports.value)", timeout: deadline) {
            run.reports.value.contains { $0.hasPrefix("second: detached") }
        }
        try second.releaseName(Self.second)

        _ = try own(Self.first)
        try eventually("the first entry driven: \(run.reports.value)", timeout: deadline) { run.entryName == "first" }
        // The replaced tracker is stopped: its peer's windows are no one's reports.
        let before = run.reports.value.count
        run.onPeer { _, second in
            second.arrive()
            second.open("org.example.Stale")
        }
        run.onPeer { first, _ in first.open("org.example.Current") }
        try eventually("the first tracker's window reported: \(run.reports.value)", timeout: deadline) {
            run.reports.value.contains { $0.contains("org.example.Current") }
        }
        XCTAssertFalse(run.reports.value[before...].contains { $0.contains("org.example.Stale") }, "\(run.reports.value)")
    }

    func testANamedEntryIsDrivenWithoutItsPeerAndNoneDrivesNothing() throws {
        let named = startHost(.named("first"))
        XCTAssertEqual(named.entryName, "first")
        // Made without probing (its bus name has no owner): the fake's peer is there, so it attaches.
        XCTAssertEqual(named.reports.value, ["first: attached"])
        let none = startHost(.none)
        _ = try own(Self.first)
        none.loop.sync {}
        XCTAssertNil(none.entryName)
    }
}
