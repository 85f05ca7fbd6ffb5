import Foundation
import GLibBridge
import TestSupport
import XCTest

/// orientd killed with SIGKILL at random moments while a client changes
/// settings, 100 times, on one bus and one state folder. On every restart the settings file
/// parses (nothing is set aside, no warning) and holds either the old or the new value.
///
/// The client changes two settings in steps k = 1, 2, 3, …: SetSettleTime(k), then
/// SetSplitViewThreshold(k), one call at a time; a reply comes only after the file is written.
/// Starting from what the last restart served, the state after the kill must be the state
/// after every acknowledged call (old) or after every call sent, the one in flight included
/// (new): nothing else, nothing in between.
final class ServiceCrashTests: OrientdTestCase {
    /// Each test starts the orientds it needs.
    override var startsOrientdInSetUp: Bool { false }

    static let restarts = 100
    static let stepsPerRun = 40
    static let policies = 40

    struct Pump: Sendable {
        /// This run's calls, in order: (is it SetSettleTime, value).
        var sent: [(settle: Bool, value: UInt32)] = []
        var acknowledged = 0
        var failure: String?
    }

    /// (SettleTime, SplitViewThreshold) after `calls` applied to `state`.
    static func apply(_ calls: ArraySlice<(settle: Bool, value: UInt32)>, to state: (UInt32, UInt32)) -> (UInt32, UInt32) {
        calls.reduce(state) { state, call in call.settle ? (call.value, state.1) : (state.0, call.value) }
    }

    func testSettingsSurviveSIGKILLWhileTheyChange() throws {
        let seed = testSeed(default: 0x5E771)
        var random = SeededGenerator(seed: seed)
        let start = ContinuousClock.now
        let bus = try makeBus()
        let stateHome = try OrientdInstance.temporaryDirectory()
        let folder = stateHome + "/orientd"
        let client = try bus.connect()
        defer { client.close() }

        // A settings file of a few kB: app policies that must survive every crash too.
        var orientd = try launch(bus: bus, stateHome: stateHome)
        for index in 0..<Self.policies {
            try client.manager("SetAppPolicy", [.s("crash.policy\(index)"), .vardict(["allowed-orientations": .strings(["portrait", "landscape"])])])
        }
        try client.manager("SetSettleTime", [.u(0)])
        try client.manager("SetSplitViewThreshold", [.u(0)])
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: folder + "/settings.ini")[.size] as? Int) ?? 0

        var served: (UInt32, UInt32) = (0, 0)
        var killedInFlight = 0
        var outcomes = (old: 0, new: 0)
        var next: UInt32 = 1
        for run in 0..<Self.restarts {
            let pump = LockedValue(Pump())
            let first = next
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                defer { done.signal() }
                for k in first..<(first + UInt32(Self.stepsPerRun)) {
                    for (method, settle) in [("SetSettleTime", true), ("SetSplitViewThreshold", false)] {
                        pump.withLock { $0.sent.append((settle, k)) }
                        switch client.orientd(Contract.managerPath, Contract.managerInterface, method, [.u(k)], timeout: 5_000) {
                        case .success:
                            pump.withLock { $0.acknowledged += 1 }
                        case .failure(let error):
                            if error.name != DBusError.noReply && error.name != "org.freedesktop.DBus.Error.ServiceUnknown" {
                                pump.withLock { $0.failure = "\(method)(\(k)): \(error)" }
                            }
                            return
                        }
                    }
                }
            }
            // Kill it at a random moment once the changes are flowing.
            try eventually("the first change of run \(run) is acknowledged") { pump.value.acknowledged > 0 }
            usleep(UInt32.random(in: 0...12_000, using: &random))
            orientd.process.kill()
            XCTAssertEqual(try orientd.process.wait(), .signaled(SIGKILL))
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the client's calls did not end after the kill")
            let atKill = pump.value
            if let failure = atKill.failure { XCTFail("run \(run): \(failure)"); break }
            if atKill.sent.count > atKill.acknowledged { killedInFlight += 1 }
            let old = Self.apply(atKill.sent.prefix(atKill.acknowledged), to: served)
            let new = Self.apply(atKill.sent[...], to: served)

            orientd = try launch(bus: bus, stateHome: stateHome)
            let properties = try client.managerProperties()
            let now = (try XCTUnwrap(properties["SettleTime"]?.uint32), try XCTUnwrap(properties["SplitViewThreshold"]?.uint32))
            if now == new && new != old { outcomes.new += 1 } else if now == old { outcomes.old += 1 }
            XCTAssertTrue(now == old || now == new,
                          "run \(run): restarted with (SettleTime, SplitViewThreshold) = \(now); old \(old), new \(new)")
            XCTAssertFalse(orientd.log.contains("warning"), "run \(run): orientd warned at start: \(orientd.log)")
            let policies = try client.manager("GetAppPolicies").child(at: 0).childCount
            XCTAssertEqual(policies, Self.policies, "run \(run): app policies lost")
            let file = try String(contentsOfFile: folder + "/settings.ini", encoding: .utf8)
            XCTAssertTrue(file.contains("\nSettleTime=\(now.0)\n") && file.contains("\nSplitViewThreshold=\(now.1)\n"),
                          "run \(run): the file does not hold what orientd serves:\n\(file)")
            if testRun.map({ $0.failureCount > 0 }) == true { break }
            served = now
            next = (atKill.sent.last?.value ?? next) + 1
        }
        let leftovers = (try FileManager.default.contentsOfDirectory(atPath: folder)).filter { $0 != "settings.ini" && $0 != "orientd.lock" }
        XCTAssertFalse(leftovers.contains { $0.contains("corrupt") }, "a settings file was set aside: \(leftovers)")
        orientd.stop()
        try? FileManager.default.removeItem(atPath: stateHome)
        report("service crash", "seed \(seed), \(Self.restarts) SIGKILLs while settings changed (\(killedInFlight) with a call in flight; the restart served the old value \(outcomes.old) times, the new one \(outcomes.new) times), settings file \(fileSize) bytes, last value \(next - 1), \(leftovers.count) temporary files left behind, \(String(format: "%.1f", seconds(since: start))) s")
    }
}
