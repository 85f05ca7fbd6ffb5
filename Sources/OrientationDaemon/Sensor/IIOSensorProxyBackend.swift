import CGio
import GLibBridge
import OrientationCore

/// Follows iio-sensor-proxy (`net.hadess.SensorProxy` on the system bus): reports whether it
/// has an accelerometer and turns its readings into device orientations; claims the
/// accelerometer while the core wants it (`claim`), releases it otherwise.
///
/// Everything runs on the service's main loop. The backend keeps its own private connection
/// to the system bus and survives the bus, the proxy or the accelerometer coming and going:
///
/// - **Epochs** (`PeerSession`). Every change of the connection or of the proxy's owner starts
///   a new epoch. Replies carry the epoch they belong to, signals the connection; a late reply
///   from a proxy that has since vanished or restarted is dropped, so it can neither mark the
///   new proxy as claimed nor feed it a stale reading.
/// - **One claim call at a time.** A Claim or Release in flight blocks the next one; its reply
///   re-checks what is wanted, so a scene that goes while a claim is in flight is followed by
///   a release, and a proxy that restarts while one is in flight is claimed again.
/// - **Readings from the owner only.** Signals are taken from the proxy's current unique name,
///   path and interface, broadcast (the real daemon) or unicast (dbusmock) alike, claimed or
///   not, while `HasAccelerometer` is true.
/// - **Claims are not counted** by iio-sensor-proxy (one Release undoes any number of Claims),
///   so the backend never sends a second Claim to a proxy it believes it holds.
final class IIOSensorProxyBackend: SensorBackend {
    static let name = "net.hadess.SensorProxy"
    static let path = "/net/hadess/SensorProxy"
    static let interface = "net.hadess.SensorProxy"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// Reconnection delays after the system bus closed (or, with `--sensor iio`, was never
    /// there): doubling from the first to the last.
    static let retryMilliseconds: (first: UInt32, last: UInt32) = (1_000, 30_000)

    let mode: SensorMode
    let natural: NaturalOrientation
    let loop: MainLoop
    let log: Log

    private var report: ((SensorBackendEvent) -> Void)?
    /// The private system-bus connection, while there is one.
    private(set) var bus: BusConnection?
    private var nameWatch: NameWatcherID?
    private var subscription: SignalSubscriptionID?
    /// The proxy's unique name while it is on the bus.
    private(set) var owner: String?
    private(set) var hasAccelerometer = false
    /// The epoch, and the Claim or Release in flight (what it asks: claimed or not).
    private var session = PeerSession<Bool>()
    /// Whether the proxy holds orientd's claim (as its last answer said).
    private(set) var claimed = false
    /// Whether the core wants the accelerometer claimed (its last `sensorWanted`).
    private var wanted = false
    /// A Claim failed at this epoch: do not retry until the proxy or its accelerometer changes.
    private var claimFailed = false
    private var retryTimer: SourceHandle?
    private var retryDelay = IIOSensorProxyBackend.retryMilliseconds.first
    /// Whether "waiting for the system bus" has been logged since the last connection.
    private var saidWaiting = false

    /// The system bus's address, as orientd's environment gives it (nil: the standard socket).
    private let systemBus: String?

    /// `systemBus`: `DBUS_SYSTEM_BUS_ADDRESS` from orientd's environment (`AdapterContext`), or
    /// nil for the standard socket.
    init(mode: SensorMode, natural: NaturalOrientation, loop: MainLoop, log: Log, systemBus: String?) {
        self.mode = mode
        self.systemBus = systemBus.flatMap { $0.isEmpty ? nil : $0 }
        self.natural = natural
        self.loop = loop
        self.log = log
    }

    /// Whether the proxy is there with an accelerometer (the `SensorAvailable` property).
    var available: Bool { owner != nil && hasAccelerometer }

    // MARK: The system bus

    /// Starts watching. With `--sensor auto` and no system bus it gives up at once, says so and
    /// stays idle (the device follows manual input only); `--sensor iio` waits for the bus.
    func start(reports: @escaping (SensorBackendEvent) -> Void) {
        report = reports
        do {
            try connect()
        } catch {
            if mode != .auto {
                log.info("--sensor iio: waiting for the system bus (\(error.message)); following manual input until then")
                report?(.available(false))
                saidWaiting = true
                scheduleReconnect()
                return
            }
            log.info("no system bus (\(error.message)): following manual input only (SetDeviceOrientation)")
            report?(.available(false))
            report = nil
        }
    }

    /// Stops watching and reporting; the connection, and with it any claim, ends with orientd.
    func stop() {
        retryTimer?.cancel()
        retryTimer = nil
        if let bus {
            if let nameWatch { bus.unwatchName(nameWatch) }
            if let subscription { bus.unsubscribe(subscription) }
        }
        (nameWatch, subscription) = (nil, nil)
        session.newPeer()
        report = nil
    }

    /// The system bus's address: `systemBus`, else the standard socket.
    func systemBusAddress() throws(DBusError) -> String {
        if let systemBus { return systemBus }
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
        let connection = try BusConnection(address: systemBusAddress())
        bus = connection
        session.newPeer()
        retryDelay = Self.retryMilliseconds.first
        if saidWaiting {
            log.info("connected to the system bus")
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
        log.warning("the system bus connection closed: following manual input until it returns")
        if let bus {
            if let nameWatch { bus.unwatchName(nameWatch) }
            if let subscription { bus.unsubscribe(subscription) }
        }
        nameWatch = nil
        subscription = nil
        bus = nil
        vanished()
        session.newPeer()
        saidWaiting = true
        scheduleReconnect()
    }

    private func scheduleReconnect() {
        retryTimer?.cancel()
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, Self.retryMilliseconds.last)
        retryTimer = loop.addTimeout(milliseconds: delay) { [weak self] in
            guard let self else { return }
            self.retryTimer = nil
            do throws(DBusError) {
                try self.connect()
            } catch {
                self.log.debug("system bus still unreachable (\(error.message)); next try in \(self.retryDelay) ms")
                self.scheduleReconnect()
            }
        }
    }

    // MARK: The proxy

    private func appeared(owner newOwner: String) {
        if owner != nil { vanished() }
        session.newPeer()
        owner = newOwner
        hasAccelerometer = false
        claimed = false
        claimFailed = false
        log.info("iio-sensor-proxy appeared on the system bus (\(newOwner))")
        let epoch = session.epoch
        getProperty("HasAccelerometer") { [weak self] value in
            guard let self, self.session.isCurrent(epoch) else { return }
            guard let has = value?.bool else {
                self.log.warning("could not read HasAccelerometer from iio-sensor-proxy; waiting for it to change")
                return
            }
            self.setHasAccelerometer(has)
        }
    }

    /// The proxy left (or the connection closed): its claims died with it. Scenes keep their
    /// orientation; `SensorAvailable` turns false and `SensorSource` manual.
    private func vanished() {
        // Not there from the start: said too, as the first answer (orientd's start waits for it).
        guard owner != nil else { return report?(.available(false)) ?? () }
        log.info("iio-sensor-proxy left the system bus; scenes keep their orientation")
        session.newPeer()
        owner = nil
        hasAccelerometer = false
        claimed = false
        claimFailed = false
        report?(.available(false))
    }

    private func setHasAccelerometer(_ has: Bool) {
        guard owner != nil else { return }
        if has != hasAccelerometer {
            hasAccelerometer = has
            claimFailed = false
            log.info(has ? "iio-sensor-proxy has an accelerometer" : "iio-sensor-proxy has no accelerometer; following manual input")
        }
        // Publishes SensorAvailable (the core answers with `sensorWanted` when that changes
        // whether it wants the accelerometer), then claims or releases as wanted.
        report?(.available(available))
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

    func claim(_ wanted: Bool) {
        self.wanted = wanted
        updateClaim()
    }

    /// Claims while the core wants the accelerometer and it is there; releases otherwise.
    private func updateClaim() {
        guard let bus, let owner else { return }
        let claim = available && wanted
        // Already right, or failed at this epoch.
        guard claim != claimed, !(claim && claimFailed) else { return }
        // One in flight: its reply re-checks.
        guard session.calls.submit(claim) != nil else { return }
        send(claim ? "ClaimAccelerometer" : "ReleaseAccelerometer", claiming: claim, to: owner, on: bus)
    }

    /// Calls `method` on the proxy's unique name (never on a later owner of the well-known one).
    private func send(_ method: String, claiming: Bool, to owner: String, on bus: BusConnection) {
        let epoch = session.epoch
        bus.callAsync(destination: owner, path: Self.path, interface: Self.interface, method: method) { [weak self] result in
            guard let self else { return }
            // From a proxy that has gone since: the new epoch already starts unclaimed.
            guard self.session.isCurrent(epoch) else {
                return self.log.debug("ignored the late reply to \(method) from an iio-sensor-proxy that has gone")
            }
            self.session.calls.finish()
            switch result {
            case .success:
                self.claimed = claiming
                self.log.debug("\(method) done")
                if claiming { self.readOrientation() }
            case .failure(let error):
                self.log.warning("\(method) failed: \(error.message)")
                // A failed Release: whatever the proxy thinks, do not release twice; a later
                // claim starts afresh.
                self.claimed = false
                if claiming { self.claimFailed = true }
            }
            self.updateClaim()
        }
    }

    /// iio-sensor-proxy sends PropertiesChanged only to claimants (dbusmock), or only after
    /// its next poll (the real daemon): read the value right after claiming.
    private func readOrientation() {
        let epoch = session.epoch
        getProperty("AccelerometerOrientation") { [weak self] value in
            guard let self, self.session.isCurrent(epoch), self.hasAccelerometer else { return }
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
            log.warning("iio-sensor-proxy reported an unknown orientation '\(value)'; ignored")
            return
        }
        let orientation = reading.deviceOrientation(natural: natural)
        log.debug("sensor: \(value) → \(orientation.rawValue)")
        report?(.reading(orientation))
    }
}
