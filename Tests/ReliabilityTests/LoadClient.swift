import GLibBridge
import TestSupport

/// What a load client knows about one of its scenes: the controllers it made (a navigation
/// stack, each entry maybe presenting one full-screen controller), what each declares, its
/// size and state, and the OrientationChanged signals it received.
struct SceneModel: Sendable {
    struct Declaration: Sendable {
        var supported: Set<String>?
        var mode: String?
    }

    let path: String
    var stack = ["c0"]
    var presented: [String: String] = [:]
    var declarations: [String: Declaration] = ["c0": Declaration()]
    var size: (UInt32, UInt32) = (390, 844)
    var activation = "foreground-active"
    /// The orientation before the first signal.
    var initial = ""
    /// The OrientationChanged signals received: (previous, current, reason).
    var signals: [(String, String, String)] = []
    var problems: [String] = []

    var current: String { signals.last?.1 ?? initial }
    var deciding: String { presented[stack.last!] ?? stack.last! }

    /// The deciding controller's mask, as the next evaluation will use it (the supported orientations are
    /// every orientation, so it is also the effective mask).
    var mask: Set<String> {
        let d = declarations[deciding]!
        switch d.mode {
        case "portrait": return ["portrait"]
        case "landscape": return ["landscape-left", "landscape-right"]
        case "dynamic": return Set(Contract.interfaceOrientations)
        default: return d.supported ?? ["portrait", "landscape-left", "landscape-right"]
        }
    }

    mutating func received(previous: String, current: String, reason: String) {
        if previous != self.current { problems.append("signal \(previous)→\(current) (\(reason)) after \(self.current): one was lost or repeated") }
        signals.append((previous, current, reason))
    }
}

/// One load client: its own connection and loop thread, two scenes, and a pipeline of async
/// calls issued from its loop, each op chosen at random from its own model of its scenes (so
/// that no error is expected), its reply checked against the model.
final class LoadClient: Sendable {
    let index: Int
    let connection: LoopConnection
    let state: LockedValue<State>
    let finished = LockedValue(false)

    struct State: Sendable {
        var random: SeededGenerator
        var scenes: [SceneModel] = []
        var issued = 0
        var completed = 0
        var inFlight = 0
        var errors: [String] = []
        var counter = 0
    }

    init(index: Int, address: String, seed: UInt64) throws {
        self.index = index
        connection = try LoopConnection(address: address, threadName: "load-\(index)")
        state = LockedValue(State(random: SeededGenerator(seed: seed)))
    }

    /// Registers the scenes (every orientation allowed, a navigation root with one child) and
    /// subscribes to their OrientationChanged; synchronous, from the test thread.
    func setUp(scenes count: Int) throws {
        let bus = connection.connection
        for _ in 0..<count {
            let path = try bus.register(app: "load.client\(index)", supported: ["all"])
            let initial = try bus.sceneProperty(path, "InterfaceOrientation").string!
            let slot = state.withLock { s in
                var model = SceneModel(path: path)
                model.initial = initial
                s.scenes.append(model)
                return s.scenes.count - 1
            }
            let state = self.state
            connection.sync {
                _ = bus.subscribe(interface: Contract.sceneInterface, member: "OrientationChanged", path: path) { signal in
                    state.withLock {
                        $0.scenes[slot].received(previous: signal.argument(0).string!, current: signal.argument(1).string!,
                                                 reason: signal.argument(2).string!)
                    }
                }
            }
            try bus.syncWithBus()
            try bus.scene(path, "SetRootController", [.s("nav"), .s("navigation"), .emptyVardict])
            try bus.scene(path, "PushController", [.s("nav"), .s("c0"), .s("view"), .emptyVardict])
        }
    }

    /// Runs `operations` random operations, `window` in flight at a time; returns at once.
    func start(operations: Int, window: Int) {
        connection.loop.invoke { [self] in
            for _ in 0..<window { self.issueNext(limit: operations) }
        }
    }

    /// One op: chosen and modelled at send time (the service runs one connection's calls in
    /// order), checked at reply time.
    private func issueNext(limit: Int) {
        typealias Check = @Sendable (Variant, inout SceneModel) -> String?
        let op: (slot: Int, method: String, arguments: [Variant], check: Check?)? = state.withLock { s in
            guard s.issued < limit else { return nil }
            s.issued += 1
            s.inFlight += 1
            s.counter += 1
            let slot = Int.random(in: 0..<s.scenes.count, using: &s.random)
            let roll = Int.random(in: 0..<100, using: &s.random)
            var m = s.scenes[slot]
            defer { s.scenes[slot] = m }
            let id = "c\(s.counter)"
            let masks: [[String]] = [["portrait"], ["landscape-left", "landscape-right"], ["landscape-left"],
                                     ["portrait", "portrait-upside-down"], Contract.interfaceOrientations,
                                     ["portrait", "landscape-right"]]
            switch roll {
            case 0..<14:
                let mask = masks[Int.random(in: 0..<masks.count, using: &s.random)]
                m.stack.append(id)
                m.declarations[id] = .init(supported: Set(mask))
                return (slot, "PushController", [.s("nav"), .s(id), .s("view"), .vardict(["supported-orientations": .strings(mask)])], nil)
            case 14..<26 where m.stack.count > 1:
                let top = m.stack.removeLast()
                if let presented = m.presented.removeValue(forKey: top) { m.declarations[presented] = nil }
                m.declarations[top] = nil
                return (slot, "PopController", [.s("nav")], { reply, _ in reply.child(at: 0).string == top ? nil : "popped \(reply), not \(top)" })
            case 26..<34 where m.presented[m.stack.last!] == nil:
                let mask = masks[Int.random(in: 0..<masks.count, using: &s.random)]
                m.presented[m.stack.last!] = id
                m.declarations[id] = .init(supported: Set(mask))
                return (slot, "PresentController", [.s(m.stack.last!), .s(id), .s("view"), .vardict(["supported-orientations": .strings(mask)])], nil)
            case 26..<34:
                let presented = m.presented.removeValue(forKey: m.stack.last!)!
                m.declarations[presented] = nil
                return (slot, "DismissController", [.s(presented)], nil)
            case 34..<44:
                let mask = masks[Int.random(in: 0..<masks.count, using: &s.random)]
                m.declarations[m.deciding]!.supported = Set(mask)
                return (slot, "SetControllerProperties", [.s(m.deciding), .vardict(["supported-orientations": .strings(mask)])], nil)
            case 44..<52:
                let mode = ["portrait", "landscape", "dynamic", "none"][Int.random(in: 0..<4, using: &s.random)]
                m.declarations[m.deciding]!.mode = mode == "none" ? nil : mode
                return (slot, "SetOrientationMode", [.s(m.deciding), .s(mode)], nil)
            case 52..<62:
                let mask = m.mask
                return (slot, "UpdateOrientation", [], { reply, model in
                    let value = reply.child(at: 0).string ?? ""
                    if !mask.contains(value) { return "UpdateOrientation gave \(value), outside \(mask.sorted())" }
                    return value == model.current ? nil : "UpdateOrientation gave \(value), but the signals say \(model.current)"
                })
            case 62..<78:
                let wanted = m.mask.sorted()[Int.random(in: 0..<m.mask.count, using: &s.random)]
                return (slot, "RequestOrientation", [.s(wanted)], { reply, model in
                    let value = reply.child(at: 0).string ?? ""
                    if value != wanted { return "RequestOrientation(\(wanted)) gave \(value)" }
                    return value == model.current ? nil : "RequestOrientation gave \(value), but the signals say \(model.current)"
                })
            case 78..<86:
                let w = UInt32.random(in: 300...1200, using: &s.random), h = UInt32.random(in: 300...1200, using: &s.random)
                m.size = (w, h)
                return (slot, "SetGeometry", [.u(w), .u(h)], nil)
            case 86..<94:
                m.activation = ["foreground-active", "foreground-inactive", "background"][Int.random(in: 0..<3, using: &s.random)]
                return (slot, "SetActivationState", [.s(m.activation)], nil)
            default:
                return (slot, "Explain", [], nil)
            }
        }
        guard let op else {
            if state.withLock({ $0.inFlight == 0 }) { finished.withLock { $0 = true } }
            return
        }
        let path = state.withLock { $0.scenes[op.slot].path }
        connection.connection.callAsync(destination: Contract.busName, path: path, interface: Contract.sceneInterface, method: op.method,
                                        parameters: Variant(tuple: op.arguments), timeoutMilliseconds: 60_000) { [self] result in
            self.state.withLock { s in
                s.inFlight -= 1
                s.completed += 1
                switch result {
                case .success(let reply):
                    if let check = op.check, let problem = check(reply, &s.scenes[op.slot]) {
                        s.scenes[op.slot].problems.append(problem)
                    }
                case .failure(let error):
                    s.errors.append("\(op.method)\(op.arguments) on \(path): \(error)")
                }
            }
            self.issueNext(limit: limit)
        }
    }
}
