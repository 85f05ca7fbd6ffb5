import XCTest
@testable import OrientationDaemon

/// The JSON reader behind kscreen-doctor's listing: RFC 8259's grammar, one whole value, bounded nesting.
final class JSONValueTests: XCTestCase {
    func testValuesOfEveryKind() throws {
        let value = try XCTUnwrap(JSONValue(parsing: #" {"a": [1, -2.5e2, true, false, null, "x\"\\\/\n\u00e9\ud83d\ude00"], "b": {}} "#))
        XCTAssertEqual(value, .object(["a": .array([.number(1), .number(-250), .bool(true), .bool(false), .null,
                                                    .string("x\"\\/\né😀")]), "b": .object([:])]))
        XCTAssertEqual(JSONValue(parsing: "2.9")?.integer, 2)
        XCTAssertNil(JSONValue(parsing: "1e300")?.integer)
    }

    func testAnythingButOneWholeValueIsNil() {
        for text in ["", "{", "{} x", "{\"a\" 1}", "[1,]", "{\"a\":1,}", "01", "1.", "-", "+1", ".5", "tru", "\"a",
                     "\"\u{1}\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\u+123\"", "{'a': 1}", "[1 2]"] {
            XCTAssertNil(JSONValue(parsing: text[...]), text)
        }
    }

    func testNestingIsBounded() {
        let deep = String(repeating: "[", count: JSONValue.maxDepth + 1) + String(repeating: "]", count: JSONValue.maxDepth + 1)
        let shallow = String(repeating: "[", count: JSONValue.maxDepth) + String(repeating: "]", count: JSONValue.maxDepth)
        XCTAssertNil(JSONValue(parsing: deep[...]))
        XCTAssertNotNil(JSONValue(parsing: shallow[...]))
    }
}
