/// The panel explained in words (`ExplainPanel`): which scene is in front and why, the rotation
/// lock, kiosk mode, the device, the default for apps that say nothing, what the panel shows,
/// then the layers of the app's scene that apply to it.
extension OrientationManager {
    /// The panel's explanation, for `appId` or, when it is nil or "", for the app in front.
    /// Each line is (name, mask, sentence) as `explain`'s: "front", "app" (only for an app that is
    /// not in front), "rotation-lock", "kiosk", "device", "undeclared-apps", "panel", then the
    /// app's scene's layers (`explain`, but kiosk mode, said once above).
    public func explainPanel(appId: String?) throws(OrientationError) -> [ExplanationLine] {
        let asked = appId ?? ""
        if !asked.isEmpty { try Validate.appId(asked, limits: limits) }
        let front = output.frontScene.flatMap { scenes[$0] }
        var lines = [ExplanationLine(.front, mask: front.map { OrientationMask($0.orientation) } ?? [],
                                     sentence: describeFront() + (appIdMismatchSentence.map { " " + $0 } ?? ""))]
        var explained = front
        if !asked.isEmpty, front?.appId != asked {
            explained = sceneToExplain(for: asked).flatMap { scenes[$0] }
            lines.append(ExplanationLine(.app, mask: explained?.effectiveMask ?? [],
                                         sentence: describeAbsent(asked, scene: explained, front: front)))
        }
        lines.append(ExplanationLine(.rotationLock, mask: [], sentence: settings.rotationLocked
            ? "The rotation lock is on\(setBy(.rotationLocked)): the panel stays as it was when locked; an app in front that needs another orientation still turns it."
            : "The rotation lock is off\(setBy(.rotationLocked))."))
        lines.append(ExplanationLine(.kiosk, mask: settings.kioskMode ? OrientationMask(settings.kioskOrientation) : [],
                                     sentence: settings.kioskMode
            ? "Kiosk mode is on\(setBy(.kioskMode)): every app is shown in \(settings.kioskOrientation.words) (KioskOrientation: \(setByWords(.kioskOrientation)))."
            : "Kiosk mode is off\(setBy(.kioskMode))."))
        lines.append(ExplanationLine(.device, mask: deviceOrientation.interfaceOrientation.map { OrientationMask($0) } ?? [],
                                     sentence: describeDevice()))
        lines.append(ExplanationLine(.undeclaredApps, mask: settings.undeclaredAppOrientations, sentence:
            "An app that says nothing (no policy, no orientations in its desktop entry) may take \(settings.undeclaredAppOrientations.words)"
            + " (UndeclaredAppOrientations: \(setByWords(.undeclaredAppOrientations)))."))
        lines.append(ExplanationLine(.appLocks, mask: [], sentence: settings.appLocksAllowed
            ? "Apps may lock the orientation (AppLocksAllowed: \(setByWords(.appLocksAllowed)))."
            : "Apps may not lock the orientation (AppLocksAllowed is off: \(setByWords(.appLocksAllowed))): every app follows the device; only your own choices per app and kiosk mode constrain it."))
        lines.append(ExplanationLine(.screen, mask: [], sentence: describeScreen()))
        lines.append(ExplanationLine(.panel, mask: output.showing.map { OrientationMask($0) } ?? [],
                                     sentence: describePanel()))
        if let explained {
            lines += try explain(explained.id).filter { $0.step != .kiosk }
        }
        return lines
    }

    /// The screen's class and posture, and the rules they give, in words.
    func describeScreen() -> String {
        let screen = screenClassBasis, held = postureBasis
        let rules: String
        switch regime {
        case .phone: rules = "an app's declaration turns the panel, as on a phone"
        case .largeHeld:
            rules = settings.largeScreenRule
                ? "a phone declaration is a hint and the panel follows the device; a large-screen declaration, a game, a registered scene and your own choice turn it"
                : "an app's declaration turns the panel (LargeScreenRule is off: \(setByWords(.largeScreenRule)))"
        case .desk: rules = "it stands on a desk, where no app turns the panel: only kiosk mode, the administrator's configuration and your own choice for an app do"
        }
        return "The screen is \(screen.screenClass.rawValue) (\(screen.words)) and \(held.posture == .held ? "held" : "on a desk") (\(held.words)): \(rules)."
    }

    /// The scene `explainPanel` explains for an app: the one in front, else its most recent
    /// foreground-active scene, else its newest.
    func sceneToExplain(for appId: String) -> SceneID? {
        if let id = output.frontScene, scenes[id]?.appId == appId { return id }
        if let id = output.foregroundOrder.last(where: { scenes[$0]?.appId == appId }) { return id }
        return scenes.values.filter { $0.appId == appId }.map(\.id).max()
    }

    /// Which scene is in front, and by which rule (docs/front-window.md).
    func describeFront() -> String {
        let tracker = windows.tracker.map { "the compositor's window list (\($0.rawValue))" }
        guard let id = output.frontScene, let scene = scenes[id] else {
            if windows.activeWindow != nil {
                return "No app is in front: the window \(tracker ?? "the compositor") shows in front belongs to no app orientd follows; the panel is not held for an app."
            }
            return "No app is in front: " + (tracker.map { "\($0) shows no activated window" }
                ?? "no scene on the built-in display is foreground-active") + "; the panel is not held for an app."
        }
        let app = scene.appId
        if let tracker, windows.activeWindow == nil, windows.keptWindow?.appId == app {
            return "\(app) stays in front: \(tracker) shows no app window activated (a drawer, an overview or a notification of the shell's own), and the shell's own surfaces turn nothing; \(app)'s window was the last activated."
        }
        guard let tracker, windows.activeWindow?.appId == app else {
            let none = windows.tracker == nil ? " (no window tracker follows the compositor's windows)" : ""
            return "\(app) is in front: its scene \(id) is the most recent foreground-active scene on the built-in display\(none)."
        }
        if scene.isObserved {
            return "\(app) is in front: \(tracker) shows its window activated; the app registered no scene, so orientd follows the window as it is (scene \(id), observed)."
        }
        return "\(app) is in front: \(tracker) shows its window activated, and its scene \(id) speaks for it."
    }

    /// An app that is not in front: its scene's state, or that it has none.
    func describeAbsent(_ appId: String, scene: Scene?, front: Scene?) -> String {
        let panel = front.map { "the panel is held for \($0.appId)" } ?? "no app holds the panel"
        guard let scene else {
            let policy = settings.appPolicies[appId]?.allowed.map { "; when it opens a window, \(policyOwner(appId)) allows \($0.words)" } ?? ""
            return "\(appId) is not in front and orientd knows no window or scene of it\(policy); \(panel)."
        }
        return "\(appId) is not in front (its scene \(scene.id) is \(scene.activation.rawValue), \(scene.orientation.words)); \(panel)."
    }

    /// The device's orientation, where it came from, and the sensor.
    func describeDevice() -> String {
        let from = sensorSource == .iioSensorProxy ? "the accelerometer (iio-sensor-proxy)" : "SetDeviceOrientation"
        var sentence: String
        switch deviceOrientation {
        case .unknown:
            sentence = sensorAvailable ? "The device's orientation is not known yet" : "The device's orientation is unknown: no accelerometer is available"
        case .faceUp, .faceDown:
            sentence = "The device lies flat (\(deviceOrientation.rawValue), from \(from)): nothing turns for it"
        default:
            sentence = "The device is held \(deviceOrientation.rawValue) (from \(from)): content that follows it is \(deviceOrientation.interfaceOrientation!.words)"
        }
        if settings.rotationLocked, sensedOrientation != deviceOrientation, sensedOrientation != .unknown {
            sentence += "; under the rotation lock it is now sensed \(sensedOrientation.rawValue)"
        }
        return sentence + handSetWords + "."
    }

    /// What the panel shows, and what orientd turns it to and why.
    func describePanel() -> String {
        guard let backend = output.backend else {
            return "No compositor backend turns the panel: \(output.status)."
        }
        let shows = output.showing.map { "shows \($0.words)" } ?? "shows an orientation orientd could not read"
        let head = "The panel (\(backend.rawValue) \(output.name)) \(shows)"
        let note = output.status.isEmpty ? "" : " " + output.status
        guard let decided = outputOrientationRule else {
            return head + "; orientd leaves it as it is: the device's orientation is unknown and no app or kiosk mode decides." + note
        }
        if let kept = describeKeptTurn() { return head + ". " + kept + note }
        return head + "; orientd turns it to \(decided.words) " + panelReason() + "." + note
    }

    /// The log's line when the app in front changed: "org.example.Game is in front, in
    /// landscape (right) (its desktop entry allows landscape only)", or that none is.
    public var frontAppLine: String {
        guard let id = output.frontScene, let scene = scenes[id] else {
            return "no app is in front: the panel " + (settings.kioskMode ? "shows kiosk mode's orientation" : "follows the device")
        }
        let line = "\(scene.appId) is in front, in \(scene.orientation.words) (\(appReason(scene)))"
        return appIdMismatchSentence.map { line + ". " + $0 } ?? line
    }

    /// The log's line when orientd turns the panel: "turning the panel to landscape (right)
    /// for org.example.Game (its desktop entry allows landscape only)"; nil when nothing decides.
    public var panelTurnLine: String? {
        outputOrientationRule.map { "turning the panel to \($0.words) \(panelReason())" }
    }

    /// Why the panel is turned as the rule says, in words: for the app in front (and that
    /// app's reason), kiosk mode, or the device; used by the log's lines too.
    public func panelReason() -> String {
        if let id = output.frontScene, let scene = scenes[id] {
            return "for \(scene.appId) (\(appReason(scene)))"
        }
        if settings.kioskMode { return "for kiosk mode" }
        if settings.rotationLocked, deviceOrientation.interfaceOrientation == nil { return "where the rotation lock holds it" }
        return settings.rotationLocked ? "as the device was when the rotation lock was taken" : "as the device is held, with no app in front"
    }

    /// Why a scene is in its orientation, briefly: where its orientations come from and, when
    /// it has a choice, how it chose.
    func appReason(_ scene: Scene) -> String {
        let r = Resolution(scene: scene, settings: settings)
        if r.kioskActive { return "kiosk mode" }
        let mask = r.final.words
        var reason: String
        if let allowed = r.policy?.allowed, !r.policyConflict {
            let owner = user.appPolicies[scene.appId] != nil && configuration.lockedPolicies[scene.appId] == nil
                ? "the user's policy" : "the administrator's policy"
            reason = "\(owner) allows \(allowed.words)"
        } else if scene.supportedFile != nil, scene.supportedGiven != nil {
            reason = "its desktop entry allows \(mask)"
        } else if scene.isObserved, scene.supportedGiven == nil {
            reason = "it says nothing, so it may take \(mask)"
        } else {
            reason = "it allows \(mask)"
        }
        switch scene.lastRule {
        case .followedDevice where r.final.orientations.count > 1: reason += ", and follows the device"
        case .followedPanel: reason += ", and takes what the panel shows on a desk"
        case .requested: reason += ", and asked for this one"
        default: break
        }
        return reason
    }
}
