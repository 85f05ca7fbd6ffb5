import GLibBridge
import TestSupport
import XCTest

/// What orientd sends the bus before it asks for its name, as a bus monitor (`dbus-monitor`)
/// sees it: the start-up time to the name is spent on what a client can use.
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

    /// No signal before the name (nobody can receive one), the match rule orientd follows
    /// every name with and none per name, and each name's owner asked for once, however many
    /// parts watch it (with no compositor: mutter's DisplayConfig by the output backend's probe,
    /// its arrival watch and the mutter backend `auto` waits with; the Shell by two more).
    func testBeforeItsNameOrientdSendsNoSignalAndAsksEachNameOnce() throws {
        let bus = try PrivateBus()
        let monitor = try ChildProcess(["dbus-monitor", "--address", bus.address])
        defer { _ = monitor.stop() }
        try eventually("dbus-monitor monitoring") { monitor.standardOutput.contains("member=NameLost") }

        let instance = try launch(arguments: ["--sensor", "none"], bus: bus)
        let unique = try serviceUniqueName(instance)
        try eventually("orientd's RequestName seen") {
            messages(monitor.standardOutput).contains { $0.field("sender") == unique && $0.field("member") == "RequestName" }
        }
        let fromOrientd = messages(monitor.standardOutput).filter { $0.field("sender") == unique }
        let beforeName = fromOrientd.prefix { $0.field("member") != "RequestName" }
        let log = "orientd before RequestName:\n" + beforeName.map { ([$0.header] + $0.arguments).joined(separator: "\n  ") }
            .joined(separator: "\n")

        XCTAssertEqual(beforeName.filter(\.isSignal).map { $0.field("member") ?? "" }, [], log)
        let rules = beforeName.filter { $0.field("member") == "AddMatch" }.flatMap(\.arguments)
        XCTAssertFalse(rules.contains { $0.contains("arg0=") }, "a match rule per watched name: \(log)")
        XCTAssertEqual(rules.count, Set(rules).count, log)
        let asked = beforeName.filter { $0.field("member") == "GetNameOwner" }.flatMap(\.arguments)
        XCTAssertEqual(asked.count, Set(asked).count, "a name's owner asked for twice: \(log)")
        XCTAssertTrue(asked.contains("string \"org.gnome.Mutter.DisplayConfig\""), log)
    }
}
