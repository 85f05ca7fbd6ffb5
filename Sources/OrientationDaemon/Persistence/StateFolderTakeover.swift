import CGio
import Glibc
import GLibBridge
import OrientationCore

/// `orientd --replace` when the replaced instance still holds the state folder's lock (it is
/// ending, or it is stopped: SIGSTOP, a debugger). The main loop never waits for the lock:
/// orientd serves at once with the user's settings as they were on disk at start, refuses to
/// save (`SaveFailed` naming the holder) and polls the lock from a main-loop timer. Once the
/// lock is orientd's, it reads the settings again (the replaced instance may have saved a last
/// change meanwhile), applies what differs with the usual signals, and saves from then on.
/// After `patience` it logs that the holder does not let go, and keeps polling, slower.
extension StateFolder {
    static let lockPollMilliseconds: UInt32 = 50
    static let lockSlowPollMilliseconds: UInt32 = 1_000
    static let lockPatienceSeconds: Int64 = 30

    /// Called once orientd owns the name while the folder is still held. `tookOver` gets the
    /// user's settings and the last scene number as the folder holds them once it is orientd's.
    func startTakingOver(loop: MainLoop, tookOver: @escaping (SettingLayer, SceneID) -> Void) {
        guard waitsForLock, lockPoll == nil else { return }
        let started = g_get_monotonic_time()
        var warned = false
        if tryTakingOver(tookOver) { return }
        lockPoll = loop.addRepeatingTimeout(milliseconds: Self.lockPollMilliseconds) { [unowned self] in
            if self.tryTakingOver(tookOver) { return false }
            guard !warned, g_get_monotonic_time() - started >= Self.lockPatienceSeconds * 1_000_000 else { return true }
            warned = true
            self.log.warning("\(self.saveRefusal ?? "the state folder is still held") after \(Self.lockPatienceSeconds) s (is it stopped?); serving the settings read at start without saving changes until it lets go")
            self.lockPoll = loop.addRepeatingTimeout(milliseconds: Self.lockSlowPollMilliseconds) { [unowned self] in
                !self.tryTakingOver(tookOver)
            }
            return false
        }
    }

    /// One attempt: true when the lock is orientd's now (or nothing waits for it).
    private func tryTakingOver(_ tookOver: (SettingLayer, SceneID) -> Void) -> Bool {
        guard waitsForLock else { return true }
        guard case .acquired(let lock) = StateLock.acquire(directory: directory) else { return false }
        lockPoll = nil
        let loaded = readState()
        tookLock(lock, refusal: loaded.refusal)
        tookOver(loaded.user, sceneNumbers.load(log: log))
        log.info("took over the state folder \(directory) from the replaced instance")
        return true
    }
}
