import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Whoever owns `org.gnome.Mutter.DisplayConfig` is the compositor to
/// orientd's mutter backend, so a client that owns it first can answer any number and flood
/// `MonitorsChanged`. orientd checks every number before computing with it, keeps at most one
/// `GetCurrentState` in flight, refuses replies over 1 MiB, and keeps serving with
/// `OutputBackend` none and the reason in its log. The fake is
/// `Tests/Fixtures/output/hostile-displayconfig.py` (python3-dbus), on the test's private bus.
final class HostileDisplayConfigTests: ReliabilityTestCase {
    /// The bystander's bound while the fake does its worst.
    static let bystanderBound = Duration.seconds(1)
    /// The bound while 20,000 signals are said at once: the bystander's call is queued behind
    /// them in orientd's socket, and GDBus's worker thread parses each before it (orientd drops
    /// them there, `addCoalescedSignal`). Seen on the loaded 2-core machine: 0.5–0.8 s; 1.0–2.8 s
    /// with one main-loop dispatch per signal; 18.7 s with a read per signal.
    static let burstBound = Duration.seconds(2)
    /// A flood's bound on a machine so loaded that the bus daemon itself answers slowly: three
    /// times the daemon's slowest answer in the same period, if that is more than `base`.
    static func bound(_ base: Duration, daemonSlowest: Duration) -> Duration {
        max(base, daemonSlowest * 3)
    }
    /// What a flood may add to orientd's memory at its peak (LimitTests' bound).
    static let peakBoundKilobytes = 64 * 1024

    var bus: PrivateBus!
    var stateHome = ""

    /// Each test starts the fake first, then orientd on `bus` (`launchOrientd`).
    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        bus = try makeBus()
        stateHome = try temporaryDirectory()
        client = try connect(toBus: bus)
    }

    /// Starts the fake with `arguments` and waits until it owns DisplayConfig.
    func startFake(_ arguments: [String]) throws -> ChildProcess {
        let fake = try start("the fake DisplayConfig", ["/usr/bin/python3", Fixtures.outputDirectory + "/hostile-displayconfig.py"] + arguments,
                             environment: bus.sessionEnvironment)
        try eventually("the fake owns DisplayConfig", timeout: .seconds(30)) {
            if let status = fake.exitStatus { throw TestSupportError("the fake ended (\(status)): \(fake.standardError)") }
            return try clientConnection.nameOwner("org.gnome.Mutter.DisplayConfig") != nil
        }
        return fake
    }

    /// orientd with `--output-backend auto` (the default) on the test's bus and state folder.
    func launchOrientd() throws -> OrientdInstance {
        try launch(arguments: ["--sensor", "none", "--verbose"], environment: ["GSETTINGS_BACKEND": "memory"],
                   bus: bus, stateHome: stateHome, timeout: .seconds(30))
    }

    @discardableResult
    func control(_ method: String, _ arguments: [Variant] = []) throws -> Variant {
        try clientConnection.call(destination: "org.gnome.Mutter.DisplayConfig", path: "/org/orientd/test/Hostile",
                        interface: "org.orientd.test.Hostile", method: method, parameters: Variant(tuple: arguments),
                        timeoutMilliseconds: 120_000)
    }

    /// GetCurrentState calls the fake answered, MonitorsChanged it said, applies it took.
    func stats() throws -> (calls: UInt32, signals: UInt32, applies: UInt32) {
        let reply = try control("Stats")
        return (reply.child(at: 0).uint32 ?? 0, reply.child(at: 1).uint32 ?? 0, reply.child(at: 2).uint32 ?? 0)
    }

    func applied() throws -> [UInt32] {
        try control("Applied").child(at: 0).children.compactMap(\.uint32)
    }

    func outputBackend() throws -> String {
        try clientConnection.managerProperties()["OutputBackend"]?.string ?? "?"
    }

    /// One bystander's Properties.Get, timed.
    func timedBystanderCall() -> (answered: Bool, took: Duration) {
        let start = ContinuousClock.now
        let answered = clientConnection.orientdAnswers()
        return (answered, ContinuousClock.now - start)
    }

    /// A kiosk orientation saved by an earlier orientd, as on a kiosk that restarts.
    func saveKioskOrientation(_ orientation: String) throws {
        let earlier = try launch(arguments: ["--sensor", "none", "--output-backend", "none"], bus: bus, stateHome: stateHome)
        try clientConnection.manager("SetKioskMode", [.b(true), .s(orientation)])
        XCTAssertEqual(earlier.stop(), .exited(0))
    }

    func testNumbersThatWouldOverflowLeaveOrientdServingWithOutputNoneAndTheReason() throws {
        try saveKioskOrientation("landscape-left")
        let cases = [("tiny-scale", "has scale 1e-09"), ("nan-scale", "has scale nan"), ("inf-scale", "has scale inf"),
                     ("huge-mode", "has width 2147483647"), ("far-x", "is at x = 2147483647"),
                     ("far-y", "is at y = -2147483648"), ("bad-transform", "has transform 4294967295")]
        var slowest = Duration.zero
        for (state, reason) in cases {
            let fake = try startFake(["--state", state])
            let orientd = try launchOrientd()
            try eventually("orientd logs why \(state) is unusable", timeout: .seconds(30)) {
                orientd.log.contains("GetCurrentState answered an unusable state") && orientd.log.contains(reason)
            }
            // Past the moment the crash came (~130 ms after start), and a signal read again.
            try control("SetState", [.s(state)])
            try eventually("orientd read the state again", timeout: .seconds(30)) { try stats().calls >= 2 }
            let (answered, took) = timedBystanderCall()
            XCTAssertTrue(answered, "\(state): \(orientd.log)")
            XCTAssertLessThan(took, Self.bystanderBound, state)
            slowest = max(slowest, took)
            XCTAssertTrue(orientd.process.isRunning, "\(state): \(orientd.log)")
            XCTAssertEqual(try outputBackend(), "none", state)
            XCTAssertEqual(try applied(), [], "\(state): nothing applied on an unusable state")
            XCTAssertFalse(orientd.log.contains("Fatal error"), orientd.log)

            // A usable state comes: attached, and the saved kiosk orientation applied.
            try control("SetState", [.s("valid")])
            try eventually("OutputBackend mutter after \(state)", timeout: .seconds(30)) { try outputBackend() == "mutter" }
            try eventually("landscape-left applied", timeout: .seconds(30)) { try applied() == [1] }
            XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
            fake.stop()
            _ = try? fake.wait(timeout: .seconds(10))
        }
        report("hostile DisplayConfig numbers", "\(cases.count) unusable states (scale 1e-9, NaN, inf; mode 2147483647 × -2147483648; x = 2^31 − 1, y = −2^31; transform 2^32 − 1) with a saved kiosk orientation: OutputBackend none with the reason, no crash; the bystander's slowest Get \(slowest); a usable state afterwards attached and turned")
    }

    func testTwentyThousandMonitorsChangedMakeFewReads() throws {
        let fake = try startFake([])
        let orientd = try launchOrientd()
        let pid = orientd.process.pid
        try eventually("OutputBackend mutter", timeout: .seconds(30)) { try outputBackend() == "mutter" }
        let bystander = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        try clientConnection.manager("SetKioskMode", [.b(true), .s("landscape-left")])
        try eventually("landscape-left applied", timeout: .seconds(30)) { try applied() == [1] }
        let before = try XCTUnwrap(residentKilobytes(of: pid))
        let readsBefore = try stats().calls

        let watch = try Watch(orientd: orientd, path: bystander)
        let daemon = try DaemonWatch(bus: bus)
        try control("Flood", [.u(20_000)])
        // Every signal is ahead of this call in orientd's queue: once it is applied, all were seen.
        try clientConnection.manager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        try eventually("portrait-upside-down applied after the flood", timeout: .seconds(60)) { try applied() == [1, 2] }
        let figures = watch.finish()
        let daemonSlowest = daemon.finish()
        let reads = try stats().calls - readsBefore
        XCTAssertLessThan(reads, 2_000, "20,000 MonitorsChanged made \(reads) GetCurrentState calls")
        XCTAssertEqual(figures.wrongAnswers, 0)
        XCTAssertLessThan(figures.slowest, Self.bound(Self.burstBound, daemonSlowest: daemonSlowest),
                          "the bystander waited \(figures.slowest) during the flood; dbus-daemon's slowest GetId \(daemonSlowest)")
        XCTAssertLessThan(figures.peakKilobytes - before, Self.peakBoundKilobytes, "VmRSS \(before) kB before, peak \(figures.peakKilobytes) kB")
        XCTAssertEqual(try outputBackend(), "mutter")
        report("MonitorsChanged flood", "20,000 signals after start: \(reads) GetCurrentState calls; the bystander's slowest Get \(figures.slowest) (\(figures.calls) calls), dbus-daemon's own slowest GetId meanwhile \(daemonSlowest); VmRSS \(before) kB before, \(figures.peakKilobytes) kB peak")
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        fake.stop()
    }

    func testAFloodOfFiveMegabyteStatesBeforeOrientdStartsIsRefusedAndItsMemoryGoesBack() throws {
        let fake = try startFake(["--flood-rate", "500", "--padding", "5000000"])
        let orientd = try launchOrientd()
        let pid = orientd.process.pid
        let start = try XCTUnwrap(residentKilobytes(of: pid))
        let bystander = try clientConnection.register(app: "hostile.bystander", supported: ["all"])
        let watch = try Watch(orientd: orientd, path: bystander)
        let daemon = try DaemonWatch(bus: bus)
        try eventually("orientd refused 20 replies of 5 MB", timeout: .seconds(120)) { try stats().calls >= 20 }
        let figures = watch.finish()
        let daemonSlowest = daemon.finish()
        let (reads, signals, _) = try stats()
        XCTAssertTrue(orientd.log.contains("bytes; orientd reads at most 1048576"), orientd.log)
        XCTAssertLessThan(Double(reads), Double(signals) / 4, "\(signals) MonitorsChanged made \(reads) GetCurrentState calls")
        XCTAssertEqual(try outputBackend(), "none")
        XCTAssertEqual(figures.wrongAnswers, 0)
        XCTAssertLessThan(figures.slowest, Self.bound(Self.bystanderBound, daemonSlowest: daemonSlowest),
                          "the bystander waited \(figures.slowest) during the flood; dbus-daemon's slowest GetId \(daemonSlowest)")
        XCTAssertLessThan(figures.peakKilobytes - start, Self.peakBoundKilobytes, "VmRSS \(start) kB at start, peak \(figures.peakKilobytes) kB")

        fake.stop()
        try eventually("the fake left the bus", timeout: .seconds(30)) { try clientConnection.nameOwner("org.gnome.Mutter.DisplayConfig") == nil }
        let settled = LockedValue(0)
        try eventually("VmRSS within 1.5× of the \(start) kB at start after the fake left (\(settled.value) kB)", timeout: .seconds(30)) {
            let now = try XCTUnwrap(residentKilobytes(of: pid))
            settled.withLock { $0 = now }
            return Double(now) <= 1.5 * Double(start)
        }
        XCTAssertTrue(clientConnection.orientdAnswers())
        report("5 MB GetCurrentState flood", "500 MonitorsChanged a second before orientd started, each reply 5 MB: \(reads) GetCurrentState calls for \(signals) signals, every reply refused; the bystander's slowest Get \(figures.slowest) (\(figures.calls) calls), dbus-daemon's own slowest GetId meanwhile \(daemonSlowest); VmRSS \(start) kB at start, \(figures.peakKilobytes) kB peak, \(settled.value) kB after the fake left")
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
    }
}

/// The bus daemon's own answer (`GetId`) timed in a loop: what a flood costs every client of
/// the bus, orientd or not.
final class DaemonWatch: Sendable {
    private let running = LockedValue(true)
    private let slowest = LockedValue(Duration.zero)
    private let done = DispatchSemaphore(value: 0)

    init(bus: PrivateBus) throws {
        let connection = try bus.connect()
        Thread.detachNewThread { [self] in
            defer { connection.close(); done.signal() }
            while running.value {
                let sent = ContinuousClock.now
                _ = try? connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                         interface: "org.freedesktop.DBus", method: "GetId", timeoutMilliseconds: 10_000)
                let took = ContinuousClock.now - sent
                slowest.withLock { $0 = max($0, took) }
                usleep(2_000)
            }
        }
    }

    func finish() -> Duration {
        running.withLock { $0 = false }
        _ = done.wait(timeout: .now() + 30)
        return slowest.value
    }
}
