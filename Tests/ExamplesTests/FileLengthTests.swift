import Foundation
import XCTest

/// Every Swift file of the project, sources and tests, is at most `maxLines` lines: small files
/// with one job. `make test` runs this, so a file that grows past the limit fails the build's
/// tests with its name and length.
final class FileLengthTests: XCTestCase {
    static let maxLines = 350

    /// Every Swift file under `Sources/` and `Tests/`, by path relative to the repository.
    static func swiftFiles() throws -> [String] {
        var files: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = ExamplesTests.root + "/" + folder
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: base), "no folder \(base)")
            while let path = enumerator.nextObject() as? String {
                if path.hasSuffix(".swift") { files.append(folder + "/" + path) }
            }
        }
        return files.sorted()
    }

    /// The number of lines of `text` as `wc -l` counts them (newline characters; a last line
    /// without one counts too).
    static func lineCount(_ text: String) -> Int {
        let newlines = text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return newlines + (text.isEmpty || text.hasSuffix("\n") ? 0 : 1)
    }

    func testNoSwiftFileIsLongerThanTheLimit() throws {
        let files = try Self.swiftFiles()
        XCTAssertGreaterThan(files.count, 300, "found the Swift files under \(ExamplesTests.root)")
        XCTAssertTrue(files.contains("Tests/ExamplesTests/FileLengthTests.swift"), "walked Tests/ too")
        var over: [String] = []
        for file in files {
            let text = try String(contentsOfFile: ExamplesTests.root + "/" + file, encoding: .utf8)
            let lines = Self.lineCount(text)
            if lines > Self.maxLines { over.append("\(file) (\(lines) lines)") }
        }
        XCTAssertEqual(over, [], "Swift files over \(Self.maxLines) lines: split each into files with one job each")
    }

    /// The count is `wc -l`'s, so the test would catch a file of 351 lines.
    func testLineCountCountsAsWcDoes() {
        XCTAssertEqual(Self.lineCount(""), 0)
        XCTAssertEqual(Self.lineCount("a\n"), 1)
        XCTAssertEqual(Self.lineCount("a\nb"), 2)
        XCTAssertEqual(Self.lineCount(String(repeating: "x\n", count: Self.maxLines + 1)), Self.maxLines + 1)
    }
}
