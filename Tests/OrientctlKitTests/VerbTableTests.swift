import OrientctlKit
import XCTest

/// The verb table's own rules, and that every example it shows parses.
final class VerbTableTests: XCTestCase {
    func testNamesAreUniqueAndOptionsDoNotClash() {
        let names = VerbTable.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "duplicate verbs in \(names)")
        for verb in VerbTable.all {
            let options = (verb.options + GlobalOptions.specs).map(\.name)
            XCTAssertEqual(Set(options).count, options.count, "\(verb.name): duplicate options \(options)")
            let shorts = (verb.options + GlobalOptions.specs).compactMap(\.short)
            XCTAssertEqual(Set(shorts).count, shorts.count, "\(verb.name): duplicate short options")
        }
    }

    func testOptionalAndRepeatingArgumentsComeLast() {
        for verb in VerbTable.all {
            let firstOptional = verb.arguments.firstIndex { $0.optional } ?? verb.arguments.count
            XCTAssertTrue(verb.arguments[firstOptional...].allSatisfy(\.optional), "\(verb.name): required after optional")
            for (index, argument) in verb.arguments.enumerated() where argument.repeats {
                XCTAssertEqual(index, verb.arguments.count - 1, "\(verb.name): \(argument.name) repeats but is not last")
            }
        }
    }

    func testEveryVerbIsDocumentedAndItsExamplesParse() throws {
        for verb in VerbTable.all {
            XCTAssertFalse(verb.summary.isEmpty, verb.name)
            XCTAssertFalse(verb.details.isEmpty, verb.name)
            XCTAssertFalse(verb.examples.isEmpty, "\(verb.name) has no example")
            // Every example parses; the first shows the verb itself (later ones may show what follows it).
            let verbs = try verb.examples.map { example in
                try VerbTable.parser.parse(example.split(separator: " ").map(String.init)).verb?.name
            }
            XCTAssertEqual(verbs.first, verb.name, "\(verb.examples)")
        }
    }

    func testTheIssuesVerbsAreAllThere() {
        let expected = ["status", "list", "show", "tree", "explain", "device", "lock", "unlock", "kiosk", "app-locks", "set-settle",
                        "set-threshold", "policy", "policies", "history", "monitor", "register", "unregister", "root",
                        "push", "pop", "tab-add", "tab-select", "present", "dismiss", "set-props", "mode", "update",
                        "request", "geometry", "activate", "help", "cat-config", "reload", "reset"]
        XCTAssertEqual(Set(VerbTable.all.map(\.name)), Set(expected))
    }

    func testSynopses() throws {
        let push = try XCTUnwrap(VerbTable.parser.verb(named: "push"))
        XCTAssertEqual(push.synopsis, "push SCENE NAV ID [OPTIONS…]")
        XCTAssertEqual(push.argumentRange.min, 3)
        XCTAssertEqual(push.argumentRange.max, 3)
        let kiosk = try XCTUnwrap(VerbTable.parser.verb(named: "kiosk"))
        XCTAssertEqual(kiosk.synopsis, "kiosk on|off [ORIENTATION]")
        let unregister = try XCTUnwrap(VerbTable.parser.verb(named: "unregister"))
        XCTAssertNil(unregister.argumentRange.max)
        XCTAssertEqual(GlobalOptions.json.synopsis, "    --json[=MODE]")
        XCTAssertEqual(try XCTUnwrap(VerbTable.parser.verb(named: "show")?.option(short: "p")).synopsis, "-p, --property NAME…")
    }

    func testHelpTexts() throws {
        let overall = HelpText.overall(VerbTable.all)
        for verb in VerbTable.all {
            XCTAssertTrue(overall.contains("\n  \(verb.name)"), "overall help lacks \(verb.name)")
            let text = HelpText.verb(verb)
            XCTAssertTrue(text.hasPrefix("orientctl \(verb.synopsis)\n"), text)
            for option in verb.options { XCTAssertTrue(text.contains("--\(option.name)"), "\(verb.name) help lacks --\(option.name)") }
        }
        XCTAssertEqual(HelpText.wrap("aa bb cc dd", width: 5), ["aa bb", "cc dd"])
    }
}
