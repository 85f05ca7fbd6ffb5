import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A flood of calls cannot flood the log, and a value from
/// a file can neither forge a line nor make one a megabyte long.
final class LogFloodTests: ReliabilityTestCase {
    func testAFloodOfReloadsWritesAFewLinesAndSaysHowManyWentUnsaid() throws {
        // Each Reload logs one line per bad file and per reload: with a bad file, three places.
        try orientd.xdg.writeConfiguration("[Manager]\nBogusKey=1\n")
        let linesBefore = orientd.log.split(separator: "\n").count
        let flooder = try orientd.bus.connectWithLoop(name: "reload-flooder")
        defer { flooder.close() }
        let replies = try flooder.pipeline(3_000) { _ in (Contract.managerPath, Contract.managerInterface, "Reload", []) }
        XCTAssertEqual(replies.compactMap(\.errorName), [])
        let written = orientd.log.split(separator: "\n").count - linesBefore
        // Three places, at most 20 lines each per 10 s window; the flood may span a few windows
        // on a loaded machine, each ending with a note.
        XCTAssertLessThan(written, 300, "3,000 Reloads wrote \(written) log lines")
        XCTAssertGreaterThanOrEqual(written, 20, "the first lines are written")
        // The count of what went unsaid comes with the next line after the window, or at exit.
        orientd.stop()
        XCTAssertTrue(orientd.log.contains("similar messages from OrientationDaemon/CallRouting.swift:"), String(orientd.log.suffix(2_000)))
        report("log flood", "3,000 pipelined Reloads with a bad configuration file: \(written) log lines (before: three per Reload), then a count of those left out")
    }

    func testAValueFromAFileIsEscapedAndCut() throws {
        let value = "\u{1B}[2J\rforged: line" + String(repeating: "x", count: 1_000_000)
        try orientd.xdg.writeConfiguration("[Manager]\nSettleTime=\(value)\n")
        try clientConnection.manager("Reload")
        orientd.stop()
        let lines = orientd.log.split(separator: "\n")
        let longest = lines.map(\.count).max() ?? 0
        XCTAssertLessThan(longest, 2_200, "a 1 MB value made a \(longest)-character line")
        XCTAssertFalse(orientd.log.contains("\u{1B}"), "ESC reached the log raw")
        XCTAssertFalse(orientd.log.contains("\r"), "CR reached the log raw")
        XCTAssertFalse(lines.contains { $0.hasPrefix("forged: line") }, "a value started a line of its own")
        report("log escaping", "a 1 MB configuration value with ESC and CR: longest log line \(longest) characters, no control character raw")
    }
}
