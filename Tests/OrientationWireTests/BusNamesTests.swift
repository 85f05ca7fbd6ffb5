import OrientationCore
import XCTest
import OrientationWire

final class BusNamesTests: XCTestCase {
    func testScenePathIsNamedAfterItsCreatorAndRoundTrips() {
        XCTAssertEqual(BusNames.path(of: 42, creator: ":1.42"), "/io/github/orientd/OrientationManager1/scene/_3a1_2e42/42")
        XCTAssertEqual(BusNames.namespace(of: ":1.42"), "/io/github/orientd/OrientationManager1/scene/_3a1_2e42")
        let parsed = BusNames.scene(at: "/io/github/orientd/OrientationManager1/scene/_3a1_2e42/42")
        XCTAssertEqual(parsed?.element, "_3a1_2e42")
        XCTAssertEqual(parsed?.id, 42)
        XCTAssertEqual(BusNames.scene(at: BusNames.path(of: .max, creator: ":9.9"))?.id, .max)
        // The short path of scene 42, which orientd accepts for calls and reads too.
        let short = BusNames.scene(at: "/io/github/orientd/OrientationManager1/scene/42")
        XCTAssertNil(short?.element)
        XCTAssertEqual(short?.id, 42)
    }

    func testAScenePathIsItsNamespaceAndItsNumberInDecimal() {
        let namespace = "/io/github/orientd/OrientationManager1/scene/_3a1_2e7"
        for number: SceneID in [0, 1, 9, 10, 99, 100, 1_000, 123_456_789, .max - 1, .max] {
            XCTAssertEqual(BusNames.path(of: number, in: namespace), namespace + "/" + String(number))
        }
        XCTAssertEqual(BusNames.path(of: 5, in: ""), "/5")
    }

    func testNamespaceElementsAreValidPathElementsAndDistinct() {
        // Letters and digits stay; every other byte is _ and two hex digits, '_' included,
        // so names that differ give elements that differ.
        XCTAssertEqual(SceneNamespace.element(for: ":1.42"), "_3a1_2e42")
        XCTAssertEqual(SceneNamespace.element(for: "abcXYZ09"), "abcXYZ09")
        XCTAssertEqual(SceneNamespace.element(for: ":a_b-c"), "_3aa_5fb_2dc")
        XCTAssertEqual(SceneNamespace.element(for: ""), "_")
        let names = [":1.42", ":1.4.2", ":14.2", ":1_42", ":1.420", ":1.4", "1.42", ":1-42"]
        XCTAssertEqual(Set(names.map(SceneNamespace.element(for:))).count, names.count)
        for name in names {
            XCTAssertTrue(SceneNamespace.element(for: name).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, name)
        }
    }

    func testNonScenePathsNameNoScene() {
        let root = "/io/github/orientd/OrientationManager1/scene/"
        for path in ["/io/github/orientd/OrientationManager1", root, root + "0", root + "_3a1_2e42",
                     root + "_3a1_2e42/", root + "/42", root + "_3a1_2e42/0", root + "_3a1_2e42/07",
                     root + "_3a1_2e42/x", root + "_3a1_2e42/1/2", "/other/scene/_3a1_2e42/1",
                     root + "_3a1_2e42/18446744073709551616", root + "_3a1_2e42/99999999999999999999",
                     "/io/github/orientd/OrientationManager1/scenes/_3a1_2e42/1",
                     root + "_3a1_2e42/-1", root + "_3a1_2e42/1 "] {
            XCTAssertNil(BusNames.scene(at: path), path)
        }
    }
}
