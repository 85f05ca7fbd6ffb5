import OrientationCore
import XCTest
@testable import OrientationDaemon

/// `--output-backend` and `--output`.
final class OutputCommandLineTests: XCTestCase {
    func testDefaultsToAutoAndTheBuiltInPanel() throws {
        let options = try runOptions([])
        XCTAssertEqual(options.outputBackend, .auto)
        XCTAssertNil(options.outputName)
    }

    func testEveryBackendInBothForms() throws {
        for choice in OutputBackendChoice.allCases {
            XCTAssertEqual(try runOptions(["--output-backend", choice.rawValue]).outputBackend, choice)
            XCTAssertEqual(try runOptions(["--output-backend=\(choice.rawValue)"]).outputBackend, choice)
        }
        XCTAssertEqual(OutputBackendChoice.allCases.map(\.rawValue), OutputBackends.family.optionValues)
        XCTAssertEqual(try runOptions(["--output", "DSI-1"]).outputName, "DSI-1")
        XCTAssertEqual(try runOptions(["--output=eDP-1"]).outputName, "eDP-1")
    }

    func testBadValuesNameTheValidOnes() {
        XCTAssertThrowsError(try runOptions(["--output-backend", "sway"])) { error in
            XCTAssertEqual("\(error)", "unknown --output-backend 'sway'; valid values: \(OutputBackends.family.optionValues.joined(separator: ", "))")
        }
        XCTAssertThrowsError(try runOptions(["--output", ""])) { XCTAssertTrue("\($0)".contains("such as eDP-1"), "\($0)") }
        XCTAssertThrowsError(try runOptions(["--output", "e DP"])) { XCTAssertTrue("\($0)".contains("no spaces"), "\($0)") }
        XCTAssertThrowsError(try runOptions(["--output-backend"])) { XCTAssertEqual("\($0)", "--output-backend needs a value") }
    }

    func testHelpDescribesBothOptions() {
        for fragment in ["--output-backend " + OutputBackends.family.optionValues.joined(separator: "|"), "--output NAME", "(default: auto)", "eDP-*, DSI-*, LVDS-*"] {
            XCTAssertTrue(OrientdCommandLine.usage.contains(fragment), fragment)
        }
    }
}
