import GLibBridge
import XCTest

/// `Variant.serialized()` keeps the value and its type; a serialized container's children
/// read back the same.
final class VariantSerializedTests: XCTestCase {
    func testASerializedValueStaysEqual() throws {
        let text = "{'/a/1': {'x.Y': {'AppId': <'app'>, 'Masks': <['portrait']>, 'Width': <uint32 390>}}}"
        let built = Variant(dictionaryEntries: [
            (key: Variant(objectPath: "/a/1"), value: Variant(dictionary: [
                "x.Y": Variant(vardict: ["Width": Variant(uint32: 390), "AppId": Variant(string: "app"),
                                         "Masks": Variant(strings: ["portrait"])]),
            ], valueType: "a{sv}")),
        ], keyType: "o", valueType: "a{sa{sv}}")
        let reference = try Variant(parsing: text, type: "a{oa{sa{sv}}}")
        XCTAssertEqual(built, reference)
        XCTAssertTrue(built.serialized() === built, "serialized() returns the value itself")
        XCTAssertEqual(built, reference)
        XCTAssertEqual(built.typeString, "a{oa{sa{sv}}}")
        XCTAssertEqual(built.child(at: 0).child(at: 1).child(at: 0).child(at: 1).vardict?["AppId"]?.string, "app")
        XCTAssertEqual(Variant(tuple: [built]).child(at: 0), reference, "a serialized child inside a tuple")
    }
}
