/// One line of Explain: a layer's name, the mask it left, and a sentence.
public struct ExplanationLine: Sendable, Equatable {
    public var name: String
    public var mask: OrientationMask
    public var sentence: String
}

extension OrientationManager {
    /// The layer-by-layer reasoning for a scene: supported orientations, window policy, kiosk, app policy,
    /// split view, deciding controller, the deciding path, then the decision and its rule.
    /// It describes the declarations as they stand now (what the next evaluation will use).
    /// An observed scene (an app's window, no scene registered) has no delegates, controllers
    /// or container, and is a pad's only on a pad: only the layers that apply to it are said.
    public func explain(_ id: SceneID) throws(OrientationError) -> [ExplanationLine] {
        let scene = try self.scene(id)
        let steps = allLayers(scene)
        guard scene.isObserved else { return steps }
        let policy = Resolution(scene: scene, settings: settings).policy
        return steps.filter { step in
            switch step.step {
            case .windowPolicy, .controller, .path: return false
            case .splitView: return scene.idiom == .pad
            case .appPolicy: return policy != nil
            default: return true
            }
        }
    }

    /// Every layer of `explain`, whether it applies to the scene or not.
    func allLayers(_ scene: Scene) -> [ExplanationLine] {
        let r = Resolution(scene: scene, settings: settings)
        var steps: [ExplanationLine] = []

        var supportedOrientations: String
        if scene.isObserved, let allowed = r.policy?.allowed {
            supportedOrientations = "\(policyOwner(scene.appId)) gives the window its orientations: \(allowed)."
        } else if scene.isObserved, scene.supportedGiven == nil {
            let by = configuredBy(.undeclaredAppOrientations)
            supportedOrientations = "No policy and no orientations in its desktop entry: an app that says nothing follows the device; "
                + "\(SettingKey.undeclaredAppOrientations.rawValue) allows \(r.supportedOrientations)\(by.isEmpty ? " (the built-in default)" : by)."
        } else if scene.supportedGiven == nil {
            supportedOrientations = "No supported orientations given: the \(scene.idiom.rawValue) default \(r.supportedOrientations) applies."
        } else if let file = scene.supportedFile {
            supportedOrientations = "The app's desktop entry \(file) allows \(r.supportedOrientations)."
        } else {
            supportedOrientations = "The app's supported orientations (\(RegistrationOption.supportedOrientations.rawValue)) allow \(r.supportedOrientations)."
        }
        if scene.isObserved, scene.supportedGiven == nil, let declared = scene.declared, r.policy?.allowed == nil {
            supportedOrientations = declarationSetAside(declared) + " " + supportedOrientations
        }
        if r.appLocksIgnored {
            supportedOrientations = "Apps may not lock the orientation (AppLocksAllowed is off\(configuredBy(.appLocksAllowed))): what the app declares constrains nothing, and it follows the device. " + supportedOrientations
        }
        if scene.isObserved {
            supportedOrientations = "Observed: a window of \(scene.appId) as the compositor reports it (no scene registered). " + supportedOrientations
        }
        steps.append(ExplanationLine(.supportedOrientations, mask: r.supportedOrientations, sentence: supportedOrientations))

        let window: String
        switch r.windowSource {
        case .sceneDelegate: window = "The scene delegate's mask \(r.window) replaces the supported orientations."
        case .appDelegate: window = "The app delegate's mask \(r.window) replaces the supported orientations."
        case .supportedOrientations: window = "No delegate mask: the supported orientations stand."
        }
        steps.append(ExplanationLine(.windowPolicy, mask: r.window, sentence: window))

        steps.append(ExplanationLine(.kiosk, mask: r.afterKiosk, sentence: r.kioskActive
            ? "Kiosk mode\(configuredBy(.kioskMode)) forces \(settings.kioskOrientation.rawValue) and hides the status bar."
            : "Kiosk mode is off."))

        let policy: String
        let owner = policyOwner(scene.appId)
        if r.kioskActive, r.policy != nil {
            policy = "\(owner) is set aside: kiosk mode decides."
        } else if let p = r.policy {
            var parts: [String] = []
            if let allowed = p.allowed {
                parts.append(r.policyConflict
                    ? "allows \(allowed), which leaves the window nothing: the policy wins (conflict)"
                    : "allows \(allowed)")
            }
            if !p.followSensor { parts.append("keeps the app from following the sensor") }
            policy = "\(owner) " + (parts.isEmpty ? "changes nothing" : parts.joined(separator: " and ")) + "."
        } else {
            policy = "No user policy for \(scene.appId)."
        }
        steps.append(ExplanationLine(.appPolicy, mask: r.afterPolicy, sentence: policy))

        let split: String
        switch r.split {
        case .notInSplitView: split = scene.idiom == .pad
            ? "Not in split view (\(scene.width)×\(scene.height) points, threshold \(settings.splitViewThreshold))."
            : "Split view applies to the pad idiom only."
        case .applied(let family): split = "In split view: the scene keeps the \(family.rawValue) family it entered with."
        case .skipped(let family): split = "In split view, but the \(family.rawValue) family would leave the controller nothing: stabilisation skipped."
        case .overriddenByKiosk: split = "In split view, but kiosk mode decides."
        }
        steps.append(ExplanationLine(.splitView, mask: r.afterSystem, sentence: split))

        var controller: String
        if let deciding = r.deciding {
            let c = scene.tree[deciding]
            let source: String
            if let mode = c.mode {
                source = "its orientation mode \(mode.name)"
            } else if c.declaration.supported != nil {
                source = "its \(RegistrationOption.supportedOrientations.rawValue)"
            } else {
                source = "the \(scene.idiom.rawValue) default"
            }
            controller = "Deciding controller '\(c.id)' (\(c.kind.rawValue)) supports \(r.controllerMask) by \(source)"
            controller += c.autorotates ? ", and autorotates." : ", and does not autorotate."
        } else {
            controller = "No controllers: a default view controller supports \(r.controllerMask) and autorotates."
        }
        if r.controllerConflict && r.isValid {
            controller += " System policy leaves it nothing: the policy wins (conflict)."
        } else if !r.isValid {
            controller += " The window allows none of these: the next evaluation will be refused."
        }
        steps.append(ExplanationLine(.controller, mask: r.final, sentence: controller))

        steps.append(ExplanationLine(.path, mask: r.final, sentence: describePath(scene)))

        steps.append(ExplanationLine(.decision, mask: OrientationMask(scene.orientation),
                                 sentence: describeDecision(scene, r)))
        return steps
    }

    /// Who set the policy in force for `appId`: a file (locked or not) or the user.
    func policyOwner(_ appId: String) -> String {
        if let file = configuration.lockedPolicies[appId] {
            return "The locked policy of \(file) for \(appId)"
        } else if user.appPolicies[appId] == nil, let file = configuration.policySources[appId] {
            return "The policy of \(file) for \(appId)"
        }
        return "The user's policy for \(appId)"
    }

    /// " (set by FILE)" or " (locked by FILE)" when the configuration decides `key`, else "".
    /// Why an observed app's declaration is not in force on this screen, in words.
    func declarationSetAside(_ declared: DeclaredOrientations) -> String {
        let phone = declared.mask.isEmpty ? "" : "its desktop entry declares \(declared.mask) for phones"
        switch regime {
        case .desk:
            return "The screen stands on a desk, where an app's declaration turns nothing\(phone.isEmpty ? "" : " (\(phone))"): it takes what the panel shows."
        case .largeHeld:
            return "On a large screen held in the hand a phone declaration is a hint\(phone.isEmpty ? "" : " (\(phone))"), as Android 16 does from 600 dp: it follows the device (a large-screen key X-Orientd-SupportedOrientations-Pad, Categories=Game or your own choice would turn the panel)."
        case .phone:
            return "Its desktop entry declares nothing for phones (only for large screens)."
        }
    }

    func configuredBy(_ key: SettingKey) -> String {
        if let file = configuration.locks[key] { return " (locked by \(file))" }
        guard !user.sets(key), let file = configuration.sources[key] else { return "" }
        return " (set by \(file))"
    }

    func describePath(_ scene: Scene) -> String {
        let path = scene.tree.decidingPath()
        guard !path.isEmpty else { return "The scene has no controllers." }
        var parts: [String] = []
        for (index, handle) in path.enumerated() {
            let c = scene.tree[handle]
            let role: String
            if index == 0 {
                role = "root"
            } else if c.isPresented {
                role = "presented"
            } else if scene.tree[path[index - 1]].kind == .navigation {
                role = "top child"
            } else {
                role = "selected tab"
            }
            parts.append("\(role) '\(c.id)' (\(c.kind.rawValue))")
        }
        let last = scene.tree[path.last!]
        var stop = ""
        if last.kind != .view && !last.declaration.forwardsOrientation {
            stop = "; it does not forward orientation to its children"
        }
        return "Deciding path: " + parts.joined(separator: " → ") + stop + "."
    }

    func describeDecision(_ scene: Scene, _ r: Resolution) -> String {
        let rule: String
        switch scene.lastRule {
        case .followedDevice(let device): rule = "it follows the device (\(device.rawValue))"
        case .keptLocked: rule = "the deciding controller prefers the orientation locked (prefers-orientation-locked), and the scene is in front and full-screen, so the device does not turn it"
        case .followedPanel: rule = "the screen is on a desk, so it takes what the panel shows"
        case .openedAsScreen: rule = "the window opened as the screen was, which it allows"
        case .keptCurrent where scene.lastReason == nil: rule = "it keeps the orientation it opened in, which it allows"
        case .keptCurrent: rule = "the current orientation is still allowed"
        case .preferred: rule = "the deciding controller's preferred orientation"
        case .firstAllowed: rule = "the first allowed orientation in canonical order"
        case .requested: rule = "requested by the app (RequestOrientation)"
        case .presentationPreferred: rule = "the presented controller's preferred orientation"
        case .backgroundDefault: rule = "the default orientation while in the background"
        }
        var sentence = "\(scene.orientation.rawValue): \(rule)"
        if let reason = scene.lastReason { sentence += "; last change by \(reason.rawValue)" }
        if r.isValid && r.final != scene.effectiveMask {
            sentence += ". Declarations changed since the last evaluation (\(scene.effectiveMask) → \(r.final)); UpdateOrientation applies them"
        }
        if settings.rotationLocked { sentence += ". The rotation lock is on" }
        return sentence + "."
    }
}
