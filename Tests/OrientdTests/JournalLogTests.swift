import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The log reaches the journal with priorities and fields, as the journal
/// receives it. A fake journal (`Tests/Fixtures/journal/fake-journal.py`) binds the journal's
/// sockets in a private mount namespace (`unshare -m`, root), so the real protocol is read:
/// with stderr connected to the journal's stream (a systemd unit), and with stderr on
/// /dev/null (D-Bus activation by a plain dbus-daemon), where the lines went nowhere before.
final class JournalLogTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/journal/fake-journal.py").path

    func testUnderAUnitTheJournalGetsPrioritiesAndFields() throws {
        try checkJournal(mode: "stream")
    }

    func testActivatedWithStderrOnDevNullTheLinesStillReachTheJournal() throws {
        try checkJournal(mode: "null")
    }

    private func checkJournal(mode: String) throws {
        guard (try? runCommand(["unshare", "-m", "true"]))?.status == .exited(0) else {
            throw XCTSkip("needs root for a private mount namespace (unshare -m)")
        }
        let bus = try PrivateBus()
        defer { bus.stop() }
        let xdg = try XDGFolders(removedAfter: self)
        // A configuration line with an unknown key holding ESC: a warning, escaped.
        try xdg.write(xdg.administrator + "/orientd.conf", "[Manager]\nBogus\u{1B}[31mKey=1\n", atomically: true)
        let environment = bus.sessionEnvironment.merging(xdg.environment) { _, new in new }
        let journal = try ChildProcess(["unshare", "-m", "python3", Self.fixture, mode,
                                        OrientdInstance.product("orientd"), "--sensor", "none", "--verbose"],
                                       environment: environment)
        defer { journal.stop() }
        XCTAssertEqual(try journal.firstLineOfOutput(), "ready", journal.standardError)
        let client = try bus.connect()
        try eventually("orientd owns its name", timeout: .seconds(20)) { try client.nameOwner(Contract.busName) != nil }
        // A client with a scene leaves: a debug line (--verbose).
        _ = try client.call(destination: Contract.busName, path: Contract.managerPath, interface: Contract.managerInterface,
                            method: "RegisterScene", parameters: Variant(tuple: [.vardict(["app-id": .s("journal.app")])]))
        client.close()
        let watcher = try bus.connect()
        defer { watcher.close() }
        try eventually("the scene went", timeout: .seconds(20)) {
            let reply = try watcher.call(destination: Contract.busName, path: Contract.managerPath, interface: Contract.objectManager,
                                         method: "GetManagedObjects", parameters: Variant(tuple: []))
            return reply.child(at: 0).childCount == 0
        }
        journal.terminate()
        XCTAssertEqual(try journal.wait(timeout: .seconds(30)), .exited(0), journal.standardError)

        let lines = journal.standardOutput.split(separator: "\n").dropFirst()
        let entries = lines.filter { $0.hasPrefix("{") }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
        }
        func entry(_ text: String) -> [String: String]? { entries.first { $0["MESSAGE"]?.contains(text) == true } }
        let warning = try XCTUnwrap(entry("Bogus"), journal.standardOutput)
        XCTAssertEqual(warning["PRIORITY"], "4")
        XCTAssertTrue(warning["MESSAGE"]!.contains(#"Bogus\e[31mKey"#), "ESC shown escaped: \(warning)")
        let serving = try XCTUnwrap(entry("serving io.github.orientd"), journal.standardOutput)
        XCTAssertEqual(serving["PRIORITY"], "6")
        XCTAssertEqual(try XCTUnwrap(entry("left the bus"), journal.standardOutput)["PRIORITY"], "7")
        XCTAssertEqual(try XCTUnwrap(entry("signal 15: exiting"), journal.standardOutput)["PRIORITY"], "6")
        for entry in entries {
            XCTAssertEqual(entry["GLIB_DOMAIN"], "orientd", "\(entry)")
            XCTAssertEqual(entry["SYSLOG_IDENTIFIER"], "orientd", "\(entry)")
            XCTAssertNotNil(entry["CODE_FILE"], "\(entry)")
            XCTAssertFalse(entry["MESSAGE"]!.hasPrefix("orientd:"), "the journal names the sender: \(entry)")
            XCTAssertFalse(entry["MESSAGE"]!.contains("\u{1B}"), "\(entry)")
        }
        XCTAssertEqual(lines.last, #"stream: """#, "nothing went to stderr as plain text")
    }
}
