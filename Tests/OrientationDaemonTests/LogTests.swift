import Foundation
@testable import OrientationDaemon
import XCTest

/// What goes into a log line is escaped and bounded,
/// repeats are folded, and the journal is chosen when it is there for the lines.
final class LogTests: XCTestCase {
    func testControlCharactersAreShownEscaped() {
        XCTAssertEqual(LogLine.sanitized("a\u{1B}[2Jb\r\nforged: line\tc\u{7F}\u{85}\u{0}"),
                       #"a\e[2Jb\r\nforged: line\tc\u{7F}\u{85}\u{0}"#)
        XCTAssertEqual(LogLine.sanitized("plain, ünïcode — kept"), "plain, ünïcode — kept")
    }

    func testDirectionOverridesAndOtherFormatControlsAreShownEscaped() {
        XCTAssertEqual(LogLine.sanitized("app \u{202E}gnp.exe\u{202C} isolate \u{2066}x\u{2069} \u{200E}\u{061C}\u{FEFF}"),
                       #"app \u{202E}gnp.exe\u{202C} isolate \u{2066}x\u{2069} \u{200E}\u{61C}\u{FEFF}"#)
        XCTAssertEqual(LogText.quoted("a\u{202B}b"), #"a\u{202B}b"#)
        XCTAssertEqual(LogLine.sanitized("עברית وعربي"), "עברית وعربي", "right-to-left text itself is kept")
    }

    func testALongValueIsCutWithANote() {
        let line = LogLine.sanitized("value " + String(repeating: "x", count: 1_000_000))
        XCTAssertEqual(line.count, LogLine.maximumLength + "… (998006 more characters left out)".count, line.suffix(60).description)
        XCTAssertTrue(line.hasSuffix("… (998006 more characters left out)"), String(line.suffix(60)))
        // Plain ASCII (the quick path) is kept up to the limit and cut one past it.
        let full = String(repeating: "y", count: LogLine.maximumLength)
        XCTAssertEqual(LogLine.sanitized(full), full)
        XCTAssertEqual(LogLine.sanitized(full + "z"), full + "… (1 more characters left out)")
        XCTAssertEqual(LogLine.sanitized("ascii \u{7F} and ~ ends"), #"ascii \u{7F} and ~ ends"#)
    }

    func testRepeatsFromOnePlaceAreFoldedAndCounted() {
        let limit = LogRateLimit()
        let second: Int64 = 1_000_000
        // 9,106 lines from one place within 5 s: the first `burst` are written.
        var written = 0
        for index in 0..<9_106 {
            let (write, notes) = limit.admit("ConfigurationMethods.swift:17", now: Int64(index) * 5 * second / 9_106)
            if write { written += 1 }
            XCTAssertEqual(notes, [], "no note inside the window")
        }
        XCTAssertEqual(written, LogRateLimit.burst)
        // Another place is not held up by the flood.
        XCTAssertTrue(limit.admit("Other.swift:1", now: 5 * second).write)
        // After the window, the next line (from any place) brings the count first.
        let (write, notes) = limit.admit("Other.swift:1", now: 11 * second)
        XCTAssertTrue(write)
        XCTAssertEqual(notes, ["… 9086 similar messages from ConfigurationMethods.swift:17 left out (at most 20 every 10 s)"])
        XCTAssertEqual(limit.admit("ConfigurationMethods.swift:17", now: 12 * second).write, true, "a new window")
        XCTAssertEqual(limit.flush(), [], "said once")
    }

    func testFlushSaysWhatIsStillUnsaid() {
        let limit = LogRateLimit()
        for _ in 0..<(LogRateLimit.burst + 3) { _ = limit.admit("A.swift:9", now: 0) }
        XCTAssertEqual(limit.flush(), ["… 3 similar messages from A.swift:9 left out (at most 20 every 10 s)"])
        XCTAssertEqual(limit.flush(), [])
    }

    /// Each log folds its own lines: a flood through one (a test's adapter in this process)
    /// leaves another's lines from the same place written.
    func testEachLogFoldsItsOwnLines() throws {
        let written = try standardError {
            let flooded = Log(verbose: false), other = Log(verbose: false)
            for index in 0..<(LogRateLimit.burst + 5) { Self.say(flooded, "flood \(index)") }
            Self.say(other, "after the flood")
        }
        XCTAssertTrue(written.contains("flood \(LogRateLimit.burst - 1)"), written)
        XCTAssertFalse(written.contains("flood \(LogRateLimit.burst)\n"), "the flood is folded: \(written)")
        XCTAssertTrue(written.contains("after the flood"), written)
    }

    /// One place in the code for every line (the limit folds by place).
    private static func say(_ log: Log, _ message: String) { log.info(message) }

    /// What `body` writes to standard error (orientd's log without a journal).
    private func standardError(_ body: () -> Void) throws -> String {
        let path = NSTemporaryDirectory() + "/orientd-log-\(getpid()).txt"
        let file = open(path, O_CREAT | O_TRUNC | O_RDWR, 0o600)
        let saved = dup(STDERR_FILENO)
        guard file >= 0, saved >= 0 else { throw CocoaError(.fileWriteUnknown) }
        dup2(file, STDERR_FILENO)
        body()
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(file)
        defer { unlink(path) }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func testTheJournalIsChosenWhenStderrIsItOrGoesNowhere() {
        XCTAssertEqual(LogDestination.choose(standardErrorIsJournal: true, standardErrorIsNull: false, journalSocketExists: true), .journal)
        XCTAssertEqual(LogDestination.choose(standardErrorIsJournal: false, standardErrorIsNull: true, journalSocketExists: true), .journal,
                       "D-Bus activation by a plain dbus-daemon: /dev/null would lose every line")
        XCTAssertEqual(LogDestination.choose(standardErrorIsJournal: false, standardErrorIsNull: true, journalSocketExists: false), .standardError)
        XCTAssertEqual(LogDestination.choose(standardErrorIsJournal: false, standardErrorIsNull: false, journalSocketExists: true), .standardError,
                       "a terminal or a test's pipe keeps the lines")
    }
}
