import OrientationCore
import XCTest
@testable import OrientationDaemon

/// An option's value is never empty and never another option.
final class OptionValueTests: XCTestCase {
    func refusal(_ arguments: [String]) -> String? {
        var options = ServiceOptions(stateDirectory: "/default")
        do {
            _ = try OrientdCommandLine.parse(arguments, into: &options)
            return nil
        } catch {
            return error.description
        }
    }

    func testEmptyValuesAreUsageErrors() {
        for arguments in [["--state-dir="], ["--state-dir", ""], ["--sensor="], ["--natural-orientation", ""],
                          ["--state-dir=", "--verbose"]] {
            XCTAssertEqual(refusal(arguments)?.contains("needs a value; it was given an empty one"), true, "\(arguments)")
        }
    }

    func testAnOptionIsNotTakenAsAValue() {
        XCTAssertEqual(refusal(["--state-dir", "--verbose"]), "--state-dir needs a value, not the option '--verbose' (write --state-dir=--verbose for a value that starts with '-')")
        XCTAssertEqual(refusal(["--sensor", "-v"])?.contains("not the option '-v'"), true)
    }

    func testAValueStartingWithADashIsGivenInline() throws {
        var options = ServiceOptions(stateDirectory: "/default")
        _ = try OrientdCommandLine.parse(["--state-dir=-odd", "--verbose"], into: &options)
        XCTAssertEqual(options.stateDirectory, "-odd")
        XCTAssertTrue(options.verbose)
        _ = try OrientdCommandLine.parse(["--state-dir=a=b"], into: &options)
        XCTAssertEqual(options.stateDirectory, "a=b")
    }
}
