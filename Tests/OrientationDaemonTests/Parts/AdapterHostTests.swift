import GLibBridge
import ProcessSupport
import TestSupport
import XCTest
@testable import OrientationDaemon

/// The generic adapter host with scripted trackers as its family's entries, their peers
/// announced by names on the test's private bus: `auto` walks the list in order, a peer
/// arriving later is probed and driven, an attached adapter is not replaced, and a replaced
/// adapter's reports are dropped. The host runs on the test's loop (`eventually` iterates it).
final class AdapterHostTests: PartTestCase {
    static let (first, second) = ("org.example.FirstCompositor", "org.example.SecondCompositor")

    private let trackers = (first: ScriptedTracker(attachesOnStart: true), second: ScriptedTracker(attachesOnStart: true))
    private var reports: [String] = []

    private func startHost(_ choice: AdapterChoice = .auto) -> AdapterHost<any WindowTracker, WindowTrackerEvent> {
        func entry(_ name: String, _ busName: String, _ tracker: ScriptedTracker) -> AdapterEntry<any WindowTracker> {
            AdapterEntry(name: name, found: "\(busName) is on the bus", arrivals: [.busName(busName)],
                         probe: { (try? $0.connection.nameOwner(busName)) != nil }, make: { _ in tracker })
        }
        var family = WindowTrackers.family
        family.entries = [entry("first", Self.first, trackers.first), entry("second", Self.second, trackers.second)]
        let host = AdapterHost(family)
        host.start(choice, context: context()) { [unowned self, unowned host] event, _ in
            reports.append("\(host.entryName ?? "?"): \(event)")
        }
        addTeardownBlock { host.stop() }
        return host
    }

    /// Owns `name` from a connection of its own, until the test ends.
    private func own(_ name: String) throws -> BusConnection {
        let connection = try bus.connect()
        addTeardownBlock { connection.close() }
        XCTAssertEqual(try connection.requestName(name), .primaryOwner)
        return connection
    }

    func testAutoDrivesThePeerThatArrivesLaterAndKeepsItWhileAttached() throws {
        let host = startHost()
        settle()
        XCTAssertNil(host.entryName, "no peer yet: nothing is driven")

        _ = try own(Self.second)
        try eventually("the second entry driven: \(reports)", iterating: loop) { host.entryName == "second" }
        XCTAssertEqual(reports, ["second: attached"])

        // An earlier entry's peer arriving while the adapter is attached changes nothing.
        _ = try own(Self.first)
        settleArrivals()
        XCTAssertEqual(host.entryName, "second")
    }

    func testADetachedAdapterIsReplacedByAnArrivingPeerAndItsReportsAreDropped() throws {
        let host = startHost()
        let second = try own(Self.second)
        try eventually("attached: \(reports)", iterating: loop) { reports.contains("second: attached") }
        trackers.second.send(.detached(reason: "the compositor went away"))
        XCTAssertEqual(reports.last, "second: detached(reason: \"the compositor went away\")")
        try second.releaseName(Self.second)

        _ = try own(Self.first)
        try eventually("the first entry driven: \(reports)", iterating: loop) { host.entryName == "first" }
        // The replaced tracker is stopped, and what it still says is no one's report.
        XCTAssertTrue(trackers.second.stopped)
        let before = reports.count
        trackers.second.open(1, "org.example.Stale")
        trackers.first.open(1, "org.example.Current")
        XCTAssertEqual(Array(reports[before...]), ["first: \(WindowTrackerEvent.window(handle: 1, appId: "org.example.Current", activated: true, minimized: false, fullscreen: false))"])
    }

    func testANamedEntryIsDrivenWithoutItsPeerAndNoneDrivesNothing() throws {
        let named = startHost(.named("first"))
        XCTAssertEqual(named.entryName, "first")
        // Made without probing (its bus name has no owner): the tracker is there, so it attaches.
        XCTAssertEqual(reports, ["first: attached"])
        let none = startHost(.none)
        _ = try own(Self.first)
        settleArrivals()
        XCTAssertNil(none.entryName)
    }

    /// The folder watches start once the bus answered the service's request for its name
    /// (`AfterName`): a socket bound before that, after the first walk, is found when they start.
    func testASocketBoundBeforeTheFolderIsWatchedIsFoundOnceItIs() throws {
        let runtime = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let socket = runtime + "/wayland-test"
        let tracker = trackers.first
        var family = WindowTrackers.family
        family.entries = [AdapterEntry(name: "wayland", found: "wayland-test is bound", arrivals: [.waylandSocket],
                                       probe: { _ in FileManager.default.fileExists(atPath: socket) },
                                       make: { _ in tracker })]
        let host = AdapterHost(family)
        let afterName = AfterName()
        var adapters = context(environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wayland-test"])
        adapters = AdapterContext(options: adapters.options, connection: adapters.connection, loop: loop, log: log,
                                  environment: adapters.environment, afterName: afterName)
        host.start(.auto, context: adapters) { _, _ in }
        addTeardownBlock { host.stop() }
        settle()
        XCTAssertNil(host.entryName)

        let bound = try runCommand(["/usr/bin/python3", "-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", socket])
        XCTAssertTrue(bound.succeeded, "\(bound)")
        settleArrivals()
        XCTAssertNil(host.entryName, "no folder watched before the name")

        afterName.begin()
        try eventually("the socket bound in between found", iterating: loop) { host.entryName == "wayland" }
    }

    /// Lets arrivals be looked at: past the host's quiet period, the loop run dry.
    private func settleArrivals() {
        let end = ContinuousClock.now + .milliseconds(Int(AdapterHost<any WindowTracker, WindowTrackerEvent>.quietPeriod) * 3)
        while ContinuousClock.now < end { _ = loop.iterate(mayBlock: false); usleep(2_000) }
    }
}
