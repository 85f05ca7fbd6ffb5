import XCTest
@testable import OrientationDaemon

/// `containsText` stands in for `_StringProcessing`'s `contains(String)`; it must answer as
/// that does, or the mutter refusals and snap labels it reads would be misjudged.
final class TextSearchTests: XCTestCase {
    func testFindsANeedleAnywhereAndOnlyWhole() {
        XCTAssertTrue("serial is stale".containsText("stale"))
        XCTAssertTrue("stale".containsText("stale"))
        XCTAssertTrue("xx--yy".containsText("--"))
        XCTAssertTrue("Screen 0\nScreen 1".containsText("\nScreen "))
        XCTAssertTrue("anything".containsText(""))
        XCTAssertFalse("stal".containsText("stale"))
        XCTAssertFalse("x-y-z".containsText("--"))
        XCTAssertFalse("".containsText("a"))
        XCTAssertTrue("a stale one"[...].containsText("stale"))
    }

    func testComparesCharactersAsEqualityDoes() {
        // "é" as one scalar and as e + combining accent are the same Character.
        XCTAssertTrue("caf\u{E9}".containsText("cafe\u{301}"))
        XCTAssertFalse("cafe\u{301}".containsText("cafe!"))
    }
}
