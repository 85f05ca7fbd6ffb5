import CGio
import Glibc
import OrientationCore

/// KWin's auto-rotate policy of the panel (kde_output_device_v2 version 4, KWin 6 and later):
///
/// - each listing says KWin's policy for the panel's output; outside orientd's hold that is
///   the user's policy (`userPolicy`, the posture's word with KWin's tablet mode). A value
///   outside the protocol's enum is ignored by the listener (the last sane one stays) and said
///   once per KWin;
/// - while the core asks to hold the compositor's rotation (`holdCompositorRotation`) the
///   policy is set to "never" (`set_auto_rotate_policy`), and the user's own is set back when
///   the hold ends or orientd stops. The user's policy is kept in a file of the state
///   directory while held, so an orientd that crashed gives it back when it next sees KWin;
/// - someone else changing the policy during the hold (the user in the display settings) is
///   the user's new policy: orientd stops holding until the hold ends, and never fights.
///
/// A KWin that reports no policy (KWin 5.27, or a device bound below version 4) is not held.
final class KWinAutoRotate {
    static let savedFileName = "kwin-auto-rotate-policy.saved"

    let log: Log
    /// The file keeping the user's policy while held (nil: not kept).
    let savedPath: String?
    /// The connection to set the policy on (nil: KWin is not there).
    var connection: () -> WaylandConnection? = { nil }
    /// The user's policy for the panel (nil: KWin reports none).
    private(set) var userPolicy: KWinAutoRotatePolicy?
    /// What KWin reports now, the panel's output, and the change orientd sent and KWin has not
    /// reported yet.
    private var current: KWinAutoRotatePolicy?
    private var output: String?
    private var panelListed = false
    private var sent: KWinAutoRotatePolicy?
    /// The core's hold; whether orientd holds "never" now; whether it stopped holding until the
    /// hold ends (someone else changed the policy, or KWin refused).
    private var coreHold = false
    private(set) var holding = false
    private var gaveUp = false
    private var saidRefused = false
    /// The log lines said of values outside the enum (one per KWin at most).
    private(set) var refusalsSaid = 0
    /// What the saved file held when this KWin was first listed: an earlier orientd's hold.
    private var restoring: (output: String, policy: KWinAutoRotatePolicy)?
    /// After KWin answered "applied", how long its listing may take to show the policy before
    /// orientd judges it was not taken (KWin reports the device's new state after the answer;
    /// its virtual outputs answer "applied" and keep their policy).
    static let reportWait: UInt32 = 3_000
    private var reportTimer: guint = 0
    /// How long orientd stopping waits for KWin's answer to the user's policy given back, and
    /// whether it still waits.
    static let lastAnswerWait = 1_000
    private var awaitingLastAnswer = false

    init(stateDirectory: String?, log: Log) {
        self.log = log
        savedPath = stateDirectory.map { $0 + "/" + Self.savedFileName }
        restoring = readSaved()
    }

    deinit { stopTimer() }

    /// A new KWin (or the first): nothing is known of it yet; an earlier hold is in the file.
    func newPeer() {
        stopTimer()
        (current, output, sent, userPolicy, holding, gaveUp, saidRefused, panelListed) = (nil, nil, nil, nil, false, false, false, false)
        restoring = readSaved()
    }

    /// A listing of KWin's outputs: the panel's head (nil: no panel).
    func listed(_ head: WaylandConnection.Head?) {
        if let refused = head?.refusedAutoRotatePolicy, !saidRefused {
            saidRefused = true
            refusalsSaid += 1
            log.warning("output: kwin: KWin sent the auto-rotate policy \(refused) for \(head?.name ?? "the panel"), outside the protocol's enum (0 never, 1 in tablet mode, 2 always): ignored, the last sane policy stays (\(head?.autoRotatePolicy?.words ?? "none"))")
        }
        // The panel not listed (turned off, unplugged): its hold is kept until it is back.
        panelListed = head != nil
        guard let head else { return }
        if head.name != output {
            if holding, let old = output, let user = userPolicy {
                // Another output is the panel now: the one held gets the user's policy back.
                _ = connection()?.setAutoRotatePolicy(user, toOutput: old)
                removeSaved()
            }
            stopTimer()
            (output, sent, userPolicy, holding) = (head.name, nil, nil, false)
        }
        current = head.autoRotatePolicy
        if let sent {
            guard current == sent else { return }  // the change orientd sent is still on its way
            self.sent = nil
            stopTimer()
        }
        if let saved = restoring, let output, let current {
            restoring = nil
            if saved.output == output, current == .never, saved.policy != .never {
                log.info("output: kwin: KWin's auto-rotate policy for \(output) is \"never\", held by an orientd that did not stop cleanly: the user's policy is \"\(saved.policy.words)\" (kept in \(savedPath ?? ""))")
                (userPolicy, holding) = (saved.policy, true)
            } else if saved.output == output {
                removeSaved()
            }
        }
        if holding {
            if current != .never, current != userPolicy || coreHold {
                log.info("output: kwin: KWin's auto-rotate policy for \(output ?? "the panel") was set to \"\(current?.words ?? "none")\" by someone else while orientd held it: the user's new policy; orientd stops holding it until the hold ends")
                (userPolicy, holding, gaveUp) = (current, false, coreHold)
                removeSaved()
            }
        } else {
            userPolicy = current
        }
        update()
    }

    /// The core's `holdCompositorRotation`.
    func holdCompositorRotation(_ held: Bool) {
        coreHold = held
        if !held { gaveUp = false }
        update()
    }

    /// KWin's answer to the policy orientd sent: refused, or applied but not listed within
    /// `reportWait`, it was not taken.
    func answered(_ result: WaylandConnection.ApplyResult) {
        awaitingLastAnswer = false
        guard let asked = sent, current != asked else { return }
        guard result != .succeeded else {
            stopTimer()
            reportTimer = afterDelay(milliseconds: Self.reportWait) { [weak self] in
                self?.reportTimer = 0
                self?.notTaken(asked)
            }
            return
        }
        notTaken(asked)
    }

    private func notTaken(_ asked: KWinAutoRotatePolicy) {
        guard sent == asked, current != asked else { return }
        sent = nil
        log.warning("output: kwin: KWin did not set its auto-rotate policy for \(output ?? "the panel") to \"\(asked.words)\"; orientd does not hold it until the hold ends")
        gaveUp = coreHold
        if holding, current != .never {
            holding = false
            removeSaved()
        }
    }

    private func stopTimer() {
        if reportTimer != 0 { cancelDelay(reportTimer) }
        reportTimer = 0
    }

    /// orientd stops: the user's policy back, and KWin's answer waited for, `lastAnswerWait`
    /// at most (KWin 6.7 now and then kept a change whose client left before it applied it).
    /// A change still in flight refuses another: its answer is waited for first. The file stays
    /// until a KWin is seen with the user's policy, in case the request is lost.
    func release() {
        guard holding, let output, let userPolicy, current == .never, let connection = connection() else { return }
        var given = connection.setAutoRotatePolicy(userPolicy, toOutput: output)
        if !given {
            waitForAnswer(on: connection)
            given = holding && connection.setAutoRotatePolicy(userPolicy, toOutput: output)
        }
        if given {
            waitForAnswer(on: connection)
            log.info("output: kwin: KWin's auto-rotate policy for \(output) back to the user's \"\(userPolicy.words)\" (orientd stops\(awaitingLastAnswer ? "; KWin did not answer within \(Self.lastAnswerWait) ms" : ""))")
        } else {
            log.warning("output: kwin: KWin's auto-rotate policy for \(output) stays \"never\" as orientd stops (a change is still on its way to KWin): the next start gives the user's \"\(userPolicy.words)\" back (kept in \(savedPath ?? "no file"))")
        }
        holding = false
    }

    private func waitForAnswer(on connection: WaylandConnection) {
        awaitingLastAnswer = true
        connection.read(until: { [self] in !awaitingLastAnswer }, milliseconds: Self.lastAnswerWait)
    }

    /// Brings KWin's policy in line with the hold.
    private func update() {
        guard panelListed, let output, let user = userPolicy, let current, sent == nil else { return }
        if coreHold && !gaveUp && user != .never {
            if !holding {
                holding = true
                writeSaved(output: output, policy: user)
                log.info("output: kwin: holding KWin's auto-rotate policy for \(output) at \"never\" while orientd shows what KWin's own rotation would not (the user's policy: \"\(user.words)\")")
            }
            if current != .never { send(.never, to: output) }
        } else if holding {
            if current != user { return send(user, to: output) }
            holding = false
            removeSaved()
            log.info("output: kwin: KWin's auto-rotate policy for \(output) back to the user's \"\(user.words)\"")
        }
    }

    private func send(_ policy: KWinAutoRotatePolicy, to output: String) {
        guard connection()?.setAutoRotatePolicy(policy, toOutput: output) == true else {
            log.warning("output: kwin: cannot set KWin's auto-rotate policy for \(output) to \"\(policy.words)\": KWin offers no kde_output_management_v2 at version 5, lists no such output on, or a change is in flight")
            return
        }
        sent = policy
    }

    private func readSaved() -> (output: String, policy: KWinAutoRotatePolicy)? {
        guard let savedPath, case .contents(let bytes) = SafeFile.read(savedPath),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count == 2, let policy = KWinAutoRotatePolicy(key: lines[1]) else { return nil }
        return (lines[0], policy)
    }

    private func writeSaved(output: String, policy: KWinAutoRotatePolicy) {
        guard let savedPath else { return }
        var error: UnsafeMutablePointer<GError>?
        if g_mkdir_with_parents(SafeFile.folder(of: savedPath), 0o777) != 0
            || g_file_set_contents(savedPath, "\(output)\n\(policy.key)\n", -1, &error) == 0 {
            log.warning("output: kwin: could not keep the user's auto-rotate policy in \(savedPath)")
            g_clear_error(&error)
        }
    }

    private func removeSaved() {
        if let savedPath { unlink(savedPath) }
    }
}
