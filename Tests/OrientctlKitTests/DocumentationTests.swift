import Foundation
import OrientctlKit
import TestSupport
import XCTest

/// data/orientctl.1, data/orientd.8 and data/orientctl.bash-completion keep up with the verb
/// table and orientd's options, and the completion works against a real orientd.
final class DocumentationTests: XCTestCase {
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data").path

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: Self.dataDirectory + "/" + name, encoding: .utf8)
    }

    /// How roff spells `--name`.
    private func roff(_ text: String) -> String { text.replacingOccurrences(of: "-", with: "\\-") }

    func testTheManPageCoversEveryVerbAndOption() throws {
        let page = try read("orientctl.1")
        // The words of every .TP entry's tag line.
        let lines = page.components(separatedBy: "\n")
        let tagged = Set(zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.flatMap { _, tag in
            tag.split { " \",".contains($0) }.map { String($0).replacingOccurrences(of: "\\f[RBIP]", with: "", options: .regularExpression) }
        })
        for verb in VerbTable.all {
            XCTAssertTrue(tagged.contains(verb.name), "orientctl.1 has no entry for \(verb.name)")
            for option in verb.options {
                XCTAssertTrue(page.contains(roff("--\(option.name)")),
                              "orientctl.1 does not mention \(verb.name) --\(option.name)")
            }
        }
        for option in GlobalOptions.specs { XCTAssertTrue(page.contains(roff("--\(option.name)")), option.name) }
        for status in ["0", "1", "64"] { XCTAssertTrue(page.contains(".B \(status)\n"), "exit status \(status)") }
    }

    func testTheCompletionCoversEveryVerbAndOption() throws {
        let script = try read("orientctl.bash-completion")
        let verbs = try XCTUnwrap(script.range(of: #"local verbs='[^']*'"#, options: .regularExpression).map { String(script[$0]) })
        let listed = Set(verbs.dropFirst("local verbs='".count).dropLast().split(whereSeparator: \.isWhitespace).map(String.init))
        XCTAssertEqual(listed, Set(VerbTable.all.map(\.name)))
        for verb in VerbTable.all {
            for option in verb.options {
                XCTAssertTrue(script.contains("--\(option.name) ") || script.contains("--\(option.name)'"),
                              "the completion lacks \(verb.name) --\(option.name)")
            }
        }
    }

    func testRoffRendersWithoutWarnings() throws {
        // groff-base is installed by `scripts/install-deps.sh test`.
        for page in ["orientctl.1", "orientd.8", "orientd.conf.5"] {
            let output = try runCommand(["/usr/bin/groff", "-man", "-Tutf8", "-z", "-wmac", "-wescape", "-wdelim", "-wel",
                                         Self.dataDirectory + "/" + page])
            XCTAssertEqual(output.status, .exited(0), "\(page): \(output)")
            XCTAssertEqual(output.stderr, "", page)
        }
    }

    func testOrientdsPageCoversItsOptions() throws {
        let help = try runCommand([OrientdInstance.product("orientd"), "--help"])
        XCTAssertEqual(help.status, .exited(0), "\(help)")
        let words = help.stdout.split { $0 == " " || $0 == "\n" || $0 == "," }
        let options = Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map { String($0.prefix { $0 != "=" }) })
        XCTAssertGreaterThanOrEqual(options.count, 6, help.stdout)
        let page = try read("orientd.8")
        for option in options { XCTAssertTrue(page.contains(roff(option)), "orientd.8 does not document \(option)") }
        for word in ["io.github.orientd.OrientationManager1", "settings.ini", "DBUS_SESSION_BUS_ADDRESS", "XDG_STATE_HOME",
                     "ORIENTD_INTERFACES_DIR", ".SH FILES", ".SH ENVIRONMENT", ".SH OPTIONS", ".SH BUS NAMES"] {
            XCTAssertTrue(page.contains(word), "orientd.8 lacks \(word)")
        }
    }
}

/// The completion script run by bash against a real orientd.
final class CompletionTests: OrientctlTestCase {
    private func complete(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source '\(DocumentationTests.dataDirectory)/orientctl.bash-completion'
            COMP_WORDS=(orientctl \(quoted)); COMP_CWORD=\(words.count); COMPREPLY=(); _orientctl
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let path = OrientdInstance.productsDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let output = try runCommand(["bash", "--norc", "-c", script], environment: environment.merging(["PATH": path]) { _, new in new })
        XCTAssertEqual(output.status, .exited(0), "\(output)")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    func testCompletesVerbsOptionsScenesAndControllers() throws {
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        try ok("root", scene, "nav", "--kind", "navigation")
        try ok("push", scene, "nav", "list")
        XCTAssertEqual(try complete(["ta"]), ["tab-add", "tab-select"])
        XCTAssertEqual(try complete(["tree", ""]), [scene])
        XCTAssertEqual(try complete(["push", scene, ""]), ["nav", "list"])
        XCTAssertEqual(try complete(["present", scene, "list", "p", "--pre"]), ["--preferred"])
        XCTAssertEqual(try complete(["present", scene, "list", "p", "--preferred", "landscape-"]), ["landscape-right", "landscape-left"])
        XCTAssertEqual(try complete(["register", "a.b", "--supported", "portrait", "all-"]), ["all-but-upside-down"])
        XCTAssertEqual(try complete(["device", "face"]), ["face-up", "face-down"])
        XCTAssertEqual(try complete(["rel"]), ["reload"])
        XCTAssertEqual(try complete(["reset", "S"]), ["SplitViewThreshold", "SettleTime"])
        XCTAssertEqual(try complete(["cat-"]), ["cat-config"])
        XCTAssertEqual(try complete(["mode", scene, "list", "lo"]), ["locked"])
    }
}
