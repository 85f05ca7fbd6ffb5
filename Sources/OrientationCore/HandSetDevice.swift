/// A device orientation set by hand (`SetDeviceOrientation`) while the accelerometer is claimed
/// and has read the device: a demo or a test on a machine with a real sensor. The sensor does
/// not read again while the device does not move, so a hand-set orientation would otherwise
/// stay for good, with the panel and every scene turned for a device that is not turned. It
/// holds until the sensor's next reading, or for `holdMilliseconds`; then the sensor's own
/// orientation comes back.
public struct HandSetDevice: Equatable, Sendable {
    /// What the hand set.
    public let orientation: DeviceOrientation
    /// The sensor's orientation when the hand set it, which comes back when the hold ends.
    public let sensed: DeviceOrientation
    /// When the hold ends (monotonic microseconds).
    public let until: Int64

    /// How long a hand-set orientation holds against a sensor that reads nothing new.
    public static let holdMilliseconds: Int64 = 15_000
}

extension OrientationManager {
    /// A hand-set reading while the sensor is claimed: held until the sensor's next reading
    /// or `holdMilliseconds` after it settles. nil when there is no sensor orientation to come
    /// back to (no sensor, not claimed, nothing read yet): the hand-set orientation then stays.
    func handHold(_ orientation: DeviceOrientation, now: Moment) -> HandSetDevice? {
        guard wantsSensor else { return nil }
        let sensed = handSet?.sensed ?? (sensedSource == .iioSensorProxy ? sensedOrientation : .unknown)
        guard sensed != .unknown else { return nil }
        let settle = Int64(settings.settleTimeMilliseconds) * 1000
        return HandSetDevice(orientation: orientation, sensed: sensed,
                             until: now.monotonic + settle + HandSetDevice.holdMilliseconds * 1000)
    }

    /// The hold ended: the sensor's orientation comes back, as a settled reading of its own.
    mutating func endHandHold(now: Moment, events: inout [Event], progress: Progress?) {
        guard let hold = handSet, now.monotonic >= hold.until else { return }
        handSet = nil
        guard sensorAvailable else { return }
        pendingReading = nil
        applyReading(hold.sensed, source: .iioSensorProxy, now: now, events: &events, progress: progress)
    }

    /// Explain's words for a hold, or "" without one.
    var handSetWords: String {
        guard let hold = handSet else { return "" }
        return "; set by hand with SetDeviceOrientation while the accelerometer reads \(hold.sensed.rawValue): "
            + "it holds until the accelerometer's next reading, or \(HandSetDevice.holdMilliseconds / 1000) s, then the accelerometer's orientation comes back"
    }
}
