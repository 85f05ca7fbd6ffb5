import GLibBridge
import TestSupport
import XCTest

/// Match rules by hand, subscriptions without a rule, the sender of a reply, and filters.
final class MatchRuleTests: BusTestCase {
    private let interface = "org.example.Rules"

    /// Broadcasts from the service, and waits until the bus has routed it.
    private func broadcast(_ path: String, _ value: String) throws {
        try service.connection.emitSignal(path: path, interface: interface, signal: "Said",
                                          parameters: Variant(tuple: [Variant(string: value)]))
        try service.connection.syncWithBus()
    }

    func testOnlyTheRulesAddedByHandBringBroadcastsToARulelessSubscription() throws {
        let received = LockedValue<[String]>([])
        let connection = client.connection, interface = self.interface
        client.sync {
            connection.subscribeWithoutMatchRule(interface: interface, member: "Said") { signal in
                received.withLock { $0.append("\(signal.path) \(signal.argument(0).string ?? "")") }
            }
        }
        let rule = "type='signal',sender='\(service.uniqueName)',interface='\(interface)',path='/a'"
        try broadcast("/a", "before the rule")
        connection.addMatch(rule)
        try connection.syncWithBus()
        try broadcast("/a", "routed")
        try broadcast("/b", "another path")
        connection.removeMatch(rule)
        try connection.syncWithBus()
        try broadcast("/a", "after the rule")
        // A unicast passes no rule: it arrives, and marks the end.
        try service.connection.emitSignal(destination: client.uniqueName, path: "/c", interface: interface,
                                          signal: "Said", parameters: Variant(tuple: [Variant(string: "unicast")]))
        try eventually("the unicast", timeout: .seconds(20)) { received.value.last == "/c unicast" }
        XCTAssertEqual(received.value, ["/a routed", "/c unicast"])
    }

    func testAReplyTellsItsSender() throws {
        let (reply, sender) = try client.connection.callReturningSender(
            destination: service.uniqueName, path: TestObject.path, interface: TestObject.interface,
            method: "Echo", parameters: Variant(tuple: [Variant(string: "hi")]), replyType: "(s)",
            timeoutMilliseconds: 5_000)
        XCTAssertEqual(reply.child(at: 0).string, "hi")
        XCTAssertEqual(sender, service.uniqueName)
        XCTAssertThrowsError(try client.connection.callReturningSender(
            destination: service.uniqueName, path: TestObject.path, interface: TestObject.interface,
            method: "Fail", parameters: Variant(tuple: [Variant(string: "org.example.Error.Custom"), Variant(string: "no")])
        )) { XCTAssertEqual($0 as? DBusError, DBusError(name: "org.example.Error.Custom", message: "no")) }
        XCTAssertThrowsError(try client.connection.callReturningSender(
            destination: service.uniqueName, path: TestObject.path, interface: TestObject.interface,
            method: "Echo", parameters: Variant(tuple: [Variant(string: "hi")]), replyType: "(u)"
        )) { XCTAssertEqual(($0 as? DBusError)?.name, DBusError.invalidArgs, "\($0)") }
    }

    func testAFilterSeesEveryIncomingMessageUntilRemoved() throws {
        let seen = LockedValue<[String]>([])
        let interface = self.interface
        // Only this test's signals (the bus may still be sending its own, such as NameAcquired).
        let id = client.connection.addFilter { message in
            if message.isSignal, message.interface == interface { seen.withLock { $0.append("\(message.sender) \(message.interface).\(message.member)") } }
        }
        try service.connection.emitSignal(destination: client.uniqueName, path: "/a", interface: interface, signal: "Said",
                                          parameters: Variant(tuple: [Variant(string: "one")]))
        try eventually("the signal", timeout: .seconds(20)) { seen.value.count == 1 }
        XCTAssertEqual(seen.value, ["\(service.uniqueName) \(interface).Said"])
        client.connection.removeFilter(id)
        try service.connection.emitSignal(destination: client.uniqueName, path: "/a", interface: interface, signal: "Said",
                                          parameters: Variant(tuple: [Variant(string: "two")]))
        try callTest("Echo", [Variant(string: "after")])  // the service's signal arrived before this reply
        XCTAssertEqual(seen.value.count, 1)
    }
}
