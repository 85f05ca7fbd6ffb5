import OrientationCore
import XCTest
@testable import OrientationDaemon

/// `SensorPart` alone, with the fake sensor (`ORIENTD_FAKE_SENSOR`) and a real core: the
/// sensor's presence and readings become core commands, the core's claim reaches the sensor,
/// and the part answers the start-up gate as it should (at once without a sensor, again
/// waiting when claimed before its first reading).
final class SensorPartTests: PartTestCase {
    private let core = EmbeddedCore()
    private var answers: [Bool] = []

    private func start(_ sensor: SensorMode, reading: String = "left-up") -> SensorPart {
        var options = ServiceOptions(stateDirectory: "/nonexistent")
        options.sensor = sensor
        let part = SensorPart(log: log)
        core.wire(part)
        part.answered = { [unowned self] in answers.append($0) }
        part.start(context(options, environment: [FakeAdapters.sensor: reading]))
        addTeardownBlock { part.stop() }
        return part
    }

    /// `--sensor none` uses no sensor, runs no command and answers at once.
    func testNoneAnswersAtOnceWithNoSensor() {
        let part = start(.none)
        XCTAssertNil(part.backend)
        XCTAssertEqual(core.commands, [])
        XCTAssertEqual(answers, [true])
    }

    /// The sensor there is the core's `setSensorAvailable`, an answer while unclaimed; a claim
    /// before the first reading waits again, and the reading is a device reading that answers.
    func testPresenceAndReadingsBecomeCommandsAndAnswers() throws {
        let part = start(.auto)
        XCTAssertEqual(core.commands, [.setSensorAvailable(true)])
        XCTAssertTrue(core.manager.sensorAvailable)
        XCTAssertEqual(answers, [true])
        part.claim(true)
        XCTAssertEqual(answers, [true, false], "claimed before its first reading: the gate waits for it")
        settle()
        XCTAssertEqual(core.commands.last, .deviceReading(SensorReading.leftUp.deviceOrientation(natural: .portrait), source: .iioSensorProxy))
        XCTAssertEqual(answers, [true, false, true])
        part.claim(false)
        part.claim(true)
        XCTAssertEqual(answers, [true, false, true], "read once: a later claim does not wait")
    }

    /// What the core wants of the sensor reaches it: unclaimed it reads nothing; a scene that
    /// follows the device makes the core claim it, and the reading comes.
    func testTheCoresClaimBringsAReading() throws {
        _ = start(.auto, reading: "bottom-up")
        settle()
        XCTAssertEqual(core.commands, [.setSensorAvailable(true)], "unclaimed: no reading")
        try core.run(.registerScene(SceneRegistration(appId: "org.example.App")), caller: ":1.9")
        XCTAssertTrue(core.manager.wantsSensor)
        settle()
        XCTAssertEqual(core.commands.last, .deviceReading(SensorReading.bottomUp.deviceOrientation(natural: .portrait), source: .iioSensorProxy))
    }
}
