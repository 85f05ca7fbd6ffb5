import OrientationClient
import GLibBridge
import OrientctlKit
import XCTest

/// `Orientctl.run` with a captured console and no bus.
final class EntryPointTests: XCTestCase {
    private final class Capture {
        var out = ""
        var err = ""
    }

    private func run(_ words: [String], connect: @escaping () throws(CommandError) -> OrientationClient = { () throws(CommandError) in
        throw CommandError.noBus(OrientationClientError(.failed, "no bus in unit tests"))
    }) -> (status: Int32, out: String, err: String) {
        let capture = Capture()
        let console = Console(isTerminal: false, colors: false, output: { capture.out += $0 }, error: { capture.err += $0 })
        let status = Orientctl.run(words, environment: [:], console: console, connect: connect)
        return (status, capture.out, capture.err)
    }

    func testUsageErrorsExit64WithAHint() {
        let result = run(["push", "1"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "orientctl: push needs NAV ID\nUsage: orientctl push SCENE NAV ID [OPTIONS…]; see 'orientctl push --help'.\n")
    }

    func testArgumentErrorsFoundByAVerbAreUsageErrorsToo() {
        for words in [["set-settle", "soon"], ["geometry", "1", "wide"], ["tree", "scene-one"], ["kiosk", "maybe"],
                      ["policy", "a.b", "--clear", "--no-sensor"], ["set-props", "1", "c"], ["push", "1", "n", "c", "--sheet", "--fills-window"]] {
            let result = run(words)
            XCTAssertEqual(result.status, 64, "\(words): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("orientctl: "), result.err)
            XCTAssertEqual(result.err.split(separator: "\n").count, 2, result.err)
        }
    }

    func testHelpVersionAndHelpVerb() {
        let help = run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("orientctl [OPTIONS…] VERB"))
        XCTAssertEqual(run(["help", "push"]).out, run(["push", "--help"]).out)
        XCTAssertEqual(run(["help"]).out, help.out)
        XCTAssertEqual(run(["help", "nope"]).status, 64)
        XCTAssertEqual(run(["--version"]).out, HelpText.version + "\n")
    }

    func testNoBusIsAFailure() {
        let result = run(["status"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.hasPrefix("Failed to connect to the session bus: no bus in unit tests\n"), result.err)
    }
}
