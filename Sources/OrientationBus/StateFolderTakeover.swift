import CGio
import Glibc
import OrientationCore

/// `orientd --replace` when the replaced instance still holds the state folder's lock (it is
/// ending, or it is stopped: SIGSTOP, a debugger). The main loop never waits for the lock:
/// orientd serves at once with the user's settings as they were on disk at start, refuses to
/// save (`SaveFailed` naming the holder) and polls the lock from a main-loop timer. Once the
/// lock is orientd's, it reads the settings again (the replaced instance may have saved a last
/// change meanwhile), applies what differs with the usual signals, and saves from then on.
/// After `patience` it logs that the holder does not let go, and keeps polling, slower.
extension OrientationService {
    static let stateLockPollMilliseconds: UInt32 = 50
    static let stateLockSlowPollMilliseconds: UInt32 = 1_000
    static let stateLockPatienceSeconds: Int64 = 30

    /// Called once orientd owns the name while the state folder is still held.
    func startTakingOverStateFolder() {
        guard waitsForStateLock, stateLockPoll == nil else { return }
        let started = g_get_monotonic_time()
        var warned = false
        if tryTakingOverStateFolder() { return }
        stateLockPoll = loop.addRepeatingTimeout(milliseconds: Self.stateLockPollMilliseconds) { [unowned self] in
            if self.tryTakingOverStateFolder() { return false }
            guard !warned, g_get_monotonic_time() - started >= Self.stateLockPatienceSeconds * 1_000_000 else { return true }
            warned = true
            self.log.warning("\(self.saveRefusal ?? "the state folder is still held") after \(Self.stateLockPatienceSeconds) s (is it stopped?); serving the settings read at start without saving changes until it lets go")
            self.stateLockPoll = self.loop.addRepeatingTimeout(milliseconds: Self.stateLockSlowPollMilliseconds) { [unowned self] in
                !self.tryTakingOverStateFolder()
            }
            return false
        }
    }

    /// One attempt: true when the lock is orientd's now (or nothing waits for it).
    private func tryTakingOverStateFolder() -> Bool {
        guard waitsForStateLock else { return true }
        guard case .acquired(let lock) = StateLock.acquire(directory: options.stateDirectory) else { return false }
        waitsForStateLock = false
        stateLockPoll = nil
        stateLock = lock
        let loaded = Self.readState(store, log: log, limits: options.limits)
        saveRefusal = loaded.refusal
        manager.continueSceneNumbers(after: sceneNumbers.load(log: log))
        performInternal(.adoptUserSettings(loaded.user))
        log.info("took over the state folder \(options.stateDirectory) from the replaced instance")
        return true
    }
}
