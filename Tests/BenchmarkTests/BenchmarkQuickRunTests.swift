import Foundation
import TestSupport
import XCTest

/// `orientd-bench --quick` runs end to end and prints a complete, parseable table (its
/// figures are not checked against their targets here: timings belong to `make bench`).
final class BenchmarkQuickRunTests: XCTestCase {
    /// Every row the table must hold, by key.
    static let keys = [
        "ping.seq", "ping.cpu", "ping.pipelined", "peer.noop", "peer.string",
        "update.call", "update.peer", "update.ratio", "update.ping", "update.cpu",
        "request.call", "request.peer", "request.ratio", "request.ping", "request.cpu",
        "request.cpu.peer", "request.cpu.ratio", "request.cpu.calls.ratio", "request.cpu.worker.ratio", "explain.call", "explain.peer", "explain.ratio", "explain.ping", "explain.cpu",
        "controllers.call", "controllers.peer", "controllers.ratio", "get.call", "get.peer", "get.ratio",
        "update.loaded.call", "update.loaded.peer", "update.loaded.ratio", "request.loaded.call", "request.loaded.peer",
        "request.loaded.ratio", "get.loaded.call", "get.loaded.peer", "get.loaded.ratio",
        "rss.start", "scale.time", "scale.call", "scale.ratio", "rss.scenes",
        "objects.call", "objects.peer", "objects.ratio", "rss.listed", "hwm.listed", "rss.gone",
        "apps1.time", "apps1.peer", "apps1.ratio", "apps1.ping", "apps1.cpu",
        "apps10.time", "apps10.peer", "apps10.ratio", "apps10.ping", "apps10.cpu",
        "apps50.time", "apps50.peer", "apps50.ratio", "apps50.ping", "apps50.cpu",
        "fanout.time", "fanout.pings", "fanout.ratio", "fanout.peer", "fanout.peer.ratio", "fanout.cpu", "fanout.peer.ping",
        "resolver.d1", "resolver.d10", "resolver.growth10", "resolver.d100", "resolver.growth100",
        "resolver.d1000", "resolver.growth1000", "idle.ticks", "idle.wakeups",
        "start.orientd", "start.peer", "start.ratio", "start.floor", "start.floor.ratio", "start.activation",
        "rss.idle.orientd", "rss.idle.peer", "rss.idle.ratio",
        "pss.idle.orientd", "dirty.idle.orientd", "pss.idle.floor", "dirty.idle.floor", "pss.idle.peer", "dirty.idle.peer",
        "dirty.idle.margin", "rss.idle.margin", "rss.100.ratio", "pss.100.orientd", "dirty.100.orientd", "dirty.100.margin", "rss.100.margin",
        "output.mutter", "path.mutter.settle0", "path.mutter.settle0.margin", "path.mutter.settle", "path.mutter.settle.margin",
        "windows.phoc", "path.phoc.settle0", "path.phoc.settle0.margin", "path.phoc.settle", "path.phoc.settle.margin",
        "windows.gnome", "windows.x11",
    ]
    /// The rows that carry a target, so must say PASS or MISS.
    static let targeted: Set = [
        "update.ratio", "request.ratio", "explain.ratio", "controllers.ratio", "get.ratio",
        "update.loaded.ratio", "request.loaded.ratio", "get.loaded.ratio", "request.cpu.ratio",
        "rss.scenes", "objects.ratio", "rss.listed", "hwm.listed", "rss.gone",
        "apps1.ratio", "apps10.ratio", "apps50.ratio", "fanout.peer.ratio",
        "resolver.d10", "resolver.growth10", "resolver.growth100", "resolver.growth1000", "idle.ticks", "idle.wakeups",
        "start.ratio", "start.floor.ratio", "rss.idle.ratio", "dirty.idle.margin", "rss.idle.margin", "rss.100.ratio",
        "dirty.100.margin", "rss.100.margin", "output.mutter", "path.mutter.settle0.margin", "path.mutter.settle.margin",
        "windows.phoc", "path.phoc.settle0.margin", "path.phoc.settle.margin", "windows.gnome",
    ]
    /// The rows measured over rounds (against the reference peer, as apps, the fan-out and
    /// mutter's turns, the window switches): their figure names the rounds' median, min and max.
    static let spread: Set = [
        "peer.noop", "peer.string", "update.call", "update.peer", "update.ratio", "update.ping",
        "request.call", "request.peer", "request.ratio", "request.ping", "request.cpu", "request.cpu.peer", "request.cpu.ratio",
        "request.cpu.calls.ratio", "request.cpu.worker.ratio",
        "explain.call", "explain.peer",
        "explain.ratio", "explain.ping", "controllers.call", "controllers.peer", "controllers.ratio",
        "get.call", "get.peer", "get.ratio", "update.loaded.call", "update.loaded.peer", "update.loaded.ratio",
        "request.loaded.call", "request.loaded.peer", "request.loaded.ratio", "get.loaded.call", "get.loaded.peer", "get.loaded.ratio",
        "objects.call", "objects.peer", "objects.ratio",
        "apps1.time", "apps1.peer", "apps1.ratio", "apps1.ping", "apps10.time", "apps10.peer", "apps10.ratio", "apps10.ping",
        "apps50.time", "apps50.peer", "apps50.ratio", "apps50.ping", "fanout.time", "fanout.pings", "fanout.ratio", "fanout.peer", "fanout.peer.ratio", "fanout.peer.ping",
        "start.orientd", "start.peer", "start.floor", "start.activation", "output.mutter", "path.mutter.settle0", "path.mutter.settle", "windows.phoc", "path.phoc.settle0", "path.phoc.settle", "windows.gnome", "windows.x11",
    ]

    struct Row {
        var key: String
        var figure: String
        var value: Double
        var unit: String
        var target: String
        var result: String
    }

    func testQuickRunPrintsTheWholeTable() throws {
        let output = try runCommand([OrientdInstance.product("orientd-bench"), "--quick"], timeout: .seconds(300))
        guard output.succeeded else {
            // Its stderr last: a CI log that keeps only the end of a failure still says why.
            return XCTFail("orientd-bench --quick failed (\(output.status)):\n\(output.stdout)\nits stderr:\n\(output.stderr)")
        }
        let rows = try Self.parseTable(output.stdout)

        XCTAssertEqual(rows.map(\.key), Self.keys, "rows missing, extra or out of order:\n\(output.stdout)")
        for row in rows {
            // A margin (one median less another) may be below zero.
            XCTAssertTrue(row.value.isFinite && (row.value >= 0 || row.key.hasSuffix(".margin")), "\(row.key): measured \(row.value)")
            XCTAssertFalse(row.unit.isEmpty, "\(row.key): no unit")
            XCTAssertFalse(row.figure.isEmpty || row.target.isEmpty, "\(row.key): empty cell")
            if Self.spread.contains(row.key) {
                XCTAssertGreaterThanOrEqual(Self.roundsInSpread(row.figure) ?? 0, 5,
                                            "\(row.key): no spread over at least 5 rounds in '\(row.figure)'")
            }
            if Self.targeted.contains(row.key) {
                XCTAssertTrue(["PASS", "MISS"].contains(row.result), "\(row.key): result '\(row.result)'")
            } else {
                XCTAssertEqual(row.result, "—", "\(row.key): a figure without a target")
            }
        }
        let passed = rows.filter { $0.result == "PASS" }.count
        XCTAssertTrue(output.stdout.contains("targets: \(passed) of \(Self.targeted.count) PASS"),
                      "no summary line for \(passed) of \(Self.targeted.count):\n\(output.stdout)")

        // The targets at the end: each PASS or MISS on a figure, or not measured and why (only
        // those no section measures yet, since the quick run runs every section, and those of
        // the compositors only the full run starts).
        let targets = output.stdout.components(separatedBy: "| target | measured | limit | result |\n|---|---|---|---|\n")
        XCTAssertEqual(targets.count, 2, "no targets table:\n\(output.stdout)")
        let lines = targets.last!.split(separator: "\n").prefix { $0.hasPrefix("| ") }
        XCTAssertGreaterThanOrEqual(lines.count, 20, "\(lines)")
        for line in lines {
            let verdict = line.split(separator: "|").last!.trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(["PASS", "MISS"].contains(verdict) || verdict.hasPrefix("not measured: no section measures it yet; ")
                              || verdict.hasPrefix("not measured: the full run's only (make bench)"),
                          "a target neither judged nor said why: \(line)")
        }
    }

    func testUnknownArgumentIsAUsageError() throws {
        let output = try runCommand([OrientdInstance.product("orientd-bench"), "--bogus"])
        XCTAssertEqual(output.status, .exited(64), "\(output)")
        XCTAssertTrue(output.stderr.contains("--quick"), "the error names the valid arguments:\n\(output.stderr)")
    }

    func testHelpNamesTheSections() throws {
        let output = try runCommand([OrientdInstance.product("orientd-bench"), "--help"])
        XCTAssertTrue(output.succeeded, "\(output)")
        for word in ["--quick", "--only", "fanout", "apps", "idle", "orientd-reference-peer"] {
            XCTAssertTrue(output.stdout.contains(word), "--help does not mention \(word):\n\(output.stdout)")
        }
    }

    /// N in a figure's "(median of N rounds; min …, max …)", or nil when it has none.
    static func roundsInSpread(_ figure: String) -> Int? {
        guard let start = figure.range(of: "median of "), figure.contains(", max ") else { return nil }
        let rest = figure[start.upperBound...]
        guard let end = rest.range(of: " rounds; min ") else { return nil }
        return Int(rest[..<end.lowerBound])
    }

    /// The Markdown table after its header line: `| key | figure | measured | target | result |`.
    static func parseTable(_ text: String) throws -> [Row] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(of: "| key | figure | measured | target | result |") else {
            throw TestSupportError("no table header in:\n\(text)")
        }
        var rows: [Row] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("| ") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 7 else { throw TestSupportError("not 5 cells: \(line)") }
            let measured = cells[3].split(separator: " ", maxSplits: 1).map(String.init)
            guard measured.count == 2, let value = Double(measured[0]) else {
                throw TestSupportError("measured is not '<number> <unit>': \(line)")
            }
            rows.append(Row(key: cells[1], figure: cells[2], value: value, unit: measured[1], target: cells[4], result: cells[5]))
        }
        return rows
    }
}
