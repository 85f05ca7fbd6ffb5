import Foundation
import XCTest
@testable import OrientationDaemon

/// orientd trims values from key files, desktop entries and state files with the standard
/// library; the result is Foundation's `trimmingCharacters(in:)`, which it used before.
final class TextTrimmingTests: XCTestCase {
    static let samples = [
        "", " ", "\t", "portrait", "  portrait\t", "\u{00A0}landscape-left\u{3000}", "\u{2003}a b\u{200A}",
        "\n true \r\n", "\u{0B}\u{0C}x\u{85}", "\u{2028}x\u{2029}", "x\u{200B}", "\u{FEFF}x", " é ", " e\u{301} ",
        " \u{301}x", "日本 ", "\u{1680}\u{202F}\u{205F}x", "\u{0}x\u{7F}", "a\n\nb", "\u{180E}x\u{180E}", "\u{200C}x", "\u{2060}x", "\u{1D}\u{1E}\u{1F}x",
    ]

    func testWhitespaceIsFoundationsWhitespaces() {
        for sample in Self.samples {
            XCTAssertEqual(sample.trimmingWhitespace(), sample.trimmingCharacters(in: .whitespaces), sample.debugDescription)
        }
    }

    func testWhitespaceAndNewlinesIsFoundations() {
        for sample in Self.samples {
            XCTAssertEqual(sample.trimmingWhitespaceAndNewlines(), sample.trimmingCharacters(in: .whitespacesAndNewlines),
                           sample.debugDescription)
        }
    }
}
