import GLibBridge
import TestSupport
import XCTest

final class SignalTests: BusTestCase {
    func testRecorderReceivesABroadcastSignal() throws {
        let recorder = try SignalRecorder(client, sender: service.uniqueName, interface: TestObject.interface,
                                          member: "Shouted", path: TestObject.path)
        try callTest("Shout", [Variant(string: "hi")])
        let signal = try recorder.first(member: "Shouted")
        XCTAssertEqual(signal.sender, service.uniqueName)
        XCTAssertEqual(signal.path, TestObject.path)
        XCTAssertEqual(signal.interface, TestObject.interface)
        XCTAssertEqual(signal.argument(0).string, "hi")
        XCTAssertEqual(signal.parameters.typeString, "(s)")
    }

    func testSignalsEmittedFromAnotherProcessAreRecordedInOrder() throws {
        let recorder = try SignalRecorder(client, interface: TestObject.interface, member: "Shouted")
        for word in ["one", "two", "three"] {
            // Not `gdbus emit --address`: that connects as a peer, skips Hello, and the bus
            // drops its signal.
            let output = try runTool(["dbus-send", "--bus=\(bus.address)", "--type=signal", "/x",
                                      "org.example.Test1.Shouted", "string:\(word)"])
            XCTAssertTrue(output.succeeded, "\(output)")
        }
        let signals = try recorder.wait(count: 3)
        XCTAssertEqual(signals.map { $0.argument(0).string }, ["one", "two", "three"])
        XCTAssertEqual(signals[0].path, "/x")
    }

    func testArg0Filter() throws {
        let yes = try SignalRecorder(client, member: "Shouted", arg0: "yes")
        let all = try SignalRecorder(client, member: "Shouted")
        for word in ["no", "yes", "no"] { try callTest("Shout", [Variant(string: word)]) }
        try all.wait(count: 3)
        try yes.drain(through: service.uniqueName)
        XCTAssertEqual(yes.signals.map { $0.argument(0).string }, ["yes"])
    }

    func testUnicastSignalReachesOnlyItsDestination() throws {
        let other = try bus.connectWithLoop(name: "other-loop")
        defer { other.close() }
        let mine = try SignalRecorder(client, member: "Shouted")
        let theirs = try SignalRecorder(other, member: "Shouted")
        try callTest("Whisper", [Variant(string: client.uniqueName), Variant(string: "psst")])
        XCTAssertEqual(try mine.first(member: "Shouted").argument(0).string, "psst")
        try theirs.drain(through: service.uniqueName)
        XCTAssertEqual(theirs.count, 0)
    }

    func testSenderFilterByWellKnownName() throws {
        XCTAssertEqual(try service.connection.requestName("org.example.Shouter"), .primaryOwner)
        let fromShouter = try SignalRecorder(client, sender: "org.example.Shouter", member: "Shouted")
        let fromElsewhere = try SignalRecorder(client, sender: "org.example.Elsewhere", member: "Shouted")
        try callTest("Shout", [Variant(string: "named")])
        XCTAssertEqual(try fromShouter.first(member: "Shouted").argument(0).string, "named")
        try fromElsewhere.drain(through: service.uniqueName)
        XCTAssertEqual(fromElsewhere.count, 0)
    }

    func testStopAndClear() throws {
        let recorder = try SignalRecorder(client, member: "Shouted")
        try callTest("Shout", [Variant(string: "a")])
        try recorder.wait(count: 1)
        recorder.clear()
        XCTAssertEqual(recorder.count, 0)
        recorder.stop()
        recorder.stop()
        try callTest("Shout", [Variant(string: "b")])
        try recorder.drain(through: service.uniqueName)
        XCTAssertEqual(recorder.count, 0)
    }

    func testWaitTimesOutWithAClearMessage() throws {
        let recorder = try SignalRecorder(client, member: "Never")
        XCTAssertThrowsError(try recorder.wait(count: 1, timeout: .milliseconds(50))) { error in
            XCTAssertTrue("\(error)".contains("timed out after"), "\(error)")
            XCTAssertTrue("\(error)".contains("1 signal(s)"), "\(error)")
        }
    }

    func testSubscribeOnTheMainContextDispatchesWhenIterated() throws {
        // The XCTest main thread owns the default context while nothing runs it.
        let mainLoop = MainLoop()
        let words = LockedValue<[String]>([])
        let connection = try bus.connect()
        defer { connection.close() }
        let id = connection.subscribe(member: "Shouted") { signal in
            XCTAssertTrue(Thread.isMainThread)
            words.withLock { $0.append(signal.argument(0).string!) }
        }
        try connection.syncWithBus()
        try callTest("Shout", [Variant(string: "main")])
        try eventually("the signal on the main context", iterating: mainLoop) { words.value == ["main"] }
        connection.unsubscribe(id)
    }
}
