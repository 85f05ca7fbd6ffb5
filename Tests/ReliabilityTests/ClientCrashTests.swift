import GLibBridge
import TestSupport
import XCTest

/// A client process holding 200 scenes is killed with SIGKILL. Its scenes are gone
/// within a second, with one InterfacesRemoved each; the accelerometer claim (the dbusmock
/// iio-sensors-proxy on a private system bus) is released when no scene on the built-in
/// display is left, and kept while one is; other clients' scenes are untouched.
final class ClientCrashTests: OrientdTestCase {
    /// The test starts the system bus, the mock sensor and orientd itself.
    override var startsOrientdInSetUp: Bool { false }

    static let scenesPerClient = 200

    func testKilledClientsScenesGoAndTheSensorClaimFollows() throws {
        try startSystemBus()
        try startMock("normal")
        let orientd = try launch(arguments: ["--sensor", "auto"])
        let watcher = try orientd.bus.connectWithLoop(name: "crash-watcher")
        let removed = try SignalRecorder(watcher, interface: Contract.objectManager, member: "InterfacesRemoved", path: Contract.managerPath)
        let bystander = try orientd.bus.connect()
        let orientdName = try XCTUnwrap(try bystander.nameOwner(Contract.busName))
        try eventually("orientd sees the sensor") { try bystander.managerProperties()["SensorAvailable"]?.bool == true }

        // The bystander's scenes: on an external display (they need no sensor), each in its own state.
        var theirs: [String] = []
        for index in 0..<3 {
            theirs.append(try bystander.register(app: "crash.bystander\(index)", supported: ["all"], display: "hdmi-1"))
        }
        try bystander.scene(theirs[0], "RequestOrientation", [.s("landscape-left")])
        try bystander.scene(theirs[1], "SetRootController", [.s("root"), .s("navigation"), .emptyVardict])
        try bystander.scene(theirs[2], "SetActivationState", [.s("background")])
        XCTAssertEqual(try claimants(), [], "no scene on the built-in display yet: nothing to claim")

        // Round 1: the only scenes on the built-in display belong to the client that crashes.
        let first = try crashAndWatch(orientd: orientd, removed: removed, bystander: bystander, theirs: theirs,
                                      orientdName: orientdName)
        try eventually("the accelerometer claim is released", timeout: .seconds(20)) { try claimants().isEmpty }

        // Round 2: the bystander keeps a scene on the built-in display, so the claim must stay.
        theirs.append(try bystander.register(app: "crash.bystander.builtin", supported: ["all"]))
        try eventually("orientd claims again") { try claimants().count == 1 }
        let second = try crashAndWatch(orientd: orientd, removed: removed, bystander: bystander, theirs: theirs,
                                       orientdName: orientdName)
        // A release, had orientd sent one, would reach the mock before this round trip through orientd's loop ends.
        XCTAssertTrue(bystander.orientdAnswers())
        XCTAssertEqual(try claimants().count, 1, "a scene on the built-in display is left: the claim stays")

        // The bystander's scenes still work.
        XCTAssertEqual(try bystander.scene(theirs[0], "RequestOrientation", [.s("portrait")]).child(at: 0).string, "portrait")
        XCTAssertTrue(orientd.process.isRunning)
        report("client crash", "2 clients with \(Self.scenesPerClient) scenes each killed (SIGKILL); scenes gone after \(String(format: "%.0f", first * 1000)) ms and \(String(format: "%.0f", second * 1000)) ms")
    }

    /// Starts a python client with 200 scenes on the built-in display, SIGKILLs it, and checks
    /// what follows. Returns the seconds from the kill to the last InterfacesRemoved.
    func crashAndWatch(orientd: OrientdInstance, removed: SignalRecorder, bystander: BusConnection,
                       theirs: [String], orientdName: String) throws -> Double {
        let crashing = try PythonClient.start(address: orientd.bus.address, scenes: Self.scenesPerClient, appId: "crash.victim")
        XCTAssertEqual(crashing.paths.count, Self.scenesPerClient)
        try eventually("orientd holds the accelerometer claim") { try claimants().count == 1 }
        let before = try bystander.managedObjects()
        XCTAssertEqual(Set(before.keys), Set(theirs + crashing.paths))
        XCTAssertTrue(crashing.paths.allSatisfy { before[$0]?.owner == crashing.name })

        removed.clear()
        let killed = ContinuousClock.now
        crashing.process.kill()
        try removed.wait(count: Self.scenesPerClient, timeout: .seconds(30))
        let elapsed = seconds(since: killed)
        // The figure is reported; the bound only catches a stuck cleanup, never a loaded machine.
        XCTAssertLessThan(elapsed, 10.0, "the crashed client's scenes should be gone within seconds")
        XCTAssertEqual(try crashing.process.wait(), .signaled(SIGKILL))

        let after = try bystander.managedObjects()
        XCTAssertEqual(Set(after.keys), Set(theirs), "only the other client's scenes are left")
        for path in theirs { XCTAssertEqual(after[path], before[path], "\(path) changed") }
        try removed.drain(through: orientdName)
        let paths = removed.signals.map { $0.argument(0).string ?? "" }
        XCTAssertEqual(paths.count, Self.scenesPerClient, "one InterfacesRemoved per scene, no more")
        XCTAssertEqual(Set(paths), Set(crashing.paths))
        XCTAssertTrue(removed.signals.allSatisfy { $0.argument(1).stringArray == [Contract.sceneInterface] })
        return elapsed
    }
}
