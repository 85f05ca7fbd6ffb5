import Foundation
import Glibc
import TestSupport
import XCTest
@testable import OrientationDaemon

/// `$XDG_RUNTIME_DIR/orientd/last-failure`: one bounded line, escaped, the user's own; nothing
/// written into a folder that is not the user's or without a runtime folder; removed on start.
final class LastFailureTests: XCTestCase {
    var xdg: XDGFolders!
    var runtime: String { xdg.runtime }

    override func setUpWithError() throws {
        xdg = try XDGFolders(removedAfter: self)
    }

    var file: String { runtime + "/orientd/last-failure" }

    func testAReasonIsOneBoundedEscapedLineAndClearRemovesIt() throws {
        let reason = "the state folder /x is in use\nsecond line \u{1B}[2J" + String(repeating: "é", count: 3000)
        LastFailure.record(reason, environment: ["XDG_RUNTIME_DIR": runtime], now: 1_796_000_000)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
        XCTAssertLessThanOrEqual(bytes.count, 2048)
        let text = try XCTUnwrap(String(data: bytes, encoding: .utf8), "cut between characters")
        XCTAssertTrue(text.hasPrefix("orientd (pid \(getpid())) could not start at 2026-11-30 00:53:20 UTC: "), text)
        XCTAssertTrue(text.contains("the state folder /x is in use\\nsecond line \\e[2J"), text)
        XCTAssertEqual(text.filter { $0 == "\n" }.count, 1, "one line, ended")
        var status = stat()
        XCTAssertEqual(stat(file, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        XCTAssertEqual(stat(runtime + "/orientd", &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o700)
        LastFailure.clear(environment: ["XDG_RUNTIME_DIR": runtime])
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
    }

    func testATemporaryFilePlantedAsALinkIsReplacedNotWrittenThrough() throws {
        // The same user plants a hard link (and, another time, a symbolic link) at the name of
        // the temporary file: the file is made anew (O_EXCL), the link's target is untouched.
        try FileManager.default.createDirectory(atPath: runtime + "/orientd", withIntermediateDirectories: true)
        let target = runtime + "/precious"
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: target))
        let temporary = file + ".\(getpid()).tmp"
        XCTAssertEqual(link(target, temporary), 0, String(cString: strerror(errno)))
        LastFailure.record("first", environment: ["XDG_RUNTIME_DIR": runtime])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep me\n", "the hard link's target is untouched")
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).hasSuffix(": first\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary))
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: target)
        LastFailure.record("second", environment: ["XDG_RUNTIME_DIR": runtime])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep me\n", "the symbolic link's target is untouched")
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).hasSuffix(": second\n"))
    }

    func testNothingIsWrittenThroughALinkOrWithoutARuntimeFolder() throws {
        let elsewhere = runtime + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: runtime + "/orientd", withDestinationPath: elsewhere)
        LastFailure.record("reason", environment: ["XDG_RUNTIME_DIR": runtime])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [], "not through a link")
        LastFailure.record("reason", environment: [:])
        LastFailure.record("reason", environment: ["XDG_RUNTIME_DIR": "relative/run"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "relative"))
    }
}
