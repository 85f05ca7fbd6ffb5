import GLibBridge
import OrientationCore

/// Follows iio-sensor-proxy (`net.hadess.SensorProxy` on the system bus): claims the
/// accelerometer while a scene on the built-in display exists, releases it otherwise, and
/// turns its readings into device readings.
final class SensorWatcher {
    static let name = "net.hadess.SensorProxy"
    static let path = "/net/hadess/SensorProxy"
    static let interface = "net.hadess.SensorProxy"

    unowned let service: OrientationService
    let bus: BusConnection
    let natural: NaturalOrientation
    /// The proxy is on the bus.
    var present = false
    var hasAccelerometer = false
    var claimed = false
    var claimInFlight = false

    init(service: OrientationService, bus: BusConnection, natural: NaturalOrientation) {
        self.service = service
        self.bus = bus
        self.natural = natural
    }

    func start() {
        // Subscribe by name and path, whoever the signal is addressed to (broadcast or unicast).
        bus.subscribe(sender: Self.name, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                      path: Self.path) { [unowned self] signal in
            guard let changed = signal.argument(1).vardict else { return }
            if let has = changed["HasAccelerometer"]?.bool { self.setHasAccelerometer(has) }
            if let reading = changed["AccelerometerOrientation"]?.string, self.claimed { self.received(reading) }
        }
        bus.watchName(Self.name, appeared: { [unowned self] _, owner in
            self.service.log.info("iio-sensor-proxy appeared on the system bus (\(owner))")
            self.present = true
            self.claimed = false
            self.bus.callAsync(destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Properties",
                               method: "Get", parameters: Variant(tuple: [Variant(string: Self.interface), Variant(string: "HasAccelerometer")]),
                               replyType: "(v)") { [unowned self] result in
                if case .success(let reply) = result, let has = reply.child(at: 0).unboxed?.bool {
                    self.setHasAccelerometer(has)
                } else {
                    self.service.log.warning("could not read HasAccelerometer from iio-sensor-proxy")
                }
            }
        }, vanished: { [unowned self] _ in
            if self.present { self.service.log.info("iio-sensor-proxy left the system bus; scenes keep their orientation") }
            self.present = false
            self.claimed = false
            self.setHasAccelerometer(false)
        })
    }

    func setHasAccelerometer(_ has: Bool) {
        hasAccelerometer = has && present
        service.performInternal(.setSensorAvailable(hasAccelerometer))
        updateClaim()
    }

    /// Claims while a scene on the built-in display exists; releases when none does.
    func updateClaim() {
        guard !claimInFlight else { return }
        let wanted = present && hasAccelerometer && service.manager.needsSensor
        guard wanted != claimed else { return }
        claimInFlight = true
        let method = wanted ? "ClaimAccelerometer" : "ReleaseAccelerometer"
        bus.callAsync(destination: Self.name, path: Self.path, interface: Self.interface, method: method) { [unowned self] result in
            self.claimInFlight = false
            if case .failure(let error) = result {
                self.service.log.warning("\(method) failed: \(error)")
                return
            }
            self.claimed = wanted
            self.service.log.debug("\(method) done")
            if wanted { self.readOrientation() }
            self.updateClaim()
        }
    }

    /// iio-sensor-proxy sends PropertiesChanged only to claimants: read the value right after claiming.
    func readOrientation() {
        bus.callAsync(destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Properties",
                      method: "Get", parameters: Variant(tuple: [Variant(string: Self.interface), Variant(string: "AccelerometerOrientation")]),
                      replyType: "(v)") { [unowned self] result in
            if case .success(let reply) = result, let reading = reply.child(at: 0).unboxed?.string {
                self.received(reading)
            }
        }
    }

    func received(_ value: String) {
        guard let reading = SensorReading(rawValue: value) else {
            service.log.warning("iio-sensor-proxy reported an unknown orientation '\(value)'")
            return
        }
        service.log.debug("sensor: \(value)")
        service.performInternal(.deviceReading(reading.deviceOrientation(natural: natural), source: .iioSensorProxy))
    }
}

extension OrientationService {
    /// Connects to the system bus for the sensor, as `--sensor` says.
    func startSensor() {
        guard options.sensor != .none else {
            log.info("--sensor none: manual input only (SetDeviceOrientation)")
            return
        }
        let system: BusConnection
        do {
            system = try BusConnection.system()
        } catch {
            if options.sensor == .iio {
                log.error("--sensor iio needs the system bus, which cannot be reached (\(error.message))")
                stop(status: 1)
            } else {
                log.info("no system bus (\(error.message)): following manual input only")
            }
            return
        }
        system.onClosed { [unowned self] _ in
            self.log.warning("the system bus connection closed: following manual input only")
            self.sensor = nil
            self.performInternal(.setSensorAvailable(false))
        }
        let watcher = SensorWatcher(service: self, bus: system, natural: options.naturalOrientation)
        sensor = watcher
        watcher.start()
    }
}
