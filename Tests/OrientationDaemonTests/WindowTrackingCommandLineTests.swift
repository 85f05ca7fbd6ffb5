import GLibBridge
import OrientationCore
import TestSupport
import XCTest
@testable import OrientationDaemon

/// `--window-tracking`, and how the chosen tracker is made.
final class WindowTrackingCommandLineTests: XCTestCase {
    func testDefaultsToAuto() throws {
        XCTAssertEqual(try runOptions([]).windowTracking, .auto)
    }

    func testEveryChoiceInBothForms() throws {
        for choice in WindowTrackingChoice.allCases {
            XCTAssertEqual(try runOptions(["--window-tracking", choice.rawValue]).windowTracking, choice)
            XCTAssertEqual(try runOptions(["--window-tracking=\(choice.rawValue)"]).windowTracking, choice)
        }
    }

    func testABadValueIsNamedWithTheValidOnes() {
        XCTAssertThrowsError(try runOptions(["--window-tracking", "sway"])) { error in
            XCTAssertEqual("\(error)", "unknown --window-tracking 'sway'; valid values: \(WindowTrackers.family.optionValues.joined(separator: ", "))")
        }
        XCTAssertThrowsError(try runOptions(["--window-tracking"]))
    }

    func testTheHelpNamesTheOption() {
        XCTAssertTrue(OrientdCommandLine.usage.contains("--window-tracking " + WindowTrackers.family.optionValues.joined(separator: "|")))
    }

    func testEveryFixedChoiceNamesItsTrackerKind() {
        for kind in WindowTrackerKind.allCases {
            XCTAssertEqual(WindowTrackingChoice(rawValue: kind.rawValue)?.kind, kind)
        }
        XCTAssertNil(WindowTrackingChoice.none.kind)
        XCTAssertNil(WindowTrackingChoice.auto.kind)
    }

    func testNoneMakesNoTracker() throws {
        var options = ServiceOptions(stateDirectory: "/default")
        options.windowTracking = .none
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try bus.connect()
        defer { connection.close() }
        XCTAssertNil(WindowTrackers.family.make(options.windowTracking.adapterChoice, context(options, connection)))
    }

    /// `gnome` is built in: the tracker of GNOME Shell's extension, on orientd's session bus.
    func testGnomeMakesTheShellExtensionsTracker() throws {
        var options = ServiceOptions(stateDirectory: "/default")
        options.windowTracking = try XCTUnwrap(WindowTrackingChoice(rawValue: WindowTrackers.gnome.name))
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try bus.connect()
        defer { connection.close() }
        let tracker = WindowTrackers.family.make(options.windowTracking.adapterChoice, context(options, connection))
        XCTAssertTrue(tracker is GnomeWindowTracker, "\(String(describing: tracker))")
        XCTAssertEqual(tracker?.kind, .gnome)
    }

    /// What the registry probes and makes with: the options, a private bus, a loop of its own.
    private func context(_ options: ServiceOptions, _ connection: BusConnection) -> AdapterContext {
        AdapterContext(options: options, connection: connection, loop: MainLoop(), log: Log(verbose: false), environment: [:])
    }
}
