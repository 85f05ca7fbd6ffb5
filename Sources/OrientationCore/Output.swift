/// The output side: which scene is in front, which compositor backend drives the built-in
/// panel, and what the panel shows.
///
/// The rule (what the panel must show) is `OrientationManager.outputOrientationRule`; the
/// state here only records what the rule needs and what the backend reported.
public struct OutputState: Sendable, Equatable {
    /// How the panel is held when it shows its transform `normal` (`--natural-orientation`).
    public let natural: NaturalOrientation
    /// The `foreground-active` scenes on `builtin`, in the order they became so: the last is
    /// in front, and when it leaves the one before it is.
    public internal(set) var foregroundOrder: [SceneID] = []
    /// The backend driving the panel; nil: none.
    public internal(set) var backend: OutputBackendKind?
    /// The panel's connector name ("" while no backend drives one).
    public internal(set) var name = ""
    /// What the panel shows, as an interface orientation; nil: unknown (or no backend).
    public internal(set) var showing: InterfaceOrientation?
    /// The output orientation the rule gave at the last command; nil: keep what it shows.
    /// orientd applies only when this changes (or a backend attaches), so a change made by
    /// someone else is read back and never fought.
    public internal(set) var decided: InterfaceOrientation?
    /// What the panel showed when orientd last left it as it was (nothing decided): where the
    /// rotation lock holds it when the device's orientation was not known at the lock.
    public internal(set) var resting: InterfaceOrientation?
    /// The orientation orientd last asked the backend to show (nil: nothing since it
    /// attached): until it is read back, what the panel shows may be on its way to it.
    public internal(set) var asked: InterfaceOrientation?
    /// The panel's size and what the compositor says of its own rotation (the screen's class
    /// and posture); nothing known while no backend drives the panel. The rotation is the
    /// compositor's settled word (`pendingRotation`).
    public internal(set) var facts = PanelFacts()
    /// A new word of the compositor on its own rotation, taken into `facts` once it has held
    /// for `CompositorRotation.settleTime` (nil: none waiting).
    public internal(set) var pendingRotation: PendingRotation?

    /// What the compositor said last: `facts` with the word still waiting to settle.
    public var reportedFacts: PanelFacts {
        PanelFacts(size: facts.size, rotation: pendingRotation?.rotation ?? facts.rotation, rotationChanging: facts.rotationChanging)
    }
    /// Why no backend drives the panel, with the option that changes it; while one does, ""
    /// or its note (`OutputCommand.note`).
    public internal(set) var status = OutputState.lookingStatus
    /// Whether someone else turned the panel away from what orientd decided (and the app in
    /// front cannot show) and orientd turned it back, since the decision was made.
    public internal(set) var turnedBack = false
    /// Someone else turned it away again: what the panel shows, left so as the user's choice
    /// until the decision changes (nil: no such turn).
    public internal(set) var keptForUser: InterfaceOrientation?

    /// `status` before the service has said anything about the compositor.
    public static let lookingStatus = "orientd is still looking for the compositor"

    public init(natural: NaturalOrientation = .portrait) {
        self.natural = natural
    }

    /// The scene in front, if any (`OrientationManager.updateFront`: the compositor's
    /// activated window decides when a tracker reports one).
    public internal(set) var frontScene: SceneID?
}

extension InterfaceOrientation {
    /// The device orientation this interface orientation follows (the inverse of
    /// `DeviceOrientation.interfaceOrientation`).
    var deviceOrientation: DeviceOrientation {
        switch self {
        case .portrait: return .portrait
        case .portraitUpsideDown: return .portraitUpsideDown
        case .landscapeLeft: return .landscapeRight
        case .landscapeRight: return .landscapeLeft
        }
    }

    /// The row of the transform table (written for a portrait-natural panel) that shows this
    /// interface orientation on a panel of the given natural orientation. A landscape panel
    /// shifts every row by the same quarter turn as the sensor reading: its transform
    /// `normal` shows landscape-right.
    public func panelRow(natural: NaturalOrientation) -> InterfaceOrientation {
        deviceOrientation.turned(quarterTurns: -natural.quarterTurns).interfaceOrientation!
    }

    /// The interface orientation a panel of the given natural orientation shows in `row`
    /// (the inverse of `panelRow`).
    public init(panelRow row: InterfaceOrientation, natural: NaturalOrientation) {
        self = row.deviceOrientation.turned(quarterTurns: natural.quarterTurns).interfaceOrientation!
    }
}

extension OrientationManager {
    /// The scene in front (see `updateFront`); nil when there is none.
    public var frontScene: SceneID? { output.frontScene }

    /// What the panel must show: the front scene's orientation; with no front scene the kiosk
    /// orientation while kiosk mode is on; otherwise the device's, mapped to an interface
    /// orientation. Under the rotation lock that is the device orientation the lock froze: the
    /// panel stays as it was locked, an app in front that needs another orientation still
    /// turns it, and it comes back when that app leaves. A lock taken while the device was
    /// flat or unknown holds the panel where it rested (`OutputState.resting`). Nil (keep what
    /// the panel shows) while the device is flat or unknown and nothing else decides.
    ///
    /// On a desk (`regime`) only kiosk mode, the administrator and the user's own choice for
    /// the app in front turn the panel (`decidesOnDesk`); otherwise it keeps what it shows, and
    /// goes back to where it rested once what turned it is gone.
    public var outputOrientationRule: InterfaceOrientation? {
        if regime == .desk {
            if let front = output.frontScene, let scene = scenes[front], decidesOnDesk(scene) { return scene.orientation }
            if settings.kioskMode { return settings.kioskOrientation }
            return output.asked == nil ? nil : output.resting
        }
        if let front = output.frontScene, let scene = scenes[front] { return scene.orientation }
        if settings.kioskMode { return settings.kioskOrientation }
        if let device = deviceOrientation.interfaceOrientation { return device }
        return settings.rotationLocked ? output.resting : nil
    }

    /// What the panel shows as far as orientd knows: as read back, else upright in its
    /// natural orientation.
    var panelOrientation: InterfaceOrientation {
        output.showing ?? InterfaceOrientation(panelRow: .portrait, natural: output.natural)
    }

    /// Whether the panel follows the device (or, under the rotation lock, waits for it): a
    /// backend drives it and neither a scene in front nor kiosk mode decides it.
    public var panelFollowsDevice: Bool {
        output.backend != nil && output.frontScene == nil && !settings.kioskMode
    }

    /// Keeps the foreground order in step with one scene (registered, changed or removed).
    mutating func trackForeground(_ id: SceneID) {
        let eligible = scenes[id].map { $0.isBuiltin && $0.activation == .foregroundActive } ?? false
        let index = output.foregroundOrder.lastIndex(of: id)
        if eligible, index == nil {
            output.foregroundOrder.append(id)
        } else if !eligible, let index {
            output.foregroundOrder.remove(at: index)
        }
    }

    /// The output commands: a backend attached, read the panel back, or went away.
    mutating func runOutput(_ command: OutputCommand, now: Moment, events: inout [Event]) {
        switch command {
        case .attached(let kind, let name, let row):
            output.backend = kind
            output.name = name
            output.showing = row.map { InterfaceOrientation(panelRow: $0, natural: output.natural) }
            output.status = ""
            output.asked = nil
            (output.turnedBack, output.keptForUser) = (false, nil)
            if outputOrientationRule == nil { output.resting = output.showing }
            // A backend that (re)appears shows at once what orientd decides now.
            output.decided = outputOrientationRule
            if output.decided != output.showing { requestOutputApply(events: &events) }
        case .facts(let facts):
            guard output.backend != nil else { return }
            output.facts.size = facts.size
            takeCompositorRotation(facts.rotation, changing: facts.rotationChanging, now: now)
        case .read(let row):
            guard output.backend != nil else { return }
            let before = output.showing
            output.showing = row.map { InterfaceOrientation(panelRow: $0, natural: output.natural) }
            if output.decided == nil { output.resting = output.showing }
            panelRead(after: before, events: &events)
        case .note(let sentence):
            guard output.backend != nil else { return }
            output.status = sentence
        case .detached(let reason):
            output.backend = nil
            output.name = ""
            output.showing = nil
            output.asked = nil
            output.facts = PanelFacts()
            output.pendingRotation = nil
            output.status = reason
        }
    }

    /// After every command: when the rule's answer changed, the panel is turned to it. Even
    /// when the panel last read back that orientation: an earlier apply may still be on its
    /// way (the backend reads the state first and skips a turn that is not needed).
    mutating func updateOutput(events: inout [Event]) {
        let decided = outputOrientationRule
        guard decided != output.decided else { return }
        let keptBefore = output.decided == nil
        output.decided = decided
        (output.turnedBack, output.keptForUser) = (false, nil)
        // From "keep what it shows" to what it shows (the lock holding the panel where it
        // rested): nothing to do unless orientd's last turn went elsewhere, and may still be
        // on its way (a front app left and another came before the turn was read back).
        if keptBefore, decided == output.showing, output.asked == nil || output.asked == output.showing { return }
        requestOutputApply(events: &events)
    }

    /// Asks the backend to show the decided orientation.
    mutating func requestOutputApply(events: inout [Event]) {
        guard output.backend != nil, let decided = output.decided else { return }
        output.asked = decided
        events.append(.applyOutput(decided.panelRow(natural: output.natural)))
    }
}
