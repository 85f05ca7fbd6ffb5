import OrientationCore
import XCTest
@testable import OrientationDaemon

final class CommandLineTests: XCTestCase {
    func parse(_ arguments: [String]) throws -> (OrientdCommandLine.Action, ServiceOptions) {
        var options = ServiceOptions(stateDirectory: "/default")
        let action = try OrientdCommandLine.parse(arguments, into: &options)
        return (action, options)
    }

    func testNoArgumentsServesWithDefaults() throws {
        let (action, options) = try parse([])
        XCTAssertEqual(action, .run)
        XCTAssertEqual(options.sensor, .auto)
        XCTAssertEqual(options.naturalOrientation, .portrait)
        XCTAssertFalse(options.replace)
        XCTAssertEqual(options.stateDirectory, "/default")
    }

    func testEveryOptionInBothForms() throws {
        let (_, spaced) = try parse(["--replace", "--state-dir", "/s", "--sensor", "none", "--natural-orientation", "landscape", "--verbose"])
        let (_, inline) = try parse(["--replace", "--state-dir=/s", "--sensor=none", "--natural-orientation=landscape", "-v"])
        for options in [spaced, inline] {
            XCTAssertTrue(options.replace)
            XCTAssertEqual(options.stateDirectory, "/s")
            XCTAssertEqual(options.sensor, SensorMode.none)
            XCTAssertEqual(options.naturalOrientation, .landscape)
            XCTAssertTrue(options.verbose)
        }
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try parse(["--help"]).0, .help)
        XCTAssertEqual(try parse(["-h"]).0, .help)
        XCTAssertEqual(try parse(["--version"]).0, .version)
    }

    func testBadValuesNameTheValidOnes() {
        XCTAssertThrowsError(try parse(["--sensor", "gps"])) { XCTAssertTrue("\($0)".contains(SensorMode.validNames)) }
        XCTAssertThrowsError(try parse(["--natural-orientation", "diagonal"])) { XCTAssertTrue("\($0)".contains("portrait, landscape")) }
        XCTAssertThrowsError(try parse(["--state-dir"])) { XCTAssertTrue("\($0)".contains("needs a value")) }
        XCTAssertThrowsError(try parse(["--frobnicate"])) { XCTAssertTrue("\($0)".contains("'--frobnicate'")) }
    }
}
