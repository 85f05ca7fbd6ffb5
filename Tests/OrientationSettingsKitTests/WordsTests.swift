import OrientationSettingsKit
import XCTest

/// Untranslated words come back as written; values fill the `%s` places in order.
final class WordsTests: XCTestCase {
    func testWithoutACatalogTheWordsAreAsWritten() {
        XCTAssertEqual(tr("Rotation lock"), "Rotation lock")
    }

    func testFillPutsTheValuesInOrder() {
        XCTAssertEqual(fill("%s then %s", "a", "b"), "a then b")
        XCTAssertEqual(fill("100% %s", "sure"), "100% sure")
        XCTAssertEqual(fill("%s and %s", "only"), "only and %s")
        XCTAssertEqual(fill("ends with %", "x"), "ends with %")
    }
}
