import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport

/// A sensor backend driven in-process on a GLib loop of its own, its reports collected for
/// the test: the adapter against its peer, without the service around it.
final class SensorBackendRun: @unchecked Sendable {
    let loop = MainLoop.startThread(name: "sensor-backend")
    let events = LockedValue<[SensorBackendEvent]>([])
    /// Only touched on the loop's thread.
    private var backend: (any SensorBackend)?

    /// `make` gets the loop the backend lives on.
    init(_ make: @escaping @Sendable (MainLoop) -> any SensorBackend) {
        loop.sync { [self] in
            let backend = make(loop)
            backend.start { [events] event in events.withLock { $0.append(event) } }
            self.backend = backend
        }
    }

    /// Passes the core's `sensorWanted` on (as `SensorPart` does).
    func claim(_ wanted: Bool) {
        loop.sync { [self] in backend?.claim(wanted) }
    }

    func stop() {
        loop.sync { [self] in
            backend?.stop()
            backend = nil
        }
        loop.stopThread()
    }

    /// The unique name of the backend's own connection to its peer's bus (nil: none now, or
    /// not a backend that has one).
    var connectionName: String? {
        loop.sync { [self] in (backend as? IIOSensorProxyBackend)?.bus?.uniqueName }
    }

    /// The unique name of the peer the backend follows now (nil: none, or not a backend that says).
    var peerName: String? {
        loop.sync { [self] in (backend as? IIOSensorProxyBackend)?.owner }
    }

    /// The `available` reports, in order.
    var availability: [Bool] { events.value.compactMap { if case .available(let there) = $0 { there } else { nil } } }
    /// The `available` reports with repeats dropped (a peer that says again that it has an
    /// accelerometer, as the real daemon's broadcasts do, is reported again).
    var availabilityChanges: [Bool] {
        availability.reduce(into: []) { changes, there in if changes.last != there { changes.append(there) } }
    }
    /// Whether the backend's last word is that the sensor is there.
    var isAvailable: Bool { availability.last == true }
    /// The readings, in order.
    var readings: [DeviceOrientation] { events.value.compactMap { if case .reading(let read) = $0 { read } else { nil } } }

    /// The events as lines, for failure messages.
    var transcript: String { events.value.map { "\($0)" }.joined(separator: "\n") }
}
