import GLibBridge
import TestSupport
import XCTest

/// `answerUnservedCalls`: calls two levels below a root, in a folder the service does not
/// serve, get the service's error before GDBus dispatches them; everything else passes.
final class UnservedCallsTests: BusTestCase {
    private let root = "/org/example/Tree"

    private func error(calling path: String) -> DBusError? {
        do {
            _ = try client.connection.call(destination: service.uniqueName, path: path, interface: TestObject.interface,
                                           method: "Echo", parameters: Variant(tuple: [Variant(string: "hi")]),
                                           replyType: "(s)", timeoutMilliseconds: 20_000)
            return nil
        } catch {
            return error
        }
    }

    func testOnlyCallsInAnUnservedFolderAreAnsweredByTheFilter() throws {
        service.connection.answerUnservedCalls(
            twoLevelsBelow: root, isServed: { $0 == "served" }, errorName: "org.example.Error.Gone",
            message: { "nothing at \($0)" })
        XCTAssertEqual(error(calling: root + "/gone/1"), DBusError(name: "org.example.Error.Gone", message: "nothing at \(root)/gone/1"))
        // GDBus's own answer for a path with no object: the filter let these through.
        let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        for path in [root + "/served/1", root + "/gone", root + "/gone/1/2", "/org/example/Other/gone/1", root + "gone/1"] {
            XCTAssertEqual(error(calling: path)?.name, unknownMethod, path)
        }
        // And the service's objects answer as before.
        XCTAssertNil(error(calling: TestObject.path))
    }
}
