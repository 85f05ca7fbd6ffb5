import Dispatch
import Foundation
import GLibBridge
import Glibc
import TestSupport
import XCTest

/// An OK reply means it is on disk. Each test drives the built orientd over a
/// private bus and checks the state file, not just the replies.
final class AcknowledgedWriteTests: OrientdTestCase {
    private var xdg: XDGFolders!
    private var home: String { xdg.root }
    private var folder: String { home + "/orientd" }
    private var settingsPath: String { folder + "/settings.ini" }

    /// Each test starts its orientds on the test's state folder.
    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        xdg = try makeXDGFolders()
    }

    private func start(bus: PrivateBus? = nil, arguments: [String] = ["--sensor", "none"]) throws -> OrientdInstance {
        try launch(arguments: arguments, bus: bus, stateHome: home, timeout: .seconds(30))
    }

    /// The environment orientd ran with (bus, state home, XDG folders), for a second start.
    private func environment(of instance: OrientdInstance) -> [String: String] {
        instance.environment.merging(xdg.environment) { _, new in new }
    }

    /// The SettleTime property orientd serves.
    private func settleTimeServed(_ connection: BusConnection) throws -> UInt32? {
        try connection.orientd(Contract.managerPath, Contract.properties, "Get", [.s(Contract.managerInterface), .s("SettleTime")])
            .get().child(at: 0).unboxed?.uint32
    }

    private func settleTimeOnDisk() throws -> UInt32? {
        let text = try String(contentsOfFile: settingsPath, encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.hasPrefix("SettleTime=") }
        return line.flatMap { UInt32($0.dropFirst("SettleTime=".count)) }
    }

    /// 30 second starts on the same state folder during a stream of saves: each is refused,
    /// names the running instance's pid and exits non-zero; the running instance loses nothing.
    func testSecondStartsAreRefusedAndNoAcknowledgedSaveIsLost() throws {
        let first = try start()
        let client = try first.bus.connectWithLoop(name: "saver")
        defer { client.close() }
        let saves = 3_000
        let results = LockedValue<[Result<Variant, DBusError>]?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let replies = try? client.pipeline(saves, window: 8) { index in
                (Contract.managerPath, Contract.managerInterface, "SetSettleTime", [.u(UInt32(index % 10_000) + 1)])
            }
            results.withLock { $0 = replies }
            finished.signal()
        }
        var refused = 0
        let started = ContinuousClock.now
        for _ in 0..<30 {
            let second = try ChildProcess([OrientdInstance.product("orientd"), "--sensor", "none"], environment: environment(of: first))
            let status = try second.wait(timeout: .seconds(30))
            XCTAssertEqual(status, .exited(1), second.standardError)
            XCTAssertTrue(second.standardError.contains("process \(first.process.pid)"), "the second start names the holder: \(second.standardError)")
            XCTAssertTrue(second.standardError.contains(folder), second.standardError)
            if status == .exited(1) { refused += 1 }
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 120), .success, "the saves did not finish")
        let replies = try XCTUnwrap(results.value)
        let failed = replies.filter { $0.errorName != nil }
        XCTAssertEqual(failed.count, 0, "\(failed.prefix(3))")
        let last = UInt32((saves - 1) % 10_000) + 1
        XCTAssertEqual(try settleTimeOnDisk(), last, "the last acknowledged value is on disk")
        XCTAssertTrue(first.process.isRunning)
        XCTAssertFalse(first.log.contains("could not save"), first.log)
        XCTAssertEqual(first.stop(), .exited(0), first.log)
        let again = try start()
        let connection = try again.bus.connect()
        defer { connection.close() }
        XCTAssertEqual(try settleTimeServed(connection), last)
        report("acknowledged writes: second starts", "\(refused) of 30 second starts refused with the holder's pid while \(saves) saves ran; \(failed.count) failed saves, lost acknowledged writes: 0 (last value \(last) on disk), \(String(format: "%.1f", seconds(since: started))) s")
    }

    /// A save that fails answers SaveFailed, and nothing changed: not the property, no signal.
    func testAFailedSaveAnswersSaveFailedAndChangesNothing() throws {
        let orientd = try start()
        let client = try orientd.bus.connectWithLoop(name: "setter")
        defer { client.close() }
        try client.connection.manager("SetSettleTime", [.u(100)])
        // A folder in place of the settings file: the rename over it fails.
        try FileManager.default.removeItem(atPath: settingsPath)
        try FileManager.default.createDirectory(atPath: settingsPath + "/in-the-way", withIntermediateDirectories: true)
        let recorder = try SignalRecorder(client, sender: Contract.busName, interface: nil, member: nil, path: nil)
        let result = client.connection.orientd(Contract.managerPath, Contract.managerInterface, "SetSettleTime", [.u(200)])
        XCTAssertEqual(result.errorName, Contract.error("SaveFailed"), "\(result)")
        if case .failure(let error) = result {
            XCTAssertTrue(error.message.contains(settingsPath), error.message)
        }
        let policy = client.connection.orientd(Contract.managerPath, Contract.managerInterface, "SetAppPolicy",
                                               [.s("org.example.App"), .vardict(["follow-sensor": .b(false)])])
        XCTAssertEqual(policy.errorName, Contract.error("SaveFailed"))
        let owner = try XCTUnwrap(try client.connection.nameOwner(Contract.busName))
        try recorder.drain(through: owner)
        XCTAssertEqual(recorder.signals.map(\.member), [], "a refused change is not signalled")
        XCTAssertEqual(try settleTimeServed(client.connection), 100, "memory is unchanged")
        XCTAssertEqual(try client.connection.manager("GetAppPolicies").child(at: 0).childCount, 0, "no app policy was added")

        // Once the folder is out of the way, saving works again and survives a restart.
        try FileManager.default.removeItem(atPath: settingsPath)
        try client.connection.manager("SetSettleTime", [.u(300)])
        XCTAssertEqual(try settleTimeOnDisk(), 300)
        XCTAssertEqual(orientd.stop(), .exited(0))
        let again = try start()
        let connection = try again.bus.connect()
        defer { connection.close() }
        XCTAssertEqual(try settleTimeServed(connection), 300)
        report("acknowledged writes: failed save", "SaveFailed for 2 setters while the settings file was a folder; property unchanged, 0 signals; lost acknowledged writes: 0")
    }

    /// A settings file orientd may not read is not corrupt: it stays, defaults are served, and
    /// nothing is saved over it.
    func testAnUnreadableSettingsFileIsLeftAloneAndNotOverwritten() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Permission denied for any user, root included: /proc/sys/vm/drop_caches is write-only.
        try FileManager.default.createSymbolicLink(atPath: settingsPath, withDestinationPath: "/proc/sys/vm/drop_caches")
        let orientd = try start()
        XCTAssertTrue(orientd.log.contains("permission denied"), orientd.log)
        XCTAssertTrue(orientd.log.contains(settingsPath), orientd.log)
        let client = try orientd.bus.connect()
        defer { client.close() }
        XCTAssertNotNil(try client.register(["app-id": .s("org.example.App")]), "it serves")
        let result = client.orientd(Contract.managerPath, Contract.managerInterface, "SetRotationLocked", [.b(true)])
        XCTAssertEqual(result.errorName, Contract.error("SaveFailed"), "\(result)")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: settingsPath), "/proc/sys/vm/drop_caches", "the file is where it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("corrupt") }, [])
    }

    /// A FIFO in place of the settings file never blocks orientd, and stays.
    func testAFIFOInPlaceOfTheSettingsFileDoesNotBlock() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(settingsPath, 0o600), 0)
        let started = ContinuousClock.now
        let orientd = try start()
        let took = seconds(since: started)
        XCTAssertTrue(orientd.log.contains("FIFO"), orientd.log)
        var info = stat()
        XCTAssertEqual(lstat(settingsPath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still there")
        let client = try orientd.bus.connect()
        defer { client.close() }
        XCTAssertEqual(client.orientd(Contract.managerPath, Contract.managerInterface, "SetKioskMode", [.b(true), .s("")]).errorName,
                       Contract.error("SaveFailed"))
        report("acknowledged writes: FIFO", "orientd owned its name \(String(format: "%.2f", took)) s after start with a FIFO as its settings file")
    }

    /// Start-up removes only orientd's own interrupted write, never a user's look-alike file.
    func testStartUpRemovesOnlyItsOwnInterruptedWrite() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let users = ["settings.ini.backup", "settings.ini.AB12cd", "settings.ini.orig"]
        for name in users + [".settings.ini.orientd-write"] {
            try Data("[orientd]\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let orientd = try start()
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        XCTAssertTrue(Set(users).isSubset(of: names), "\(names)")
        XCTAssertFalse(names.contains(".settings.ini.orientd-write"), "\(names)")
        XCTAssertTrue(orientd.log.contains(".settings.ini.orientd-write"), "the removal is logged: \(orientd.log)")
    }

    /// --replace on the same state folder: the new instance serves the same settings, and
    /// saves once the old one let go of the folder.
    func testReplaceOnTheSameStateFolderTakesTheSettingsOver() throws {
        let first = try start()
        let client = try first.bus.connect()
        try client.manager("SetSettleTime", [.u(77)])
        client.close()
        let second = try start(bus: first.bus, arguments: ["--sensor", "none", "--replace"])
        XCTAssertEqual(try first.process.wait(timeout: .seconds(30)), .exited(0), first.log)
        let connection = try second.bus.connect()
        defer { connection.close() }
        try eventually("the new instance serves the first one's settings", timeout: .seconds(30)) {
            try self.settleTimeServed(connection) == 77
        }
        // The new instance serves the settings on disk at once and saves once the state
        // folder's lock is its own (polled from its main loop after the old one ended).
        try eventually("the new instance saves", timeout: .seconds(30)) {
            connection.orientd(Contract.managerPath, Contract.managerInterface, "SetSettleTime", [.u(78)]).errorName == nil
        }
        XCTAssertEqual(try settleTimeOnDisk(), 78)
    }

    /// SIGTERM during a stream of calls: a value on disk was acknowledged to its caller (the
    /// replies are flushed before exit), and no acknowledged value is missing from disk.
    func testSIGTERMDuringAStreamFlushesTheReplies() throws {
        var rounds: [String] = []
        for round in 0..<5 {
            let orientd = try start()
            let client = try orientd.bus.connectWithLoop(name: "stream")
            let results = LockedValue<[Result<Variant, DBusError>]?>(nil)
            let finished = DispatchSemaphore(value: 0)
            let base = UInt32(round * 2_000)
            DispatchQueue.global().async {
                let replies = try? client.pipeline(1_500, window: 16) { index in
                    (Contract.managerPath, Contract.managerInterface, "SetSettleTime", [.u(base + UInt32(index) + 1)])
                }
                results.withLock { $0 = replies }
                finished.signal()
            }
            try eventually("some saves done", timeout: .seconds(30)) { ((try? self.settleTimeOnDisk()) ?? nil ?? 0) > base + 50 }
            orientd.process.send(SIGTERM)
            XCTAssertEqual(try orientd.process.wait(timeout: .seconds(30)), .exited(0), orientd.log)
            XCTAssertEqual(finished.wait(timeout: .now() + 120), .success)
            client.close()
            let replies = try XCTUnwrap(results.value)
            let onDisk = try XCTUnwrap(try settleTimeOnDisk())
            let index = Int(onDisk - base) - 1
            XCTAssertNil(replies[index].errorName, "round \(round): value \(onDisk) is on disk but its caller got \(replies[index])")
            let acknowledged = replies.indices.filter { replies[$0].errorName == nil }
            let lost = acknowledged.filter { $0 > index }
            XCTAssertEqual(lost, [], "round \(round): acknowledged but not on disk")
            rounds.append("\(acknowledged.count) acknowledged, \(replies.count - acknowledged.count) unanswered")
        }
        report("acknowledged writes: SIGTERM", "5 SIGTERMs during 1,500 pipelined saves each: \(rounds.joined(separator: "; ")); lost acknowledged writes: 0, unacknowledged on disk: 0")
    }
}
