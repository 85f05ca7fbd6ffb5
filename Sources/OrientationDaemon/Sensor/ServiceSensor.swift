import OrientationCore

extension OrientationService {
    /// Starts following iio-sensor-proxy, as `--sensor` says.
    func startSensor() {
        guard options.sensor != .none else {
            log.info("--sensor none: manual input only (SetDeviceOrientation); the system bus is not used")
            return
        }
        let backend = IIOSensorProxyBackend(mode: options.sensor, natural: options.naturalOrientation, loop: loop, log: log)
        sensor = backend
        backend.start { [unowned self, weak backend] event in
            guard let backend, backend === self.sensor else { return }
            self.sensorEvent(event)
        }
    }

    /// Stops following the sensor (orientd is exiting: its claim ends with its connection).
    func stopSensor() {
        sensor?.stop()
    }

    /// A sensor backend's report, turned into a core command.
    func sensorEvent(_ event: SensorBackendEvent) {
        switch event {
        case .available(let available):
            performInternal(.setSensorAvailable(available))
        case .reading(let orientation):
            performInternal(.deviceReading(orientation, source: .iioSensorProxy))
        }
    }
}
