import Glibc

extension MainLoop {
    /// Unblocks SIGTERM, SIGINT and SIGHUP in the calling thread's signal mask.
    ///
    /// A process started by a parent that blocked them (Foundation's `Process` from a Swift
    /// Testing thread, for one) inherits the block, and would then ignore `kill -TERM`. Call
    /// this at the top of `main`, before GLib starts its threads (they inherit the mask).
    public static func unblockTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
