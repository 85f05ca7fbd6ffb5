import GLibBridge
import TestSupport
import XCTest

/// What orientd sends the bus as it starts, as a bus monitor (`dbus-monitor`) sees it: the
/// start-up time to the name is spent on what a client can use.
final class StartUpMessagesTests: OrientdTestCase {
    override var startsOrientdInSetUp: Bool { false }

    /// A message as `dbus-monitor` prints it: its first line, then its arguments.
    private struct Message {
        let header: String
        var arguments: [String] = []
        func field(_ name: String) -> String? {
            header.split(separator: " ").first { $0.hasPrefix(name + "=") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: ";")) }
        }
        var isSignal: Bool { header.hasPrefix("signal ") }
    }

    private func messages(_ output: String) -> [Message] {
        var messages: [Message] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == " " {
                if !messages.isEmpty { messages[messages.count - 1].arguments.append(line.trimmingCharacters(in: .whitespaces)) }
            } else {
                messages.append(Message(header: String(line)))
            }
        }
        return messages
    }

    /// The name first: orientd asks for it before its parts ask the bus about compositors
    /// (their first walks overlap the bus's answer; the calls wait for them instead), and sends
    /// no signal before its first reply (nothing a client could have read has changed). The
    /// parts follow every name with the one match rule orientd follows clients leaving with
    /// (none per name), and ask each name's owner once, however many parts watch it (with no
    /// compositor: mutter's DisplayConfig by the output backend's probe, its arrival watch and
    /// the mutter backend `auto` waits with; the Shell by two more).
    func testOrientdAsksForItsNameFirstAndEachNameOnceWithNoSignalBeforeItsFirstReply() throws {
        let bus = try PrivateBus()
        let monitor = try ChildProcess(["dbus-monitor", "--address", bus.address])
        defer { _ = monitor.stop() }
        try eventually("dbus-monitor monitoring") { monitor.standardOutput.contains("member=NameLost") }

        let instance = try launch(arguments: ["--sensor", "none"], bus: bus)
        let unique = try serviceUniqueName(instance)
        // Answered once the parts' first answers are in: their start is on the bus by then.
        let probe = try bus.connect()
        defer { probe.close() }
        _ = try probe.call(destination: Contract.busName, path: Contract.managerPath, interface: Contract.properties, method: "Get",
                           parameters: Variant(tuple: [Variant(string: Contract.managerInterface), Variant(string: "Version")]))
        try eventually("orientd's reply seen") {
            messages(monitor.standardOutput).contains { $0.field("sender") == unique && $0.header.hasPrefix("method return") }
        }
        let fromOrientd = messages(monitor.standardOutput).filter { $0.field("sender") == unique }
        let beforeReply = Array(fromOrientd.prefix { !$0.header.hasPrefix("method return") })
        let log = "orientd before its first reply:\n" + beforeReply.map { ([$0.header] + $0.arguments).joined(separator: "\n  ") }
            .joined(separator: "\n")
        let beforeName = beforeReply.prefix { $0.field("member") != "RequestName" }

        XCTAssertEqual(beforeReply.filter(\.isSignal).map { $0.field("member") ?? "" }, [], log)
        XCTAssertLessThan(beforeName.count, beforeReply.count, "RequestName: \(log)")
        XCTAssertEqual(beforeName.filter { $0.field("member") == "GetNameOwner" }.count, 0, "a part before the name: \(log)")
        let rules = beforeReply.filter { $0.field("member") == "AddMatch" }.flatMap(\.arguments)
        XCTAssertFalse(rules.contains { $0.contains("arg0=") }, "a match rule per watched name: \(log)")
        XCTAssertEqual(rules.count, Set(rules).count, log)
        let asked = beforeReply.filter { $0.field("member") == "GetNameOwner" }.flatMap(\.arguments)
        XCTAssertEqual(asked.count, Set(asked).count, "a name's owner asked for twice: \(log)")
        XCTAssertTrue(asked.contains("string \"org.gnome.Mutter.DisplayConfig\""), log)
    }
}
