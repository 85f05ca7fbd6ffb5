import OrientationCore

/// KWin's auto-rotate policy of the panel (kde_output_device_v2 version 4, KWin 6 and later):
/// each listing says KWin's policy for the panel's output, which is the user's policy
/// (`userPolicy`, the posture's word with KWin's tablet mode). A value outside the protocol's
/// enum is ignored by the listener (the last sane one stays) and said once per KWin.
final class KWinAutoRotate {
    let log: Log
    /// The user's policy for the panel (nil: KWin reports none).
    private(set) var userPolicy: KWinAutoRotatePolicy?
    private var saidRefused = false
    /// The log lines said of values outside the enum (one per KWin at most).
    private(set) var refusalsSaid = 0

    init(log: Log) { self.log = log }

    /// A new KWin (or the first): nothing is known of it yet.
    func newPeer() {
        (userPolicy, saidRefused) = (nil, false)
    }

    /// A listing of KWin's outputs: the panel's head (nil: no panel).
    func listed(_ head: WaylandConnection.Head?) {
        if let refused = head?.refusedAutoRotatePolicy, !saidRefused {
            saidRefused = true
            refusalsSaid += 1
            log.warning("output: kwin: KWin sent the auto-rotate policy \(refused) for \(head?.name ?? "the panel"), outside the protocol's enum (0 never, 1 in tablet mode, 2 always): ignored, the last sane policy stays (\(head?.autoRotatePolicy?.words ?? "none"))")
        }
        userPolicy = head?.autoRotatePolicy
    }
}
