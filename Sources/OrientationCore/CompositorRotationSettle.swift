/// A compositor's word on its own rotation is taken once it holds (docs/orientation-model.md,
/// "Held or on a desk"). A convertible's tablet-mode switch, mutter's `PanelOrientationManaged`
/// and KWin's tablet mode each say whether the device is held; a flag that flaps (a loose
/// hinge sensor, or a hostile owner of the compositor's bus name flipping it a thousand times
/// a second) would otherwise change the posture, re-evaluate every scene and claim and release
/// the sensor with each flip. So:
///
/// - the compositor's first word after silence (or after saying it has nothing to say) is
///   taken at once (nothing was taken that it could turn back, and orientd's start is not
///   delayed);
/// - a change of word waits until it has held for `CompositorRotation.settleTime`; a word
///   back to the one in force drops the waiting change, so a flag that keeps flapping keeps
///   the last settled posture, and when it stops the posture changes at most once;
/// - while the shell says the word is still changing (`PanelFacts.rotationChanging`: it is
///   reading a burst of notices, passing on only the last word of each), nothing settles,
///   and the word it passes on after waits the settle time from then. The shell's reading
///   may lag behind the flood; the core's clock must not settle a word the notices still
///   queued contradict.

/// A compositor's word on its own rotation, waiting to settle.
public struct PendingRotation: Sendable, Equatable {
    public var rotation: CompositorRotation
    /// When it was first said (monotonic microseconds).
    public var since: Int64
}

extension CompositorRotation {
    /// How long a new word must hold before the posture follows it (monotonic microseconds): a
    /// second, longer than a hand folding a convertible takes to settle, short enough to feel
    /// at once.
    public static let settleTime: Int64 = 1_000_000
}

extension OrientationManager {
    /// The compositor said `said` at `now`; `changing`: more of its notices are being read.
    mutating func takeCompositorRotation(_ said: CompositorRotation, changing: Bool, now: Moment) {
        let wasChanging = output.facts.rotationChanging
        output.facts.rotationChanging = changing
        if said == output.facts.rotation {
            output.pendingRotation = nil
        } else if output.facts.rotation.isSilent, !changing, !wasChanging {
            (output.facts.rotation, output.pendingRotation) = (said, nil)
        } else if output.pendingRotation?.rotation != said || changing || wasChanging {
            output.pendingRotation = PendingRotation(rotation: said, since: now.monotonic)
        }
    }

    /// When the waiting word will have held for the settle time (nil: none waits, or the
    /// word is still changing).
    var compositorRotationDeadline: Int64? {
        guard !output.facts.rotationChanging else { return nil }
        return output.pendingRotation.map { $0.since + CompositorRotation.settleTime }
    }

    /// Takes the waiting word once it has held (`.tick`).
    mutating func settleCompositorRotation(now: Moment) {
        guard !output.facts.rotationChanging, let pending = output.pendingRotation,
              now.monotonic >= pending.since + CompositorRotation.settleTime else { return }
        (output.facts.rotation, output.pendingRotation) = (pending.rotation, nil)
    }
}
