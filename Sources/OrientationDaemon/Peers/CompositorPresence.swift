/// How an adapter (a tool-driven backend) learns that its compositor is there, gone or changed.
protocol CompositorPresence: AnyObject {
    /// `present` when the compositor is reachable (again), `changed` on its change
    /// notifications, `gone` with the reason when it is not there or goes away. Keeps watching
    /// for its return until `stop()`.
    func start(present: @escaping () -> Void, changed: @escaping () -> Void, gone: @escaping (String) -> Void)
    func stop()
}
