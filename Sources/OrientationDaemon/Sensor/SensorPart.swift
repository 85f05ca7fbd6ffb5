import GLibBridge
import OrientationCore

/// The sensor backends: iio-sensor-proxy on the system bus, the only real one (`--sensor auto`
/// uses it when the system bus has it, `iio` waits for it, `none` uses none); `auto` takes a
/// test's fake instead when its variable is set (`FakeAdapters`).
enum SensorBackends {
    static let family = AdapterFamily<any SensorBackend, SensorBackendEvent>(
        name: "sensor", option: "--sensor", entries: [fake, iio],
        nothingFound: "no sensor",
        helpBefore: "auto: use iio-sensor-proxy when the system bus has it, else manual input; ",
        helpAfter: "; none: never touch the system bus (default: auto)", start: { backend, reports in backend.start(reports: reports) },
        stop: { $0.stop() },
        attachment: { if case .available(let available) = $0 { available } else { nil } })

    static let fake = AdapterEntry<any SensorBackend>(
        name: FakeAdapters.name, found: FakeAdapters.found(FakeAdapters.sensor), fakeVariable: FakeAdapters.sensor, arrivals: [],
        probe: { FakeSensor.reading(in: $0) != nil },
        make: { FakeSensor(reading: FakeSensor.reading(in: $0) ?? .normal, natural: $0.options.naturalOrientation, log: $0.log) })

    /// Made with the service's loop: `make(loop:)` gives the entry.
    static let iio = AdapterEntry<any SensorBackend>(
        name: "iio", found: "iio-sensor-proxy", help: "iio: wait for iio-sensor-proxy (needs the system bus)", arrivals: [], probe: { _ in true },
        make: { IIOSensorProxyBackend(mode: $0.options.sensor, natural: $0.options.naturalOrientation, loop: $0.loop, log: $0.log,
                                      systemBus: $0.environment["DBUS_SYSTEM_BUS_ADDRESS"]) })
}

/// The service's sensor part: the backend `--sensor` chose (driven by the generic
/// `AdapterHost`), its reports turned into core commands, the core's claim carried to it.
final class SensorPart {
    let host = AdapterHost(SensorBackends.family)
    let log: Log
    /// Runs a command through the core (the service's `performInternal`).
    var perform: (Command) -> Void = { _ in }
    /// The backend's first answer is in (true: the sensor absent, there and not wanted, or its
    /// first reading after the claim; none will come), or waits again (false: claimed before
    /// its first reading).
    var answered: (Bool) -> Void = { _ in }
    /// The core's `sensorWanted`, as last said; whether the sensor said it is there, and read.
    private var wanted = false
    private var available = false, read = false

    init(log: Log) { self.log = log }

    /// The backend while there is one.
    var backend: (any SensorBackend)? { host.adapter }

    /// Starts following iio-sensor-proxy, as `--sensor` says.
    func start(_ context: AdapterContext) {
        guard context.options.sensor != .none else {
            log.info("--sensor none: manual input only (SetDeviceOrientation); the system bus is not used")
            return answered(true)
        }
        // `auto` takes the fake when a test set its variable, else iio-sensor-proxy.
        let sensor = context.options.sensor
        let entry = sensor == .auto ? SensorBackends.family.fakeChosen(context) ?? SensorBackends.iio : SensorBackends.iio
        host.start(.named(entry.name), context: context) { [unowned self] event, _ in
            self.take(event)
        }
    }

    /// Stops following the sensor (orientd is exiting: its claim ends with its connection).
    func stop() {
        host.stop()
    }

    /// The core's `sensorWanted`.
    func claim(_ wanted: Bool) {
        self.wanted = wanted
        if wanted && available && !read { answered(false) }
        backend?.claim(wanted)
    }

    /// A sensor backend's report, turned into a core command.
    private func take(_ event: SensorBackendEvent) {
        switch event {
        case .available(let available):
            self.available = available
            perform(.setSensorAvailable(available))
            // Wanted: the claim is on its way (its reply reads the orientation).
            answered(!available || !wanted || read)
        case .reading(let orientation):
            read = true
            perform(.deviceReading(orientation, source: .iioSensorProxy))
            answered(true)
        }
    }
}
