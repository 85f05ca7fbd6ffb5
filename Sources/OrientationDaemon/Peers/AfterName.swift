/// Work orientd leaves until the bus has answered its request for its well-known name (the
/// name owned, or queued behind another owner) and the parts have their first answers
/// (`StartupGate`): what neither the first call's answer nor the parts' first answers need
/// (the adapters' watches for a compositor's socket file: GIO's first file monitor loads its
/// monitor types and module list and starts GLib's worker thread, a twentieth of the
/// start-up). Run once, in order, at `begin()`; work given after
/// that runs at once.
///
/// Lives on the main loop thread.
final class AfterName {
    private var waiting: [() -> Void]? = []

    /// One already answered: `later` runs its work at once (a part driven
    /// without the service, as the parts' tests drive them).
    static func passed() -> AfterName {
        let afterName = AfterName()
        afterName.waiting = nil
        return afterName
    }

    /// Runs `work` once begun (at once when it has).
    func later(_ work: @escaping () -> Void) {
        if waiting == nil { work() } else { waiting!.append(work) }
    }

    /// The bus answered the request for the name, and the first answers are in: the waiting
    /// work runs now (once; later calls do nothing).
    func begin() {
        guard let work = waiting else { return }
        waiting = nil
        for job in work { job() }
    }
}
