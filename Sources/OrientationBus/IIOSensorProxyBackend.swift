import CGio
import GLibBridge
import OrientationCore

/// Follows iio-sensor-proxy (`net.hadess.SensorProxy` on the system bus): claims the
/// accelerometer while a scene on the built-in display exists, releases it otherwise, and
/// turns its readings into device readings (which go through the settle time).
///
/// Everything runs on the service's main loop. The watcher keeps its own private connection
/// to the system bus and survives the bus, the proxy or the accelerometer coming and going:
///
/// - **Epochs.** Every change of the connection or of the proxy's owner starts a new epoch.
///   Replies and signals carry the epoch or the connection they belong to; a late reply from
///   a proxy that has since vanished or restarted is dropped, so it can neither mark the new
///   proxy as claimed nor feed it a stale reading.
/// - **One claim call at a time.** A Claim or Release in flight blocks the next one; its reply
///   re-checks what is wanted, so a scene that goes while a claim is in flight is followed by
///   a release, and a proxy that restarts while one is in flight is claimed again.
/// - **Readings from the owner only.** Signals are taken from the proxy's current unique name,
///   path and interface, broadcast (the real daemon) or unicast (dbusmock) alike, claimed or
///   not, while `HasAccelerometer` is true.
/// - **Claims are not counted** by iio-sensor-proxy (one Release undoes any number of Claims),
///   so the watcher never sends a second Claim to a proxy it believes it holds.
final class SensorWatcher {
    static let name = "net.hadess.SensorProxy"
    static let path = "/net/hadess/SensorProxy"
    static let interface = "net.hadess.SensorProxy"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// Reconnection delays after the system bus closed (or, with `--sensor iio`, was never
    /// there): doubling from the first to the last.
    static let retryMilliseconds: (first: UInt32, last: UInt32) = (1_000, 30_000)

    enum ClaimState: Equatable {
        case released, claiming, claimed, releasing
    }

    unowned let service: OrientationService
    let mode: SensorMode
    let natural: NaturalOrientation

    /// The private system-bus connection, while there is one.
    private(set) var bus: BusConnection?
    private var nameWatch: NameWatcherID?
    private var subscription: SignalSubscriptionID?
    /// The proxy's unique name while it is on the bus.
    private(set) var owner: String?
    private(set) var hasAccelerometer = false
    private(set) var claim = ClaimState.released
    /// A Claim failed at this epoch: do not retry until the proxy or its accelerometer changes.
    private var claimFailed = false
    /// Bumped whenever the connection or the proxy's owner changes.
    private var epoch = 0
    private var retryTimer: SourceHandle?
    private var retryDelay = SensorWatcher.retryMilliseconds.first
    /// Whether "waiting for the system bus" has been logged since the last connection.
    private var saidWaiting = false

    init(service: OrientationService, mode: SensorMode, natural: NaturalOrientation) {
        self.service = service
        self.mode = mode
        self.natural = natural
    }

    /// Whether the proxy is there with an accelerometer (the `SensorAvailable` property).
    var available: Bool { owner != nil && hasAccelerometer }

    // MARK: The system bus

    /// Connects to the system bus now. With `--sensor auto`, no system bus at start means
    /// manual input for good (said once); with `--sensor iio` it keeps trying.
    /// Returns false when the watcher gave up (auto mode, no system bus).
    func start() -> Bool {
        do {
            try connect()
            return true
        } catch {
            if mode == .iio {
                service.log.info("--sensor iio: waiting for the system bus (\(error.message)); following manual input until then")
                saidWaiting = true
                scheduleReconnect()
                return true
            }
            service.log.info("no system bus (\(error.message)): following manual input only (SetDeviceOrientation)")
            return false
        }
    }

    /// The system bus's address (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket).
    static func systemBusAddress() throws(DBusError) -> String {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SYSTEM, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "no address"
            g_clear_error(&error)
            throw DBusError(name: DBusError.failed, message: message)
        }
        defer { g_free(address) }
        return String(cString: address)
    }

    /// Opens a private connection (not GLib's shared one: that one cannot be reopened after
    /// the bus restarts), then watches the proxy's name and subscribes to its signals.
    private func connect() throws(DBusError) {
        let connection = try BusConnection(address: Self.systemBusAddress())
        bus = connection
        epoch += 1
        retryDelay = Self.retryMilliseconds.first
        if saidWaiting {
            service.log.info("connected to the system bus")
            saidWaiting = false
        }
        connection.onClosed { [weak self, weak connection] _ in
            guard let self, let connection, connection === self.bus else { return }
            self.connectionClosed()
        }
        // By name and path, whoever the signal is addressed to (broadcast or unicast); the
        // handler then keeps only the current owner's.
        subscription = connection.subscribe(
            sender: Self.name, interface: Self.propertiesInterface, member: "PropertiesChanged", path: Self.path
        ) { [weak self, weak connection] signal in
            guard let self, let connection, connection === self.bus else { return }
            self.propertiesChanged(signal)
        }
        nameWatch = connection.watchName(Self.name, appeared: { [weak self, weak connection] _, owner in
            guard let self, let connection, connection === self.bus else { return }
            self.appeared(owner: owner)
        }, vanished: { [weak self, weak connection] _ in
            guard let self, let connection, connection === self.bus else { return }
            self.vanished()
        })
    }

    private func connectionClosed() {
        service.log.warning("the system bus connection closed: following manual input until it returns")
        if let bus {
            if let nameWatch { bus.unwatchName(nameWatch) }
            if let subscription { bus.unsubscribe(subscription) }
        }
        nameWatch = nil
        subscription = nil
        bus = nil
        vanished()
        epoch += 1
        saidWaiting = true
        scheduleReconnect()
    }

    private func scheduleReconnect() {
        retryTimer?.cancel()
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, Self.retryMilliseconds.last)
        retryTimer = service.loop.addTimeout(milliseconds: delay) { [weak self] in
            guard let self else { return }
            self.retryTimer = nil
            do throws(DBusError) {
                try self.connect()
            } catch {
                self.service.log.debug("system bus still unreachable (\(error.message)); next try in \(self.retryDelay) ms")
                self.scheduleReconnect()
            }
        }
    }

    // MARK: The proxy

    private func appeared(owner newOwner: String) {
        if owner != nil { vanished() }
        epoch += 1
        owner = newOwner
        hasAccelerometer = false
        claim = .released
        claimFailed = false
        service.log.info("iio-sensor-proxy appeared on the system bus (\(newOwner))")
        let epoch = self.epoch
        getProperty("HasAccelerometer") { [weak self] value in
            guard let self, epoch == self.epoch else { return }
            guard let has = value?.bool else {
                self.service.log.warning("could not read HasAccelerometer from iio-sensor-proxy; waiting for it to change")
                return
            }
            self.setHasAccelerometer(has)
        }
    }

    /// The proxy left (or the connection closed): its claims died with it. Scenes keep their
    /// orientation; `SensorAvailable` turns false and `SensorSource` manual.
    private func vanished() {
        guard owner != nil else { return }
        service.log.info("iio-sensor-proxy left the system bus; scenes keep their orientation")
        epoch += 1
        owner = nil
        hasAccelerometer = false
        claim = .released
        claimFailed = false
        service.performInternal(.setSensorAvailable(false))
    }

    private func setHasAccelerometer(_ has: Bool) {
        guard owner != nil else { return }
        if has != hasAccelerometer {
            hasAccelerometer = has
            claimFailed = false
            service.log.info(has ? "iio-sensor-proxy has an accelerometer" : "iio-sensor-proxy has no accelerometer; following manual input")
        }
        // Publishes SensorAvailable, then (through perform) updates the claim.
        service.performInternal(.setSensorAvailable(available))
        updateClaim()
    }

    private func propertiesChanged(_ signal: ReceivedSignal) {
        guard let owner, signal.sender == owner,
              signal.argument(0).string == Self.interface,
              let changed = signal.argument(1).vardict else { return }
        if let has = changed["HasAccelerometer"]?.bool { setHasAccelerometer(has) }
        if let reading = changed["AccelerometerOrientation"]?.string { received(reading) }
    }

    // MARK: The claim

    /// Claims while a scene on the built-in display exists and the accelerometer is there;
    /// releases when none does. Called after every command the service runs.
    func updateClaim() {
        guard let bus, let owner else { return }
        let wanted = available && service.manager.needsSensor
        switch (claim, wanted) {
        case (.released, true) where !claimFailed:
            send("ClaimAccelerometer", to: owner, on: bus, pending: .claiming, done: .claimed)
        case (.claimed, false):
            send("ReleaseAccelerometer", to: owner, on: bus, pending: .releasing, done: .released)
        default:
            break  // in flight (its reply re-checks), already right, or failed at this epoch
        }
    }

    /// Calls `method` on the proxy's unique name (never on a later owner of the well-known one).
    private func send(_ method: String, to owner: String, on bus: BusConnection, pending: ClaimState, done: ClaimState) {
        claim = pending
        let epoch = self.epoch
        bus.callAsync(destination: owner, path: Self.path, interface: Self.interface, method: method) { [weak self] result in
            // From a proxy that has gone since: the new epoch already starts from .released.
            guard let self, epoch == self.epoch else { return }
            switch result {
            case .success:
                self.claim = done
                self.service.log.debug("\(method) done")
                if done == .claimed { self.readOrientation() }
            case .failure(let error):
                self.service.log.warning("\(method) failed: \(error.message)")
                if done == .claimed {
                    self.claim = .released
                    self.claimFailed = true
                } else {
                    // Whatever the proxy thinks, do not release twice; a later claim starts afresh.
                    self.claim = .released
                }
            }
            self.updateClaim()
        }
    }

    /// iio-sensor-proxy sends PropertiesChanged only to claimants (dbusmock), or only after
    /// its next poll (the real daemon): read the value right after claiming.
    private func readOrientation() {
        let epoch = self.epoch
        getProperty("AccelerometerOrientation") { [weak self] value in
            guard let self, epoch == self.epoch, self.hasAccelerometer else { return }
            if let reading = value?.string { self.received(reading) }
        }
    }

    private func getProperty(_ property: String, _ completion: @escaping (Variant?) -> Void) {
        guard let bus, let owner else { return completion(nil) }
        bus.callAsync(destination: owner, path: Self.path, interface: Self.propertiesInterface, method: "Get",
                      parameters: Variant(tuple: [Variant(string: Self.interface), Variant(string: property)]),
                      replyType: "(v)") { result in
            if case .success(let reply) = result {
                completion(reply.child(at: 0).unboxed)
            } else {
                completion(nil)
            }
        }
    }

    private func received(_ value: String) {
        guard hasAccelerometer else { return }
        guard let reading = SensorReading(rawValue: value) else {
            service.log.warning("iio-sensor-proxy reported an unknown orientation '\(value)'; ignored")
            return
        }
        let orientation = reading.deviceOrientation(natural: natural)
        service.log.debug("sensor: \(value) → \(orientation.rawValue)")
        service.performInternal(.deviceReading(orientation, source: .iioSensorProxy))
    }
}

extension OrientationService {
    /// Starts following iio-sensor-proxy, as `--sensor` says.
    func startSensor() {
        guard options.sensor != .none else {
            log.info("--sensor none: manual input only (SetDeviceOrientation); the system bus is not used")
            return
        }
        let watcher = SensorWatcher(service: self, mode: options.sensor, natural: options.naturalOrientation)
        if watcher.start() { sensor = watcher }
    }
}
