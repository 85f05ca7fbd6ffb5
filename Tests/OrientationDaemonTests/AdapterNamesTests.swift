import Foundation
import OrientationCore
import XCTest
@testable import OrientationDaemon

/// Each adapter family's entries are the only list of its names: the option's values, `--help`
/// and the usage errors are read from them, and where a list must be written elsewhere (the
/// core's kinds, which are the manager's property values; the man page; the interface XML)
/// these tests fail naming the entry one of them forgot.
final class AdapterNamesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Each family as the tests read it: its option, the values it takes, the entries a user names.
    struct Family {
        let option: String
        let values: [String]
        let named: [String]
        let helpParagraph: String
    }

    static let families = [
        Family(option: OutputBackends.family.option, values: OutputBackendChoice.allCases.map(\.rawValue),
               named: OutputBackends.family.namedEntries.map(\.name), helpParagraph: OutputBackends.family.helpParagraph),
        Family(option: WindowTrackers.family.option, values: WindowTrackingChoice.allCases.map(\.rawValue),
               named: WindowTrackers.family.namedEntries.map(\.name), helpParagraph: WindowTrackers.family.helpParagraph),
        Family(option: SensorBackends.family.option, values: SensorMode.allCases.map(\.rawValue),
               named: SensorBackends.family.namedEntries.map(\.name), helpParagraph: SensorBackends.family.helpParagraph),
    ]

    func testTheOptionTakesAutoEachEntryAndNone() {
        for family in Self.families {
            XCTAssertEqual(family.values, ["auto"] + family.named + ["none"], family.option)
            XCTAssertFalse(family.named.isEmpty, family.option)
        }
    }

    /// The core's kinds are the manager's `OutputBackend` and `WindowTracking` values: one per
    /// entry a user can name, in the registry's order.
    func testTheCoresKindsAreTheEntries() {
        let outputs = OutputBackends.family.namedEntries.map(\.name), trackers = WindowTrackers.family.namedEntries.map(\.name)
        XCTAssertEqual(OutputBackendKind.allCases.map(\.rawValue), outputs,
                       "OutputBackendKind and OutputBackends differ in \(Set(outputs).symmetricDifference(OutputBackendKind.allCases.map(\.rawValue)))")
        XCTAssertEqual(WindowTrackerKind.allCases.map(\.rawValue), trackers,
                       "WindowTrackerKind and WindowTrackers differ in \(Set(trackers).symmetricDifference(WindowTrackerKind.allCases.map(\.rawValue)))")
        for name in OutputBackends.family.namedEntries.map(\.name) {
            XCTAssertEqual(OutputBackendChoice(rawValue: name)?.kind?.rawValue, name)
        }
        for name in WindowTrackers.family.namedEntries.map(\.name) {
            XCTAssertEqual(WindowTrackingChoice(rawValue: name)?.kind?.rawValue, name)
        }
        XCTAssertNil(OutputBackendChoice.auto.kind)
        XCTAssertNil(WindowTrackingChoice.none.kind)
    }

    func testEveryValueParsesInBothFormsAndABadOneIsNamedWithTheValidOnes() throws {
        for family in Self.families {
            for value in family.values {
                var spaced = ServiceOptions(stateDirectory: "/d"), joined = ServiceOptions(stateDirectory: "/d")
                XCTAssertEqual(try OrientdCommandLine.parse([family.option, value], into: &spaced), .run)
                XCTAssertEqual(try OrientdCommandLine.parse(["\(family.option)=\(value)"], into: &joined), .run)
                XCTAssertEqual(Self.value(of: family.option, in: spaced), value)
                XCTAssertEqual(Self.value(of: family.option, in: joined), value)
            }
            var options = ServiceOptions(stateDirectory: "/d")
            XCTAssertThrowsError(try OrientdCommandLine.parse([family.option, "sway"], into: &options)) { error in
                XCTAssertEqual("\(error)", "unknown \(family.option) 'sway'; valid values: \(family.values.joined(separator: ", "))")
            }
        }
    }

    func testTheHelpNamesEveryValueAndWhatEachEntryDrives() {
        for family in Self.families {
            XCTAssertTrue(OrientdCommandLine.usage.contains(family.helpParagraph), family.option)
            XCTAssertTrue(OrientdCommandLine.usage.contains("\(family.option) \(family.values.joined(separator: "|"))"), family.option)
        }
        for entry in OutputBackends.family.namedEntries where !entry.help.isEmpty {
            XCTAssertTrue(OrientdCommandLine.usage.contains(entry.help), entry.name)
        }
        for entry in WindowTrackers.family.namedEntries where !entry.help.isEmpty {
            XCTAssertTrue(OrientdCommandLine.usage.contains(entry.help), entry.name)
        }
        for line in Self.families.flatMap({ $0.helpParagraph.split(separator: "\n") }) {
            XCTAssertLessThanOrEqual(line.count, HelpParagraph.width, String(line))
        }
    }

    /// orientd(8)'s tag line of each option lists the same values, in the same order.
    func testTheManPageListsEveryValue() throws {
        let page = try String(contentsOfFile: Self.root + "/data/orientd.8", encoding: .utf8)
        for family in Self.families {
            let tag = ".BR " + family.option.replacingOccurrences(of: "-", with: "\\-") + " "
            let line = try XCTUnwrap(page.split(separator: "\n").first { $0.hasPrefix(tag) }, "orientd.8 has no \(tag)")
            let listed = line.dropFirst(tag.count).split(separator: "|").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
            XCTAssertEqual(listed, family.values, "orientd.8's \(family.option) (\(line))")
            // Each entry is described in the option's paragraph, as `.B name` or `.BR name …`.
            let paragraph = try XCTUnwrap(page.components(separatedBy: String(line)).last?.components(separatedBy: "\n.TP").first)
            for name in family.named {
                XCTAssertTrue(paragraph.contains(".B \(name)\n") || paragraph.contains(".BR \(name) "),
                              "orientd.8 does not describe \(family.option) \(name)")
            }
        }
    }

    /// The interface XML's doc of `OutputBackend` and `WindowTracking` names each kind, quoted.
    func testTheInterfaceNamesEveryKind() throws {
        let xml = try String(contentsOfFile: Self.root + "/dbus/io.github.orientd.OrientationManager1.xml", encoding: .utf8)
        for (property, names) in [("OutputBackend", OutputBackends.family.namedEntries.map(\.name)),
                                  ("WindowTracking", WindowTrackers.family.namedEntries.map(\.name))] {
            let doc = try XCTUnwrap(xml.components(separatedBy: "        \(property):\n").dropFirst().first?
                .components(separatedBy: "-->").first, property)
            for name in names + ["none"] { XCTAssertTrue(doc.contains("\"\(name)\""), "the \(property) property's doc does not name \"\(name)\"") }
        }
    }

    static func value(of option: String, in options: ServiceOptions) -> String {
        switch option {
        case OutputBackends.family.option: options.outputBackend.rawValue
        case WindowTrackers.family.option: options.windowTracking.rawValue
        default: options.sensor.rawValue
        }
    }
}
