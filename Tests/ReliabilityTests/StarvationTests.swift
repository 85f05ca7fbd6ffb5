import Foundation
import GLibBridge
import TestSupport
import XCTest

/// No client can starve the others. The expensive reads are cached
/// (GetManagedObjects, GetControllers), so a client that pipelines them delays a bystander's
/// call by at most the documented bound; the memory of a 10,000-scene client goes back when
/// it leaves.
final class StarvationTests: ReliabilityTestCase {
    /// The documented bound (dbus/io.github.orientd.OrientationManager1.xml, "Fairness"):
    /// what one flooding client may add to another client's call at 10,000 scenes. A
    /// bystander waits for at most one expensive reply (~0.5 s for GetManagedObjects at
    /// 10,000 scenes on the 2-core build machine); the bound leaves room for a loaded machine.
    static let bound = Duration.milliseconds(5_000)

    /// The bound in a run where the machine is slower than the build machine: three times the
    /// mean time one of the flood's expensive replies took in the same run (they are served
    /// one at a time), if that is more than `bound`. A bystander served only after several
    /// expensive replies still fails it; a loaded machine, which slows every reply alike, does not.
    static func bound(floodElapsed: Duration, replies: Int) -> Duration {
        max(bound, floodElapsed / replies * 3)
    }

    func testAFloodOfGetManagedObjectsAtTenThousandScenesDelaysABystanderLittle() throws {
        let pid = orientd.process.pid
        let before = try XCTUnwrap(residentKilobytes(of: pid))
        let theirs = try clientConnection.register(app: "starve.bystander", supported: ["all"])

        // 9,999 more scenes: 8,999 from nine fillers, pipelined, and the 1,000 kept for
        // connections holding few from 100 small ones.
        let fillers = try (0..<9).map { try orientd.bus.connectWithLoop(name: "filler\($0)") }
        for (index, filler) in fillers.enumerated() {
            let results = try filler.registerMany(index == 8 ? 999 : 1_000, app: "starve.filler")
            XCTAssertEqual(results.compactMap(\.errorName), [])
        }
        let small = try orientd.bus.registerInSmallConnections(1_000, app: "starve.small")
        let full = try XCTUnwrap(residentKilobytes(of: pid))

        let watch = try Watch(orientd: orientd, path: theirs)
        let counts = try rawFlood(50, path: Contract.managerPath, interface: Contract.objectManager,
                                  method: "GetManagedObjects", marker: "OrientationManager1/scene/")
        let figures = watch.finish()
        XCTAssertEqual(counts, Array(repeating: "ok 10000", count: 50), "every reply lists the 10,000 scenes")
        XCTAssertEqual(figures.wrongAnswers, 0)
        XCTAssertGreaterThan(figures.calls, 0)
        let bound = Self.bound(floodElapsed: figures.elapsed, replies: 50)
        XCTAssertLessThan(figures.slowest, bound,
                          "the bystander waited \(figures.slowest) during 50 pipelined GetManagedObjects (bound \(bound))")

        // The fillers leave: their scenes go, and the memory with them.
        fillers.forEach { $0.close() }
        small.forEach { $0.close() }
        try eventually("the fillers' scenes are gone", timeout: .seconds(30)) { try clientConnection.managedObjects().count == 1 }
        // The cached reply and the scenes are gone, and orientd gives their memory back once
        // the burst is over: VmRSS within 1.5× of what it was before the fillers came.
        let settled = LockedValue(0)
        try eventually("VmRSS within 1.5× of the \(before) kB before the flood after the 10,000-scene clients left (\(settled.value) kB; peak \(figures.peakKilobytes) kB)",
                       timeout: .seconds(30)) {
            let now = try XCTUnwrap(residentKilobytes(of: pid))
            settled.withLock { $0 = now }
            return Double(now) <= 1.5 * Double(before)
        }
        let after = settled.value
        report("GetManagedObjects flood", "50 pipelined at 10,000 scenes in \(figures.elapsed); the bystander's slowest Properties.Get \(figures.slowest) (\(figures.calls) calls, bound \(bound)); VmRSS \(before) kB before, \(full) kB at 10,000 scenes, \(figures.peakKilobytes) kB peak during the flood, \(after) kB after the clients left")
    }

    func testAFloodOfGetControllersOnAThousandControllerSceneDelaysABystanderLittle() throws {
        let pid = orientd.process.pid
        let theirs = try clientConnection.register(app: "starve.bystander", supported: ["all"])
        let builder = try orientd.bus.connectWithLoop(name: "tree-builder")
        defer { builder.close() }
        let big = try builder.connection.register(app: "starve.tree", supported: ["all"])
        try builder.connection.scene(big, "SetRootController", [.s("nav"), .s("navigation"), .emptyVardict])
        let id = String(repeating: "c", count: 250)
        let pushes = try builder.pipeline(999) { index in
            (big, Contract.sceneInterface, "PushController", [.s("nav"), .s("\(id)\(index)"), .s("view"), .emptyVardict])
        }
        XCTAssertEqual(pushes.compactMap(\.errorName), [])
        let before = try XCTUnwrap(residentKilobytes(of: pid))

        let watch = try Watch(orientd: orientd, path: theirs)
        let counts = try rawFlood(1_000, path: big, interface: Contract.sceneInterface, method: "GetControllers", marker: id)
        let figures = watch.finish()
        // The first 128 wait their turn; the rest are past the pending-work quota.
        // (the 999 pages carry the marker in their ids; the root does not)
        XCTAssertEqual(Set(counts), ["ok 999", "error " + E.limit], "a full list or LimitExceeded")
        XCTAssertEqual(counts.prefix(128).filter { $0 == "ok 999" }.count, 128, "the first 128 are within the quota")
        XCTAssertEqual(figures.wrongAnswers, 0)
        let bound = Self.bound(floodElapsed: figures.elapsed, replies: 1_000)
        XCTAssertLessThan(figures.slowest, bound,
                          "the bystander waited \(figures.slowest) during 1,000 pipelined GetControllers (bound \(bound))")
        // A change is seen by the next read: the cache is rebuilt after it.
        XCTAssertEqual(try builder.connection.scene(big, "PopController", [.s("nav")]).child(at: 0).string, "\(id)998")
        XCTAssertEqual(try builder.connection.scene(big, "GetControllers").child(at: 0).childCount, 999)
        let after = try XCTUnwrap(residentKilobytes(of: pid))
        report("GetControllers flood", "1,000 pipelined on a 1,000-controller scene (250-character ids) in \(figures.elapsed); the bystander's slowest Properties.Get \(figures.slowest) (\(figures.calls) calls, bound \(bound)); VmRSS \(before) kB before, \(figures.peakKilobytes) kB peak during the flood, \(after) kB after")
    }
}

extension StarvationTests {
    /// `count` calls pipelined at once by a separate process that reads the replies without
    /// decoding them (`Tests/Fixtures/flood/raw-flood.py`): "ok N" per reply, N the times
    /// `marker` occurs in it, or "error NAME".
    func rawFlood(_ count: Int, path: String, interface: String, method: String, marker: String) throws -> [String] {
        let process = try startRawFlood(count, path: path, interface: interface, method: method, marker: marker)
        let status = try process.wait(timeout: .seconds(180))
        XCTAssertEqual(status, .exited(0), process.standardError)
        return process.standardOutput.split(separator: "\n").map(String.init)
    }

    func startRawFlood(_ count: Int, path: String, interface: String, method: String, marker: String) throws -> ChildProcess {
        try ChildProcess(["/usr/bin/python3", Fixtures.floodDirectory + "/raw-flood.py", orientd.bus.address, String(count),
                          Contract.busName, path, interface, method, marker])
    }

    func testCallsStillWaitingWhenOrientdStopsGetAnErrorNotSilence() throws {
        let fillers = try (0..<9).map { try orientd.bus.connectWithLoop(name: "filler\($0)") }
        defer { fillers.forEach { $0.close() } }
        for filler in fillers {
            XCTAssertEqual(try filler.registerMany(1_000, app: "starve.filler").compactMap(\.errorName), [])
        }
        let small = try orientd.bus.registerInSmallConnections(999, app: "starve.small")
        defer { small.forEach { $0.close() } }
        let flood = try startRawFlood(50, path: Contract.managerPath, interface: Contract.objectManager,
                                      method: "GetManagedObjects", marker: "OrientationManager1/scene/")
        try eventually("the first reply reached the flooder", timeout: .seconds(60)) { flood.standardError.contains("reply 1\n") }
        XCTAssertEqual(orientd.stop(timeout: .seconds(30)), .exited(0), orientd.log)
        XCTAssertEqual(try flood.wait(timeout: .seconds(60)), .exited(0), flood.standardError)
        let replies = flood.standardOutput.split(separator: "\n").map(String.init)
        let refused = replies.filter { $0 == "error " + DBusError.failed }.count
        XCTAssertEqual(replies.count, 50)
        XCTAssertEqual(Set(replies).subtracting(["ok 9999", "error " + DBusError.failed]), [], "a full list, or Failed: never NoReply")
        XCTAssertGreaterThan(refused, 0, "SIGTERM came while calls were waiting")
        report("stop with calls waiting", "SIGTERM during 50 pipelined GetManagedObjects at 9,999 scenes: \(50 - refused) answered, \(refused) refused with Failed, 0 NoReply")
    }

    func testOneConnectionsControllersAreBoundedAndTheirMemoryWithThem() throws {
        let pid = orientd.process.pid
        let builder = try orientd.bus.connectWithLoop(name: "controller-flooder")
        defer { builder.close() }
        let before = try XCTUnwrap(residentKilobytes(of: pid))
        // Ten scenes of 1,000 controllers with 255-character ids: the most one connection may hold.
        let scenes = try builder.registerMany(11, app: "starve.controllers").map { try $0.get().child(at: 0).string! }
        let roots = try builder.pipeline(10) { (scenes[$0], Contract.sceneInterface, "SetRootController", [.s("nav"), .s("navigation"), .emptyVardict]) }
        XCTAssertEqual(roots.compactMap(\.errorName), [])
        let pushes = try builder.pipeline(10 * 999) { index in
            let id = String(format: "%05d", index) + String(repeating: "x", count: 250)
            return (scenes[index % 10], Contract.sceneInterface, "PushController", [.s("nav"), .s(id), .s("view"), .emptyVardict])
        }
        XCTAssertEqual(pushes.compactMap(\.errorName), [])
        let full = try XCTUnwrap(residentKilobytes(of: pid))
        // The 10,001st controller of the connection is refused, in any scene.
        let refused = builder.connection.orientd(scenes[10], Contract.sceneInterface, "SetRootController", [.s("one"), .s("view"), .emptyVardict])
        XCTAssertEqual(refused.errorName, E.limit)
        XCTAssertTrue(refused.errorMessage.contains("10000 controllers in the scenes it registered; the limit is 10000 per connection"),
                      refused.errorMessage)
        // Another connection is not affected.
        let theirs = try clientConnection.register(app: "starve.bystander")
        XCTAssertNoThrow(try clientConnection.scene(theirs, "SetRootController", [.s("root"), .s("view"), .emptyVardict]))
        let perController = Double(full - before) / 10_000
        XCTAssertLessThan(perController, 4.0, "10,000 controllers took VmRSS from \(before) kB to \(full) kB")
        report("controllers per connection", "10,000 controllers with 255-character ids in 10 scenes: VmRSS \(before) → \(full) kB (\(String(format: "%.2f", perController)) kB per controller); the 10,001st refused")
    }
}

/// A bystander on its own connection and thread reading one property of its scene again and
/// again, timing each answer, while a sampler follows orientd's VmRSS.
final class Watch: Sendable {
    struct Figures {
        var slowest: Duration
        var calls: Int
        var wrongAnswers: Int
        var peakKilobytes: Int
        var elapsed: Duration
    }

    private let running = LockedValue(true)
    private let state = LockedValue<(slowest: Duration, calls: Int, wrong: Int, peak: Int)>((.zero, 0, 0, 0))
    private let done = DispatchSemaphore(value: 0)
    private let started = ContinuousClock.now
    private let connection: BusConnection

    init(orientd: OrientdInstance, path: String) throws {
        connection = try orientd.bus.connect()
        let expected = try connection.sceneProperty(path, "AppId").string
        let pid = orientd.process.pid
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            while running.value {
                let sent = ContinuousClock.now
                let answer = try? connection.sceneProperty(path, "AppId").string
                let took = ContinuousClock.now - sent
                let rss = residentKilobytes(of: pid) ?? 0
                state.withLock {
                    $0.slowest = max($0.slowest, took)
                    $0.calls += 1
                    if answer != expected { $0.wrong += 1 }
                    $0.peak = max($0.peak, rss)
                }
                usleep(2_000)
            }
        }
    }

    func finish() -> Figures {
        running.withLock { $0 = false }
        _ = done.wait(timeout: .now() + 60)
        connection.close()
        let s = state.value
        return Figures(slowest: s.slowest, calls: s.calls, wrongAnswers: s.wrong, peakKilobytes: s.peak,
                       elapsed: ContinuousClock.now - started)
    }
}

extension LoopConnection {
    /// Sends `count` calls at once (all in flight together) and waits for every reply,
    /// keeping only `measure` of each (the replies themselves are dropped as they come).
    func flood<T: Sendable>(_ count: Int, path: String, interface: String, method: String,
                            timeout: Duration = .seconds(120), _ measure: @escaping @Sendable (Variant) -> T) throws -> [Result<T, DBusError>] {
        let results = LockedValue<(values: [Result<T, DBusError>?], count: Int)>((Array(repeating: nil, count: count), 0))
        let done = DispatchSemaphore(value: 0)
        let connection = self.connection
        loop.invoke {
            for index in 0..<count {
                connection.callAsync(destination: Contract.busName, path: path, interface: interface, method: method,
                                     timeoutMilliseconds: 120_000) { result in
                    let value = result.map(measure)
                    let finished = results.withLock { r in
                        r.values[index] = value
                        r.count += 1
                        return r.count == count
                    }
                    if finished { done.signal() }
                }
            }
        }
        guard done.wait(timeout: .now() + Double(timeout.components.seconds)) == .success else {
            throw TestSupportError("\(count) calls of \(method) did not all finish in \(timeout)")
        }
        return results.value.values.map { $0! }
    }
}
