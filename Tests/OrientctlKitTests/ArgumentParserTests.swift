import OrientctlKit
import XCTest

final class ArgumentParserTests: XCTestCase {
    let parser = VerbTable.parser

    private func parse(_ words: String...) throws -> ParsedCommand { try parser.parse(words) }

    private func usageError(_ words: String..., file: StaticString = #filePath, line: UInt = #line) -> UsageError? {
        do {
            let parsed = try parser.parse(words)
            XCTFail("parsed \(words) as \(parsed.verb?.name ?? "nothing") \(parsed.arguments)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testNoVerbIsStatus() throws {
        let parsed = try parse()
        XCTAssertEqual(parsed.verb?.name, "status")
        guard case .run = parsed.action else { return XCTFail("action \(parsed.action)") }
        XCTAssertEqual(try parse("--json").verb?.name, "status")
        XCTAssertTrue(try parse("--json").has("json"))
    }

    func testPositionalsAndOptionsInAnyOrder() throws {
        let parsed = try parse("--json", "push", "3", "--kind", "tab", "nav", "list", "--no-autorotate")
        XCTAssertEqual(parsed.verb?.name, "push")
        XCTAssertEqual(parsed.arguments, ["3", "nav", "list"])
        XCTAssertEqual(parsed.value("kind"), "tab")
        XCTAssertTrue(parsed.has("no-autorotate"))
        XCTAssertTrue(parsed.has("json"))
        XCTAssertFalse(parsed.has("sheet"))
    }

    func testInlineValuesAndShortOptions() throws {
        XCTAssertEqual(try parse("push", "1", "n", "x", "--kind=navigation").value("kind"), "navigation")
        XCTAssertEqual(try parse("show", "1", "-pAppId").list("property"), ["AppId"])
        XCTAssertEqual(try parse("show", "1", "-p", "AppId", "--property=Idiom,Width").list("property"), ["AppId", "Idiom", "Width"])
        XCTAssertEqual(try parse("history", "-n", "5").value("lines"), "5")
        XCTAssertEqual(try parse("history", "-n5").value("lines"), "5")
        XCTAssertEqual(try parse("list", "--json=short").value("json"), "short")
    }

    func testListOptionsTakeWordsUpToTheNextOption() throws {
        let parsed = try parse("register", "org.example.App", "--supported", "portrait", "landscape", "--size", "390x844")
        XCTAssertEqual(parsed.arguments, ["org.example.App"])
        XCTAssertEqual(parsed.list("supported"), ["portrait", "landscape"])
        XCTAssertEqual(parsed.value("size"), "390x844")
        XCTAssertEqual(try parse("policy", "a.b", "--allow=portrait,landscape-left", "--allow", "landscape-right").list("allow"),
                       ["portrait", "landscape-left", "landscape-right"])
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try parse("register", "--", "-odd-app")
        XCTAssertEqual(parsed.arguments, ["-odd-app"])
    }

    func testHelpAndVersionWinOverMissingArguments() throws {
        let help = try parse("push", "--help")
        guard case .help = help.action else { return XCTFail("action \(help.action)") }
        XCTAssertEqual(help.verb?.name, "push")
        let overall = try parse("-h")
        guard case .help = overall.action else { return XCTFail("action \(overall.action)") }
        XCTAssertNil(overall.verb)
        guard case .version = try parse("--version").action else { return XCTFail("not version") }
    }

    func testUsageErrors() {
        XCTAssertEqual(usageError("push", "1")?.message, "push needs NAV ID")
        XCTAssertEqual(usageError("push", "1")?.verb, "push")
        XCTAssertEqual(usageError("lock", "now")?.message, "lock takes no arguments; unexpected 'now'")
        XCTAssertEqual(usageError("kiosk", "on", "portrait", "extra")?.message, "kiosk takes at most 2 arguments; unexpected 'extra'")
        XCTAssertEqual(usageError("push", "1", "n", "x", "--bogus")?.message, "push has no option --bogus")
        XCTAssertEqual(usageError("--kind", "view", "push")?.message,
                       "unknown option --kind (a verb's own options go after the verb)")
        XCTAssertEqual(usageError("lock", "--json=fancy")?.message, "--json takes pretty, short or off, not 'fancy'")
        XCTAssertEqual(usageError("push", "1", "n", "x", "--kind")?.message, "--kind needs a value (KIND)")
        XCTAssertEqual(usageError("register", "a", "--supported")?.message, "--supported needs at least one value (ORIENTATION)")
        XCTAssertEqual(usageError("lock", "--json", "--no-autorotate")?.message, "lock has no option --no-autorotate")
        XCTAssertEqual(usageError("lock", "-h=x")?.message, "-h takes no value (in '-h=x')")
        XCTAssertEqual(usageError("lock", "--help=x")?.message, "--help takes no value (in '--help=x')")
    }

    func testUnknownVerbSuggestsTheClosest() {
        XCTAssertEqual(usageError("lsit")?.message, "unknown verb 'lsit'; did you mean 'list'?")
        XCTAssertEqual(usageError("explian")?.message, "unknown verb 'explian'; did you mean 'explain'?")
        XCTAssertEqual(usageError("frobnicate")?.message, "unknown verb 'frobnicate'")
        XCTAssertNil(usageError("frobnicate")?.verb)
    }

    func testHints() {
        XCTAssertEqual(UsageError("x", verb: parser.verb(named: "push")).hint,
                       "Usage: orientctl push SCENE NAV ID [OPTIONS…]; see 'orientctl push --help'.")
        XCTAssertEqual(UsageError("x").hint, "See 'orientctl --help' for the verbs and options.")
    }

    func testRepeatingArgument() throws {
        XCTAssertEqual(try parse("unregister", "1", "2", "3").arguments, ["1", "2", "3"])
        XCTAssertEqual(usageError("unregister")?.message, "unregister needs SCENE")
    }
}
