import Dispatch
import GLibBridge
import TestSupport
import XCTest

/// `addLatestSignal`: however many of a sender's signals arrive while the loop is busy, the
/// handler gets the newest once; another sender's are not taken.
final class LatestSignalTests: BusTestCase {
    func testOnlyTheNewestSignalOfTheSenderReachesTheHandler() throws {
        let received = LockedValue<[String]>([])
        let connection = client.connection
        let sender = service.uniqueName
        let id = client.sync {
            connection.addLatestSignal(sender: sender, interface: TestObject.interface, member: "Shouted", path: TestObject.path) { arguments in
                received.withLock { $0.append(arguments.child(at: 0).string ?? "?") }
            }
        }
        try connection.syncWithBus()
        let forger = try bus.connect()
        defer { forger.close() }

        // The client's loop is held while 500 signals and a forged one arrive.
        let hold = DispatchSemaphore(value: 0)
        client.loop.invoke { hold.wait() }
        for index in 0..<500 {
            try service.connection.emitSignal(path: TestObject.path, interface: TestObject.interface, signal: "Shouted",
                                              parameters: Variant(tuple: [Variant(string: "shout \(index)")]))
        }
        try forger.emitSignal(destination: client.uniqueName, path: TestObject.path, interface: TestObject.interface,
                              signal: "Shouted", parameters: Variant(tuple: [Variant(string: "forged")]))
        // Every signal is ahead of these replies on the client's connection.
        _ = try connection.call(destination: sender, path: "/", interface: "org.freedesktop.DBus.Peer", method: "Ping",
                                timeoutMilliseconds: 10_000)
        _ = try connection.call(destination: forger.uniqueName, path: "/", interface: "org.freedesktop.DBus.Peer",
                                method: "Ping", timeoutMilliseconds: 10_000)
        hold.signal()
        try eventually("the newest signal handled", timeout: .seconds(10)) { !received.value.isEmpty }
        client.sync {}
        XCTAssertEqual(received.value, ["shout 499"])

        try service.connection.emitSignal(path: TestObject.path, interface: TestObject.interface, signal: "Shouted",
                                          parameters: Variant(tuple: [Variant(string: "later")]))
        try eventually("a later signal handled too", timeout: .seconds(10)) { received.value.count == 2 }
        XCTAssertEqual(received.value.last, "later")
        client.sync { connection.removeCoalescedSignal(id) }
    }
}
