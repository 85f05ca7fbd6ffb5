import GLibBridge
import ProcessSupport
import TestSupport
import XCTest

/// The built orientd with its fakes (orientd(8), ENVIRONMENT), as a test of the whole daemon
/// uses them: no compositor and no sensor, the variables alone make `auto` take an in-process
/// panel, window list and accelerometer; without them `auto` finds nothing here.
final class FakeAdaptersFlowTests: OrientdTestCase {
    override var startsOrientdInSetUp: Bool { false }

    static let auto = ["--output-backend", "auto", "--window-tracking", "auto", "--sensor", "auto"]

    func testTheVariablesMakeAutoTakeTheFakes() throws {
        let instance = try startOrientd(Self.auto, environment: [
            "ORIENTD_FAKE_OUTPUT": "kwin",
            "ORIENTD_FAKE_WINDOWS": "wlroots:org.example.Reader,org.example.Game",
            "ORIENTD_FAKE_SENSOR": "left-up",
        ])
        XCTAssertEqual(try property("OutputBackend").string, "kwin")
        XCTAssertEqual(try property("OutputName").string, "FAKE-1")
        XCTAssertEqual(try property("WindowTracking").string, "wlroots")
        XCTAssertEqual(try property("TrackedWindows").uint32, 2)
        XCTAssertEqual(try property("FrontApp").string, "org.example.Game")
        XCTAssertEqual(try property("SensorAvailable").bool, true)
        // The front app declares nothing, so the panel follows the device: left-up is the
        // device's landscape-right, shown as the interface's landscape-left.
        try eventually("the fake sensor's reading") { try self.property("DeviceOrientation").string == "landscape-right" }
        try eventually("the fake panel turned") { try self.property("OutputOrientation").string == "landscape-left" }
        for variable in ["ORIENTD_FAKE_OUTPUT", "ORIENTD_FAKE_WINDOWS", "ORIENTD_FAKE_SENSOR"] {
            XCTAssertTrue(instance.log.contains("\(variable) is set"), "the log does not say \(variable) is used:\n\(instance.log)")
        }
    }

    func testWithoutTheVariablesAutoTakesNoFake() throws {
        let instance = try startOrientd(Self.auto + ["--sensor", "none"])
        XCTAssertEqual(try property("OutputBackend").string, "none")
        XCTAssertEqual(try property("WindowTracking").string, "none")
        XCTAssertEqual(try property("OutputName").string, "")
        XCTAssertFalse(instance.log.contains("ORIENTD_FAKE"), instance.log)
    }

    func testAnInvalidValueIsLoggedAndNoFakeIsUsed() throws {
        let instance = try startOrientd(Self.auto + ["--sensor", "none"], environment: ["ORIENTD_FAKE_OUTPUT": "sway"])
        XCTAssertEqual(try property("OutputBackend").string, "none")
        try eventually("the warning") { instance.log.contains("ORIENTD_FAKE_OUTPUT='sway' is not valid (give one of mutter, wlroots, ") }
    }
}
