import Foundation
import GLibBridge
import OrientationClient
import OrientctlKit
import XCTest
import OrientationWire

final class FormattingTests: XCTestCase {
    func testMaskCompaction() {
        XCTAssertEqual(MaskFormat.compact(["portrait", "landscape-right", "landscape-left", "portrait-upside-down"]), "all")
        XCTAssertEqual(MaskFormat.compact(["portrait", "landscape-right", "landscape-left"]), "portrait,landscape")
        XCTAssertEqual(MaskFormat.compact(["landscape-right", "landscape-left"]), "landscape")
        XCTAssertEqual(MaskFormat.compact(["landscape-right", "landscape-left", "portrait-upside-down"], separator: ", "),
                       "landscape, portrait-upside-down")
        XCTAssertEqual(MaskFormat.compact(["portrait", "landscape-left"]), "portrait,landscape-left")
        XCTAssertEqual(MaskFormat.compact([]), "none")
    }

    func testJSONSerialisationParsesBack() throws {
        let value = PrintedJSON.object([
            ("text", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é →")),
            ("numbers", .array([.int(-3), .uint(UInt64.max), .double(0.5)])),
            ("flags", .array([.bool(true), .bool(false), .null])),
            ("empty", .object([])), ("none", .array([])),
        ])
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            XCTAssertEqual(text.contains("\n"), pretty)
            let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            XCTAssertEqual(parsed["text"] as? String, "quote \" backslash \\ newline \n tab \t bell \u{07} é →")
            let numbers = try XCTUnwrap(parsed["numbers"] as? [Any])
            XCTAssertEqual(numbers[0] as? Int, -3)
            XCTAssertEqual((numbers[1] as? NSNumber)?.uint64Value, UInt64.max)
            XCTAssertEqual(numbers[2] as? Double, 0.5)
            XCTAssertEqual((parsed["flags"] as? [Any])?.count, 3)
            XCTAssertTrue(parsed["flags"].map { ($0 as? [Any])?[2] is NSNull } ?? false)
            XCTAssertEqual((parsed["empty"] as? [String: Any])?.count, 0)
        }
        XCTAssertEqual(PrintedJSON.object([("a", .int(1)), ("b", .array([.string("x")]))]).serialized(pretty: false),
                       #"{"a":1,"b":["x"]}"#)
        XCTAssertEqual(PrintedJSON.object([("a", .int(1))]).serialized(pretty: true), "{\n  \"a\": 1\n}")
    }

    func testVariantsAsTextAndJSON() throws {
        XCTAssertEqual(VariantFormatting.text(Variant(bool: true)), "yes")
        XCTAssertEqual(VariantFormatting.text(Variant(bool: false)), "no")
        XCTAssertEqual(VariantFormatting.text(Variant(strings: ["portrait", "landscape-left"])), "portrait landscape-left")
        XCTAssertEqual(VariantFormatting.text(Variant(uint32: 768)), "768")
        XCTAssertEqual(VariantFormatting.text(Variant(boxing: Variant(string: "x"))), "x")
        XCTAssertEqual(VariantFormatting.text(Variant(strings: [])), "")

        let dict = Variant(vardict: ["b": Variant(bool: true), "a": Variant(strings: ["portrait"]), "n": Variant(uint32: 2)])
        let text = VariantFormatting.json(dict).serialized(pretty: false)
        XCTAssertEqual(text, #"{"a":["portrait"],"b":true,"n":2}"#)
        let tuple = Variant(tuple: [Variant(objectPath: "/a"), Variant(uint64: 7), Variant(int32: -1)])
        XCTAssertEqual(VariantFormatting.json(tuple).serialized(pretty: false), #"["/a",7,-1]"#)
    }

    func testOrderedPropertiesPutTheContractFirst() {
        let ordered = VariantFormatting.ordered(["Zeta": Variant(bool: true), "Width": Variant(uint32: 1), "AppId": Variant(string: "a")],
                                                order: PropertyNames.scene)
        XCTAssertEqual(ordered.map(\.name), ["AppId", "Width", "Zeta"])
    }

    func testTables() {
        let header = ["A", "LONGER"]
        let rows = [["wide cell", ""], ["x", "y"]]
        XCTAssertEqual(TextLayout.table(header: header, rows: rows, aligned: false), ["A\tLONGER", "wide cell\t-", "x\ty"])
        XCTAssertEqual(TextLayout.table(header: header, rows: rows, aligned: true), ["A          LONGER", "wide cell  -", "x          y"])
        let styled = TextLayout.table(header: header, rows: [], aligned: true, style: Style(enabled: true))
        XCTAssertEqual(styled, ["\u{1B}[1mA  LONGER\u{1B}[0m"])
    }

    func testLabelledBlocks() {
        let entries: [(label: String, lines: [String])] = [("Short", ["one"]), ("Much longer", ["two", "three"])]
        XCTAssertEqual(TextLayout.labelled(entries, aligned: false), ["Short: one", "Much longer: two", "  three"])
        XCTAssertEqual(TextLayout.labelled(entries, aligned: true),
                       ["      Short: one", "Much longer: two", "             three"])
    }

    func testStylesOnlyWhenEnabled() {
        XCTAssertEqual(Style(enabled: false).bold("x"), "x")
        XCTAssertEqual(Style(enabled: true).bold("x"), "\u{1B}[1mx\u{1B}[0m")
        XCTAssertEqual(Style(enabled: true).green(""), "")
    }

    func testConsoleHonoursNoColor() {
        let console = Console(environment: ["NO_COLOR": "1", "TERM": "xterm"])
        XCTAssertFalse(console.style.enabled)
    }

    func testSceneReferences() throws {
        let path = "/io/github/orientd/OrientationManager1/scene/_3a1_2e42/12"
        // A number gives the short path orientd accepts for scene 12, wherever it lives.
        XCTAssertEqual(try SceneReference.path("12"), "/io/github/orientd/OrientationManager1/scene/12")
        XCTAssertEqual(try SceneReference.path(path), path)
        XCTAssertThrowsError(try SceneReference.path("0"))
        XCTAssertThrowsError(try SceneReference.path("scene/3"))
        XCTAssertThrowsError(try SceneReference.path("/bad//path"))
        XCTAssertThrowsError(try SceneReference.path("/bad-path"))
        XCTAssertEqual(SceneReference.number(of: path), 12)
        XCTAssertEqual(SceneReference.number(of: "/io/github/orientd/OrientationManager1/scene/12"), 12)
        XCTAssertNil(SceneReference.number(of: "/io/github/orientd/OrientationManager1/scene/_3a1_2e42/012"))
        XCTAssertNil(SceneReference.number(of: "/io/github/orientd/OrientationManager1/scene/a/b/12"))
        XCTAssertNil(SceneReference.number(of: "/elsewhere/42"))
        XCTAssertEqual(SceneReference.label(of: "/elsewhere/42"), "/elsewhere/42")
    }

    func testTimes() {
        let micros: UInt64 = 1_700_000_000_123_456
        XCTAssertTrue(TimeFormat.time(microseconds: micros).hasSuffix(".123"))
        XCTAssertEqual(TimeFormat.dateTime(microseconds: micros).count, "2023-11-14 22:13:20.123".count)
        let iso = TimeFormat.iso8601(microseconds: micros)
        XCTAssertNotNil(iso.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.123[+-]\d\d:\d\d$"#, options: .regularExpression), iso)
    }

    func testErrorReports() {
        let failure = CommandError.failed(verb: "request", OrientationClientError(name: "io.github.orientd.OrientationManager1.Error.UnsupportedOrientation",
                                                                      message: "Requested: portrait-upside-down; Supported: portrait"))
        XCTAssertEqual(failure.lines, ["Failed to request the orientation: Requested: portrait-upside-down; Supported: portrait"])
        XCTAssertEqual(failure.lines(verbose: true),
                       ["Failed to request the orientation: Requested: portrait-upside-down; Supported: portrait "
                        + "(io.github.orientd.OrientationManager1.Error.UnsupportedOrientation)"])
        XCTAssertEqual(failure.json.serialized(pretty: false),
                       #"{"error":"io.github.orientd.OrientationManager1.Error.UnsupportedOrientation","#
                       + #""message":"Requested: portrait-upside-down; Supported: portrait","verb":"request","#
                       + #""failed":"request the orientation"}"#)
        // orientd's message may carry a client's string: escaped on the terminal.
        let planted = CommandError.failed(verb: "tree", OrientationClientError(name: "x.Error", message: "no 'a\u{1B}]0;owned\u{07}'"))
        XCTAssertEqual(planted.lines, [#"Failed to read the controller tree: no 'a\e]0;owned\a'"#])
        XCTAssertEqual(failure.exitStatus, 1)
        XCTAssertEqual(CommandError.usage(UsageError("x")).exitStatus, 64)
        let missing = CommandError.call("status", OrientationClientError(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "no"))
        XCTAssertEqual(missing, .notRunning(OrientationClientError(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "no")))
        XCTAssertTrue(missing.lines[1].contains("systemctl --user start orientd"))
        let spawn = CommandError.call("status", OrientationClientError(name: "org.freedesktop.DBus.Error.Spawn.ChildExited", message: "no"))
        guard case .notRunning = spawn else { return XCTFail("\(spawn)") }
        let refused = CommandError.call("lock", OrientationClientError(name: "org.freedesktop.DBus.Error.AccessDenied", message: "no"))
        guard case .failed(verb: "lock", _) = refused else { return XCTFail("\(refused)") }
    }
}
