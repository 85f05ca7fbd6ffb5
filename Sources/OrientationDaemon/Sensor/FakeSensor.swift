import OrientationCore

/// The sensor backend `ORIENTD_FAKE_SENSOR=READING` makes `--sensor auto` take
/// (`FakeAdapters`): an accelerometer that is there at once and reads READING, in
/// iio-sensor-proxy's words (normal, bottom-up, left-up, right-up, undefined), turned for
/// `--natural-orientation` as a real reading is, each time the core claims it. The system bus
/// is not used.
final class FakeSensor: SensorBackend {
    let reading: SensorReading
    private let natural: NaturalOrientation
    private let log: Log
    private var report: ((SensorBackendEvent) -> Void)?
    /// The reading on its way after a claim (0: none), as iio-sensor-proxy's reply comes later.
    private var pending: UInt32 = 0

    init(reading: SensorReading, natural: NaturalOrientation, log: Log) {
        (self.reading, self.natural, self.log) = (reading, natural, log)
    }

    /// The reading the variable names; nil (with a warning) for any other value.
    static func reading(in context: AdapterContext) -> SensorReading? {
        FakeAdapters.value(FakeAdapters.sensor, in: context,
                           valid: "give one of \(SensorReading.allCases.map(\.rawValue).joined(separator: ", "))",
                           SensorReading.init(rawValue:))
    }

    func start(reports: @escaping (SensorBackendEvent) -> Void) {
        report = reports
        log.warning("sensor: \(FakeAdapters.sensor) is set: the fake sensor reads \(reading.rawValue) whenever it is claimed; "
            + "iio-sensor-proxy is not used")
        reports(.available(true))
    }

    func claim(_ wanted: Bool) {
        guard wanted, pending == 0 else { return }
        pending = afterDelay(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.pending = 0
            self.report?(.reading(self.reading.deviceOrientation(natural: self.natural)))
        }
    }

    func stop() {
        if pending != 0 { cancelDelay(pending) }
        (pending, report) = (0, nil)
    }
}
