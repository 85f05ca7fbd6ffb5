import GLibBridge
import OrientationCore
import ProcessSupport
import TestSupport
import XCTest
@testable import OrientationDaemon

/// Each family's fake entry (`FakeAdapters`): `auto` takes it only when its variable is set,
/// it is no option value and not in `--help`, and it runs through the same `AdapterHost` as the
/// real adapters, following the input its variable gives.
final class FakeAdaptersTests: PartTestCase {
    private func context(_ environment: [String: String], options: ServiceOptions = ServiceOptions(stateDirectory: "/d")) -> AdapterContext {
        context(options, environment: environment)
    }

    /// Each family's fake entry and its variable.
    private var fakes: [(variable: String, fake: String?, chosen: (AdapterContext) -> String?)] {
        [(FakeAdapters.output, OutputBackends.family.entries.first?.fakeVariable, { OutputBackends.family.fakeChosen($0)?.name }),
         (FakeAdapters.windows, WindowTrackers.family.entries.first?.fakeVariable, { WindowTrackers.family.fakeChosen($0)?.name }),
         (FakeAdapters.sensor, SensorBackends.family.entries.first?.fakeVariable, { SensorBackends.family.fakeChosen($0)?.name })]
    }

    /// The fake is each family's first entry (so `auto` takes it before any real peer), and
    /// only its own variable, with a valid value, makes it present.
    func testTheFakeIsChosenOnlyWithItsVariable() {
        let valid = [FakeAdapters.output: "kwin", FakeAdapters.windows: "wlroots:org.example.A", FakeAdapters.sensor: "left-up"]
        for (variable, fake, chosen) in fakes {
            XCTAssertEqual(fake, variable, "the fake is the first entry")
            XCTAssertNil(chosen(context([:])), "\(variable) unset")
            XCTAssertNil(chosen(context([variable: ""])), "\(variable) empty")
            XCTAssertNil(chosen(context([variable: "sway"])), "\(variable) invalid")
            XCTAssertNil(chosen(context(valid.filter { $0.key != variable })), "only the other fakes' variables")
            XCTAssertEqual(chosen(context([variable: valid[variable]!])), FakeAdapters.name, variable)
        }
        XCTAssertEqual(Set(fakes.map(\.variable)), Set(FakeAdapters.variables))
    }

    /// A test's fake must never be chosen on a user's machine: no option names it and `--help`
    /// does not show it (only the variable does).
    func testTheFakeIsNoOptionValue() {
        XCTAssertNil(OutputBackendChoice(rawValue: FakeAdapters.name))
        XCTAssertNil(WindowTrackingChoice(rawValue: FakeAdapters.name))
        XCTAssertNil(SensorMode(rawValue: FakeAdapters.name))
        for option in ["--output-backend", "--window-tracking", "--sensor"] {
            var options = ServiceOptions(stateDirectory: "/d")
            XCTAssertThrowsError(try OrientdCommandLine.parse([option, FakeAdapters.name], into: &options), option)
        }
        XCTAssertFalse(OrientdCommandLine.usage.contains(FakeAdapters.name))
        XCTAssertFalse(OrientdCommandLine.usage.contains("ORIENTD_FAKE"))
    }

    /// orientd(8)'s ENVIRONMENT describes each fake's variable.
    func testTheManPageDescribesEachVariable() throws {
        let page = try String(contentsOfFile: AdapterNamesTests.root + "/data/orientd.8", encoding: .utf8)
        let environment = try XCTUnwrap(page.components(separatedBy: ".SH ENVIRONMENT").last?.components(separatedBy: "\n.SH ").first)
        for variable in FakeAdapters.variables {
            XCTAssertTrue(environment.contains(".TP\n.B \(variable)\n"), "orientd.8's ENVIRONMENT does not describe \(variable)")
        }
    }

    func testAutoRunsTheFakeOutputThroughTheHost() throws {
        let host = AdapterHost(OutputBackends.family)
        var reports: [String] = []
        XCTAssertTrue(host.start(.auto, context: context([FakeAdapters.output: "kwin"])) { report, _ in reports.append("\(report)") })
        defer { host.stop() }
        XCTAssertEqual(host.entryName, FakeAdapters.name)
        let backend = try XCTUnwrap(host.adapter as? FakeOutput)
        XCTAssertEqual(backend.kind, .kwin)
        XCTAssertEqual(reports, ["\(OutputBackendEvent.attached(outputName: FakeOutput.panel, showing: .portrait))",
                                 "\(OutputBackendEvent.facts(PanelFacts(size: FakeOutput.size)))"])
        XCTAssertTrue(host.attached)
        backend.apply(.landscapeLeft)
        XCTAssertEqual(reports.last, "\(OutputBackendEvent.orientationRead(.landscapeLeft))")
    }

    func testAutoRunsTheFakeWindowListThroughTheHost() throws {
        let host = AdapterHost(WindowTrackers.family)
        var reports: [String] = []
        let environment = [FakeAdapters.windows: "gnome:org.example.Reader,org.example.Game"]
        XCTAssertTrue(host.start(.auto, context: context(environment)) { report, _ in reports.append("\(report)") })
        defer { host.stop() }
        XCTAssertEqual((host.adapter as? FakeWindowList)?.kind, .gnome)
        XCTAssertEqual(reports, [
            "\(WindowTrackerEvent.attached)",
            "\(WindowTrackerEvent.window(handle: 1, appId: "org.example.Reader", activated: false, minimized: false, fullscreen: false))",
            "\(WindowTrackerEvent.window(handle: 2, appId: "org.example.Game", activated: true, minimized: false, fullscreen: false))",
        ])
    }

    /// `--sensor auto` with the variable: the fake sensor is there at once and reads its value,
    /// turned for the natural orientation, once claimed; `--sensor none` still uses none.
    func testSensorAutoRunsTheFakeSensor() throws {
        var options = ServiceOptions(stateDirectory: "/d")
        options.naturalOrientation = .landscape
        let part = SensorPart(log: Log(verbose: false))
        var commands: [String] = []
        part.perform = { commands.append("\($0)") }
        part.start(context([FakeAdapters.sensor: "left-up"], options: options))
        defer { part.stop() }
        XCTAssertTrue(part.backend is FakeSensor, "\(String(describing: part.backend))")
        XCTAssertEqual(commands, ["\(Command.setSensorAvailable(true))"])
        part.claim(true)
        let reading = "\(Command.deviceReading(SensorReading.leftUp.deviceOrientation(natural: .landscape), source: .iioSensorProxy))"
        try eventually("the fake's reading", iterating: loop) { commands.last == reading }

        options.sensor = .none
        let none = SensorPart(log: Log(verbose: false))
        none.start(context([FakeAdapters.sensor: "left-up"], options: options))
        XCTAssertNil(none.backend)
    }
}
