import GLibBridge
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The CallQueue's wait for a reply to be written: only after a large expensive reply.
final class CallQueueTests: XCTestCase {
    /// Echo, made an expensive call: its reply is as large as the text sent.
    static let xml = """
    <node>
      <interface name="org.example.Queue1">
        <method name="Echo"><arg name="text" type="s" direction="in"/><arg name="echo" type="s" direction="out"/></method>
      </interface>
    </node>
    """

    /// The queue lives on the service's loop thread; the box only carries it there.
    final class QueueBox: @unchecked Sendable { var queue: CallQueue? }

    func testOnlyALargeExpensiveReplyIsWrittenBeforeTheNextExpensiveCallRuns() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let service = try bus.connectWithLoop(name: "queue-service")
        defer { service.close() }
        let client = try bus.connect()
        defer { client.close() }
        let info = try InterfaceInfo(xml: Self.xml, name: "org.example.Queue1")
        let echo = try XCTUnwrap(info.method("Echo"))
        let box = QueueBox()
        let connection = service.connection
        let loop = service.loop
        _ = try service.sync { () throws(DBusError) -> ObjectRegistrationID in
            box.queue = CallQueue(loop: loop, connection: connection, expensive: [echo])
            return try connection.registerObject(path: "/org/example/Queue", interface: info, methodCall: { invocation in
                let queue = box.queue!
                let run = { invocation.returnValues(invocation.argument(0)) }
                if queue.runsAtOnce(invocation) { return run() }
                queue.admit(invocation, run)
            }, getProperty: { _ in nil })
        }
        func echoed(_ text: String) throws -> String? {
            try client.call(destination: service.uniqueName, path: "/org/example/Queue", interface: "org.example.Queue1",
                            method: "Echo", parameters: Variant(tuple: [Variant(string: text)]),
                            timeoutMilliseconds: 10_000).child(at: 0).string
        }
        func flushes() -> Int { service.sync { box.queue!.flushes } }

        for _ in 0..<5 { XCTAssertEqual(try echoed("small"), "small") }
        XCTAssertEqual(flushes(), 0, "a small expensive reply is not waited for")
        let large = String(repeating: "x", count: CallQueue.largeReply)
        XCTAssertEqual(try echoed(large)?.count, large.count)
        XCTAssertEqual(flushes(), 1, "a reply of largeReply bytes or more is written before the next expensive call runs")
        XCTAssertEqual(try echoed("small"), "small", "and the next runs once it is")
        XCTAssertEqual(flushes(), 1)
    }
}
