import OrientationCore
import SeededRandom

/// Random but mostly meaningful commands over a manager's current scenes and trees: targets
/// are usually controllers that exist and have the right kind, so most commands succeed and
/// the failures cover every error.
struct CommandGenerator {
    var random: SeededGenerator
    let callers = [":1.1", ":1.2", ":1.3"]
    let appIds = ["org.example.One", "org.example.Two", "org.example.Three"]
    let idPool = (0..<14).map { "c\($0)" }

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func mask() -> OrientationMask {
        switch random.below(10) {
        case 0: return .portrait
        case 1: return .landscape
        case 2: return .allButUpsideDown
        case 3: return .all
        case 4: return [.portrait, .portraitUpsideDown]
        default: return OrientationMask(rawValue: UInt32(random.below(16)) << 1) // sometimes empty
        }
    }

    mutating func optionalMask(nilPercent: Int) -> OrientationMask? { random.chance(nilPercent) ? nil : mask() }

    mutating func orientation() -> InterfaceOrientation { random.pick(InterfaceOrientation.allCases) }

    mutating func patch() -> ControllerPatch {
        var p = ControllerPatch()
        if random.chance(40) { p.supported = mask() }
        if random.chance(25) { p.preferred = random.chance(30) ? .some(nil) : .some(orientation()) }
        if random.chance(20) { p.shouldAutorotate = random.chance(60) }
        if random.chance(20) { p.fillsWindow = random.chance(60) }
        if random.chance(15) { p.forwardsOrientation = random.chance(70) }
        if random.chance(10) { p.prefersOrientationLocked = random.chance(50) }
        return p
    }

    mutating func spec() -> ControllerSpec {
        let kind: ControllerKind = random.pick([.view, .view, .view, .navigation, .navigation, .tab])
        var p = patch()
        if random.chance(2) { p.supported = nil; p.preferred = nil }
        let id = random.chance(1) ? (random.chance(50) ? "" : String(repeating: "x", count: 300)) : random.pick(idPool)
        return ControllerSpec(id: id, kind: kind, patch: p)
    }

    /// A controller id of the scene, preferring the given kind; sometimes any pool id.
    mutating func target(in scene: Scene?, kind: ControllerKind?) -> String {
        guard let tree = scene?.tree, !tree.isEmpty, random.chance(96) else { return random.pick(idPool) }
        let ids = tree.ids
        let matching = kind.map { k in ids.filter { tree[tree.handle(of: $0)!].kind == k } } ?? ids
        return random.pick(matching.isEmpty || random.chance(3) ? ids : matching)
    }

    mutating func sceneID(in manager: OrientationManager) -> SceneID {
        let ids = manager.scenes.keys.sorted()
        if ids.isEmpty || random.chance(2) { return manager.lastSceneID + SceneID(random.below(2)) }
        return random.pick(ids)
    }

    /// The caller: usually the scene's owner.
    mutating func caller(for scene: Scene?) -> String {
        if let owner = scene?.owner, random.chance(90) { return owner }
        return random.pick(callers)
    }

    mutating func registration() -> SceneRegistration {
        var r = SceneRegistration(appId: random.chance(1) ? "bad app" : random.pick(appIds),
                                  idiom: random.chance(50) ? .pad : .phone)
        r.supported = random.chance(35) ? nil : (random.chance(50) ? .all : mask())
        if random.chance(15) { r.sceneDelegate = mask() }
        if random.chance(15) { r.appDelegate = mask() }
        if random.chance(40) { r.width = UInt32(300 + random.below(1_200)) }
        if random.chance(40) { r.height = UInt32(300 + random.below(1_200)) }
        if random.chance(15) { r.display = random.pick(["hdmi-1", "dp-2"]) }
        r.detached = random.chance(15)
        return r
    }

    mutating func sceneCommand(for scene: Scene?) -> SceneCommand {
        // Grow trees: an empty tree mostly gets a root, and containers are pushed to when present.
        if let tree = scene?.tree, random.chance(tree.isEmpty ? 70 : 4) {
            var root = spec()
            if random.chance(70) { root = ControllerSpec(id: root.id, kind: random.chance(60) ? .navigation : .tab, patch: root.patch) }
            return .setRoot(root)
        }
        let roll = random.below(100)
        // A push or a tab needs a container of that kind: usually present one first.
        if let tree = scene?.tree, !tree.isEmpty, roll >= 6, roll < 40, random.chance(80) {
            let kind: ControllerKind = roll < 26 ? .navigation : .tab
            if !tree.ids.contains(where: { tree[tree.handle(of: $0)!].kind == kind }) {
                let container = spec()
                return .present(presenter: target(in: scene, kind: nil),
                                ControllerSpec(id: container.id, kind: kind, patch: container.patch))
            }
        }
        switch roll {
        case 0..<6: return .setRoot(spec())
        case 6..<18: return .push(navigation: target(in: scene, kind: .navigation), spec())
        case 18..<26: return .pop(navigation: target(in: scene, kind: .navigation))
        case 26..<34: return .addTab(tab: target(in: scene, kind: .tab), spec())
        case 34..<40:
            let tab = target(in: scene, kind: .tab)
            var child = random.pick(idPool)
            if let tree = scene?.tree, let handle = tree.handle(of: tab), !tree[handle].children.isEmpty, random.chance(90) {
                child = tree[random.pick(tree[handle].children)].id
            }
            return .selectTab(tab: tab, child: child)
        case 40..<48: return .present(presenter: target(in: scene, kind: nil), spec())
        case 48..<54: return .dismiss(target(in: scene, kind: nil))
        case 54..<62: return .setProperties(target(in: scene, kind: nil), patch())
        case 62..<68: return .setMode(target(in: scene, kind: nil), random.pick(OrientationModeName.allCases))
        case 68..<76: return .update
        case 76..<84: return .request(orientation())
        case 84..<88:
            return .setWindowOrientations(sceneDelegate: optionalMask(nilPercent: 50), appDelegate: optionalMask(nilPercent: 60))
        case 88..<95:
            let small = random.chance(50)
            return .setGeometry(width: small ? UInt32(300 + random.below(500)) : UInt32(760 + random.below(600)),
                                height: random.chance(2) ? 0 : UInt32(700 + random.below(600)))
        default: return .setActivation(random.pick(ActivationState.allCases))
        }
    }

    /// A window tracker's report: a few handles, the apps that register scenes and one that
    /// never does, an invalid app id now and then.
    mutating func windowCommand() -> WindowCommand {
        switch random.below(100) {
        case 0..<3: return .attached(random.pick(WindowTrackerKind.allCases))
        case 3..<5: return .detached(reason: "the compositor went away")
        case 5..<25: return .closed(handle: UInt64(random.below(7)))
        default:
            let appId = random.chance(3) ? "bad app" : random.pick(appIds + ["org.example.Watched", "org.example.Watched"])
            let declared = random.chance(50) ? nil : DeclaredOrientations(
                mask: random.chance(10) ? [] : mask(), file: "/usr/share/applications/\(appId).desktop",
                padMask: optionalMask(nilPercent: 70), isGame: random.chance(15))
            return .window(TrackedWindow(handle: UInt64(random.below(7)), appId: appId, activated: random.chance(50),
                                         minimized: random.chance(15), fullscreen: random.chance(10), declared: declared))
        }
    }

    /// An output backend's report: a panel of a phone's or a large screen's size, a compositor
    /// that turns it itself, leaves it, or says nothing (the screen's class and posture).
    mutating func outputCommand() -> OutputCommand {
        switch random.below(100) {
        case 0..<10: return .attached(.wlroots, name: "DSI-1", showing: random.chance(20) ? nil : orientation())
        case 10..<15: return .detached(reason: "the compositor went away")
        case 15..<55: return .read(random.chance(10) ? nil : orientation())
        default:
            let size = random.pick([PanelSize(width: 720, height: 1440, scale: 2), PanelSize(width: 1920, height: 1080, scale: 1),
                                    PanelSize(width: 1600, height: 2560, scale: 2), nil])
            let rotation = random.pick([CompositorRotation.silent, .turnsPanel("tablet mode"), .leavesPanel("laptop mode")])
            return .facts(PanelFacts(size: size, rotation: rotation))
        }
    }

    /// The next command and its caller.
    mutating func next(for manager: OrientationManager) -> (Command, String) {
        if random.chance(8) { return (.window(windowCommand()), ":1.0") }
        if random.chance(4) { return (.output(outputCommand()), ":1.0") }
        if random.chance(1) { return (.setAppLocksAllowed(random.chance(60)), ":1.0") }
        let roll = random.below(100)
        switch roll {
        case 0..<4:
            return (.registerScene(registration()), random.pick(callers))
        case 4..<5:
            let id = sceneID(in: manager)
            return (.unregisterScene(id), caller(for: manager.scenes[id]))
        case 5..<6:
            return (.clientVanished(random.pick(callers)), ":1.0")
        case 6..<15:
            return (.deviceReading(random.pick(DeviceOrientation.allCases), source: random.chance(50) ? .manual : .iioSensorProxy), ":1.0")
        case 15..<19:
            return (.tick, ":1.0")
        case 19..<21:
            return (.setRotationLocked(random.chance(40)), ":1.0")
        case 21..<23:
            return (.setKioskMode(random.chance(30), random.chance(40) ? nil : orientation()), ":1.0")
        case 23..<24:
            return (.setSplitViewThreshold(random.pick([0, 500, 768, 900, 100_001])), ":1.0")
        case 24..<25:
            return (.setSettleTime(random.pick([0, 0, 50, 250, 20_000])), ":1.0")
        case 25..<28:
            let policy: AppPolicy? = random.chance(30) ? nil
                : AppPolicy(allowed: optionalMask(nilPercent: 30), followSensor: random.chance(70))
            return (.setAppPolicy(appId: random.pick(appIds + ["org.example.Four"]), policy), ":1.0")
        case 28..<29:
            return (.setSensorAvailable(random.chance(50)), ":1.0")
        default:
            let id = sceneID(in: manager)
            let scene = manager.scenes[id]
            return (.scene(id, sceneCommand(for: scene)), caller(for: scene))
        }
    }
}
