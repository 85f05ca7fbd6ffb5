import OrientationCore
@testable import OrientationDaemon

/// An output backend the test scripts: it reports what the test sends (`send`) and records
/// what the part asks of it. Lives on the test's thread (the loop it iterates), hence
/// unchecked Sendable (the registry's `make` is a Sendable closure).
final class ScriptedOutput: OutputBackend, @unchecked Sendable {
    let kind: OutputBackendKind
    private var report: ((OutputBackendEvent) -> Void)?
    /// What the part asked, in order: `apply`, the hold and the lock.
    private(set) var applied: [InterfaceOrientation] = []
    private(set) var holds: [Bool] = []
    private(set) var locks: [Bool] = []
    private(set) var running = false

    init(kind: OutputBackendKind = .kwin) { self.kind = kind }

    func start(reports: @escaping (OutputBackendEvent) -> Void) { (report, running) = (reports, true) }
    func stop() { (report, running) = (nil, false) }
    func apply(_ orientation: InterfaceOrientation) { applied.append(orientation) }
    func holdCompositorRotation(_ held: Bool) { holds.append(held) }
    func rotationLockChanged(_ locked: Bool) { locks.append(locked) }

    /// The compositor says `event`.
    func send(_ event: OutputBackendEvent) { report?(event) }

    /// The output family with this backend as its only entry (found at once by `auto`).
    func family() -> AdapterFamily<any OutputBackend, OutputBackendEvent> {
        var family = OutputBackends.family
        family.entries = [AdapterEntry(name: "scripted", found: "the test's backend", arrivals: [], probe: { _ in true },
                                       make: { [self] _ in self })]
        family.fallback = nil
        return family
    }
}

/// A window tracker the test scripts, as `ScriptedOutput`; with `attachesOnStart`, it reports
/// `.attached` as it starts (its compositor is there). Stopped, it still reports what the test
/// sends, as a late callback would: the host must drop it.
final class ScriptedTracker: WindowTracker, @unchecked Sendable {
    let kind: WindowTrackerKind
    let attachesOnStart: Bool
    private var report: ((WindowTrackerEvent) -> Void)?
    private(set) var stopped = false

    init(kind: WindowTrackerKind = .gnome, attachesOnStart: Bool = false) {
        (self.kind, self.attachesOnStart) = (kind, attachesOnStart)
    }

    func start(reports: @escaping (WindowTrackerEvent) -> Void) {
        (report, stopped) = (reports, false)
        if attachesOnStart { reports(.attached) }
    }

    func stop() { stopped = true }

    /// The compositor says `event`.
    func send(_ event: WindowTrackerEvent) { report?(event) }

    /// A window of `appId`, in front unless `activated` says otherwise.
    func open(_ handle: UInt64, _ appId: String, activated: Bool = true) {
        send(.window(handle: handle, appId: appId, activated: activated, minimized: false, fullscreen: false))
    }

    /// The window family with this tracker as its only entry (found at once by `auto`, unless
    /// its compositor is not `present`).
    func family(present: Bool = true) -> AdapterFamily<any WindowTracker, WindowTrackerEvent> {
        var family = WindowTrackers.family
        family.entries = [AdapterEntry(name: "scripted", found: "the test's tracker", arrivals: [], probe: { _ in present },
                                       make: { [self] _ in self })]
        return family
    }
}
