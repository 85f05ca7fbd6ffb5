@testable import GLibBridge
import XCTest

/// What GMarkup is given of a documented file: the markup without its comments.
final class XMLCommentsTests: XCTestCase {
    private func removed(_ text: String) -> String {
        let bytes = XMLComments.removed(from: Array(text.utf8))
        XCTAssertEqual(bytes.last, 0, "NUL-terminated")
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    func testEveryCommentGoesAndEverythingElseStays() {
        XCTAssertEqual(removed("<a><!-- doc --><b x=\"1\"/><!----><!--x--></a>"), "<a><b x=\"1\"/></a>")
        XCTAssertEqual(removed("<!-- first -->a-b->c<!-- - - -->"), "a-b->c")
        XCTAssertEqual(removed("no comment"), "no comment")
        XCTAssertEqual(removed(""), "")
    }

    func testAnUnterminatedCommentStaysForTheParser() {
        XCTAssertEqual(removed("<a><!-- ok -->b<!-- never closed"), "<a>b<!-- never closed")
        XCTAssertEqual(removed("<a><!--"), "<a><!--")
        XCTAssertEqual(removed("<a><!-"), "<a><!-")
    }

    func testATerminatedInputIsNotTerminatedTwice() {
        XCTAssertEqual(XMLComments.removed(from: Array("<a/>".utf8) + [0]), Array("<a/>".utf8) + [0])
    }
}
