import OrientationCore
import XCTest
@testable import OrientationBus

/// `--window-tracking`, and how the chosen tracker is made.
final class WindowTrackingCommandLineTests: XCTestCase {
    func parse(_ arguments: [String]) throws -> ServiceOptions {
        var options = ServiceOptions(stateDirectory: "/default")
        let action = try OrientdCommandLine.parse(arguments, into: &options)
        XCTAssertEqual(action, .run)
        return options
    }

    func testDefaultsToAuto() throws {
        XCTAssertEqual(try parse([]).windowTracking, .auto)
    }

    func testEveryChoiceInBothForms() throws {
        for choice in WindowTrackingChoice.allCases {
            XCTAssertEqual(try parse(["--window-tracking", choice.rawValue]).windowTracking, choice)
            XCTAssertEqual(try parse(["--window-tracking=\(choice.rawValue)"]).windowTracking, choice)
        }
    }

    func testABadValueIsNamedWithTheValidOnes() {
        XCTAssertThrowsError(try parse(["--window-tracking", "sway"])) { error in
            XCTAssertEqual("\(error)", "unknown --window-tracking 'sway'; valid values: auto, wlroots, kwin, gnome, x11, none")
        }
        XCTAssertThrowsError(try parse(["--window-tracking"]))
    }

    func testTheHelpNamesTheOption() {
        XCTAssertTrue(OrientdCommandLine.usage.contains("--window-tracking auto|wlroots|kwin|gnome|x11|none"))
    }

    func testEveryFixedChoiceNamesItsTrackerKind() {
        for kind in WindowTrackerKind.allCases {
            XCTAssertEqual(WindowTrackingChoice(rawValue: kind.rawValue)?.kind, kind)
        }
        XCTAssertNil(WindowTrackingChoice.none.kind)
        XCTAssertNil(WindowTrackingChoice.auto.kind)
    }

    func testNoneMakesNoTracker() {
        var options = ServiceOptions(stateDirectory: "/default")
        options.windowTracking = .none
        XCTAssertNil(WindowTrackerChoosing.make(for: options, log: Log(verbose: false)))
    }
}
