import Foundation
import OrientationWire
import XCTest

/// orientctl reaches orientd only through the client library: its sources hold no D-Bus
/// code, no contract names and no word lists of their own.
final class ClientOnlyTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/OrientctlKit")

    /// Every Swift file of OrientctlKit, by path relative to it.
    func files() throws -> [(name: String, text: String)] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.sources.path))
        var result: [(String, String)] = []
        for case let name as String in enumerator where name.hasSuffix(".swift") {
            result.append((name, try String(contentsOf: Self.sources.appendingPathComponent(name), encoding: .utf8)))
        }
        XCTAssertGreaterThan(result.count, 20, "found the sources at \(Self.sources.path)")
        return result
    }

    func testNoBusCodeOrContractNames() throws {
        let imports = ["import CGio", "import OrientationWire", "import OrientationCore"]
        let calls = ["BusConnection", "g_dbus_", "subscribe(", "watchName(", "Variant(tuple:", "Variant(vardict:"]
        let quoted = ([BusNames.wellKnownName, BusNames.managerPath, BusNames.sceneInterface, BusNames.objectManagerInterface,
                       BusNames.propertiesInterface, "GetAll", "GetManagedObjects"]
                      + ManagerMethod.allCases.map(\.rawValue) + SceneMethod.allCases.map(\.rawValue)).map { "\"\($0)\"" }
        for (name, text) in try files() {
            for word in imports + calls + quoted {
                XCTAssertFalse(text.contains(word), "Sources/OrientctlKit/\(name) has \(word): call the client library instead")
            }
        }
    }
}
