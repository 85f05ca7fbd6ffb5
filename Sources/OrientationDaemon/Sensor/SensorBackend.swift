import OrientationCore

/// A source of the device's orientation (iio-sensor-proxy's accelerometer). Lives on the GLib
/// main loop thread. It watches its peer and reports what it sees through `reports`; it claims
/// the sensor only when the core says so (`claim`), the way an `OutputBackend` turns the panel
/// only when the core says where it goes.
protocol SensorBackend: PeerAdapter where Report == SensorBackendEvent {
    /// The core's `sensorWanted`: claim the sensor (true) or release it (false). A claim waits
    /// for the sensor to be there; one that failed is not retried until the sensor changes.
    func claim(_ wanted: Bool)
    /// Stops watching and reporting.
    func stop()
}

/// What a sensor backend saw of its sensor.
enum SensorBackendEvent {
    /// The sensor is there (true) or gone (false): the manager's `SensorAvailable`.
    case available(Bool)
    /// A reading, as the device's orientation (already turned for `--natural-orientation`).
    case reading(DeviceOrientation)
}
