import Foundation
@testable import OrientationDaemon
import XCTest

/// What a window tracker passes on of a compositor's app ids, and how much it logs of bad ones.
final class WindowReportBoundsTests: XCTestCase {
    func testAnOrdinaryAppIdIsPassedOn() {
        XCTAssertEqual(WindowReportBounds.appId("org.gnome.Calculator").appId, "org.gnome.Calculator")
        XCTAssertNil(WindowReportBounds.appId("org.gnome.Calculator").problem)
    }

    func testNoAppIdIsTheEmptyOneWithoutAProblem() {
        XCTAssertEqual(WindowReportBounds.appId(nil).appId, "")
        XCTAssertNil(WindowReportBounds.appId(nil).problem)
        XCTAssertEqual(WindowReportBounds.appId("").appId, "")
    }

    func testAControlCharacterDropsTheAppIdAndIsEscapedInTheProblem() throws {
        let (appId, problem) = WindowReportBounds.appId("evil\u{1B}]0;title\u{07}\nforged line")
        XCTAssertEqual(appId, "")
        let text = try XCTUnwrap(problem)
        XCTAssertTrue(text.contains("evil\\u{1B}]0;title\\u{07}\\u{0A}forged line"), text)
        // No C0, DEL or C1 character is left in the line.
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, text)
    }

    func testAnAbsurdlyLongAppIdIsDroppedAndQuotedShort() throws {
        let (appId, problem) = WindowReportBounds.appId(String(repeating: "a", count: 4_000))
        XCTAssertEqual(appId, "")
        let text = try XCTUnwrap(problem)
        XCTAssertTrue(text.contains("4000 characters (the limit is 255)"), text)
        XCTAssertLessThan(text.count, 400, "the log line quotes at most 300 characters")
        XCTAssertEqual(WindowReportBounds.appId(String(repeating: "a", count: 255)).appId.count, 255)
    }

    func testBadInputIsLoggedAFewTimesPerConnection() {
        var bounds = WindowReportBounds()
        let lines = captureStandardError {
            for index in 0..<1_000 { bounds.warn("bad window \(index)", log: Log(verbose: false)) }
        }.split(separator: "\n")
        XCTAssertEqual(lines.count, WindowReportBounds.loggedPerConnection + 1, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.last?.contains("not logged until it reconnects") == true, "\(lines.last ?? "")")
    }

    /// What `body` writes on standard error.
    private func captureStandardError(_ body: () -> Void) -> String {
        let pipe = Pipe()
        let saved = dup(2)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        body()
        dup2(saved, 2)
        close(saved)
        try? pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
