/// The one shape of every adapter to a peer outside orientd: iio-sensor-proxy (`SensorBackend`),
/// a compositor's panel (`OutputBackend`), a compositor's window list (`WindowTracker`).
///
/// An adapter lives on the GLib main loop thread. It watches its peer (change notifications,
/// never polling), keeps watching for it to come back when it goes, and reports what it sees
/// through `reports`; the service turns each report into a command for the core. It never
/// decides anything (which window is in front, where the panel goes, whether to claim the
/// sensor): it carries out only what the core's events ask of it, through the members its own
/// protocol adds. `PeerSession` is the state machine most adapters share for the peer's
/// comings and goings and their one call in flight.
protocol PeerAdapter: AnyObject {
    /// What the adapter saw of its peer.
    associatedtype Report
    /// Starts watching; `reports` hears everything the adapter sees until `stop`.
    func start(reports: @escaping (Report) -> Void)
    /// Stops watching and reporting, handing back what it holds of the peer.
    func stop()
}
