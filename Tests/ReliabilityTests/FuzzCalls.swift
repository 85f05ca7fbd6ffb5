import GLibBridge
import TestSupport

/// One random call: where, what, with which arguments, and the reply type a success must have.
struct FuzzCall {
    var path: String
    var interface: String
    var method: String
    var arguments: [Variant]
    var replyType: String
}

/// Makes random calls from pools of good and bad values: mostly well-typed calls with values
/// that are sometimes valid, sometimes not; now and then a call with the wrong D-Bus types,
/// an unknown method, or a scene path that does not exist.
struct FuzzCallMaker {
    var random: SeededGenerator
    /// Scene paths this maker has seen registered (by anyone: the test shares them).
    var knownScenes: () -> [String]

    static let orientationWords = Contract.interfaceOrientations + Contract.deviceOrientations
        + ["landscape", "all", "all-but-upside-down", "", "sideways", "Portrait", long(256), long(3000)]
    static let controllerIds = ["root", "nav", "tabs", "home", "detail", "sheet", "a", "b", "c", "", long(255), long(256)]
    static let kinds = ["view", "navigation", "tab", "window", ""]
    static let modes = ["portrait", "landscape", "dynamic", "locked", "none", "sideways", ""]
    static let states = ["foreground-active", "foreground-inactive", "background", "asleep", ""]
    static let appIds = ["fuzz.app", "fuzz.other", "org.example.Fuzz_1-2", "", "bad app", long(255, "a"), long(256, "a")]
    static let managerMethods: [(String, String)] = [
        ("RegisterScene", "(o)"), ("RegisterScene", "(o)"), ("RegisterScene", "(o)"), ("UnregisterScene", "()"),
        ("SetDeviceOrientation", "()"), ("SetDeviceOrientation", "()"), ("SetRotationLocked", "()"),
        ("SetKioskMode", "()"), ("SetSplitViewThreshold", "()"), ("SetSettleTime", "()"), ("SetAppPolicy", "()"),
        ("GetAppPolicies", "(a{sa{sv}})"), ("GetHistory", "(a(ostsss))"),
    ]
    static let sceneMethods: [(String, String)] = [
        ("SetRootController", "()"), ("SetRootController", "()"), ("PushController", "()"), ("PushController", "()"),
        ("PopController", "(s)"), ("AddTab", "()"), ("SelectTab", "()"), ("PresentController", "()"),
        ("DismissController", "()"), ("SetControllerProperties", "()"), ("SetOrientationMode", "()"),
        ("UpdateOrientation", "(s)"), ("RequestOrientation", "(s)"), ("RequestOrientation", "(s)"),
        ("SetWindowOrientations", "()"), ("SetGeometry", "()"), ("SetActivationState", "()"), ("Explain", "(a(sass))"),
    ]

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    mutating func orientationName() -> String { pick(Self.orientationWords) }
    mutating func mask() -> Variant {
        .strings((0..<Int.random(in: 0...3, using: &random)).map { _ in orientationName() })
    }
    mutating func dimension() -> UInt32 {
        chance(10) ? pick([0, 100_001, UInt32.max]) : UInt32.random(in: 200...1400, using: &random)
    }

    /// A value of a random type, for keys given the wrong type.
    mutating func anyValue() -> Variant {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .s(orientationName())
        case 1: return .b(chance(50))
        case 2: return .u(UInt32.random(in: 0...2000, using: &random))
        case 3: return .i(Int32.random(in: -5...5, using: &random))
        case 4: return mask()
        default: return Variant(double: 1.5)
        }
    }

    /// A vardict with keys from `keys` (each with a right value from `value`, or a wrong one),
    /// sometimes with an unknown key.
    mutating func vardict(_ keys: [String], _ value: (inout FuzzCallMaker, String) -> Variant) -> Variant {
        var entries: [String: Variant] = [:]
        for key in keys where chance(35) { entries[key] = chance(90) ? value(&self, key) : anyValue() }
        if chance(8) { entries[pick(["bogus", "App-Id", ""])] = anyValue() }
        return .vardict(entries)
    }

    mutating func registration() -> Variant {
        var options: [String: Variant] = [:]
        if chance(95) { options["app-id"] = chance(90) ? .s(pick(Array(Self.appIds.prefix(3)))) : .s(pick(Self.appIds)) }
        let extra = vardict(["idiom", "supported-orientations", "scene-delegate-orientations", "app-delegate-orientations",
                             "width", "height", "display", "detached"]) { maker, key in
            switch key {
            case "idiom": return .s(maker.pick(["phone", "pad", "pad", "watch"]))
            case "width", "height": return .u(maker.dimension())
            case "display": return .s(maker.pick(["builtin", "hdmi-1", "", long(256)]))
            case "detached": return .b(maker.chance(30))
            default: return maker.mask()
            }
        }
        for (key, value) in extra.vardict ?? [:] { options[key] = value }
        return .vardict(options)
    }

    mutating func controllerProperties() -> Variant {
        vardict(["should-autorotate", "supported-orientations", "preferred-orientation", "fills-window", "forwards-orientation"]) { maker, key in
            switch key {
            case "supported-orientations": return maker.mask()
            case "preferred-orientation": return .s(maker.chance(20) ? "" : maker.orientationName())
            default: return .b(maker.chance(60))
            }
        }
    }

    mutating func policy() -> Variant {
        chance(15) ? .emptyVardict : vardict(["allowed-orientations", "follow-sensor"]) { maker, key in
            key == "follow-sensor" ? .b(maker.chance(50)) : maker.mask()
        }
    }

    mutating func id() -> Variant { .s(pick(Self.controllerIds)) }
    mutating func kind() -> Variant { .s(chance(90) ? pick(Array(Self.kinds.prefix(3))) : pick(Self.kinds)) }

    /// Scenes this maker's client registered: most scene calls go to them, so that trees grow.
    var own: [String] = []

    mutating func scenePath() -> String {
        if chance(7) { return Contract.scenePath(UInt64.random(in: 0...20_000, using: &random)) }
        if !own.isEmpty && chance(70) { return pick(own) }
        let known = knownScenes()
        return known.isEmpty ? Contract.scenePath(1) : pick(known)
    }

    /// Arguments of random types, for a call GDBus must refuse.
    mutating func wrongArguments() -> [Variant] { (0..<Int.random(in: 0...3, using: &random)).map { _ in anyValue() } }

    mutating func next() -> FuzzCall {
        if chance(2) {
            return FuzzCall(path: chance(50) ? Contract.managerPath : scenePath(), interface: pick([Contract.managerInterface, Contract.sceneInterface]),
                            method: pick(["Frobnicate", "Register", "explain"]), arguments: [], replyType: "()")
        }
        if chance(3) {
            return FuzzCall(path: Contract.managerPath, interface: Contract.objectManager, method: "GetManagedObjects",
                            arguments: [], replyType: "(a{oa{sa{sv}}})")
        }
        let onManager = chance(40)
        let (method, replyType) = onManager ? pick(Self.managerMethods) : pick(Self.sceneMethods)
        let path = onManager ? Contract.managerPath : scenePath()
        let interface = onManager ? Contract.managerInterface : Contract.sceneInterface
        if chance(5) { return FuzzCall(path: path, interface: interface, method: method, arguments: wrongArguments(), replyType: replyType) }
        let arguments: [Variant]
        switch method {
        case "RegisterScene": arguments = [registration()]
        case "UnregisterScene": arguments = [.o(scenePath())]
        case "SetDeviceOrientation": arguments = [.s(orientationName())]
        case "SetRotationLocked": arguments = [.b(chance(30))]
        case "SetKioskMode": arguments = [.b(chance(15)), .s(chance(50) ? "" : orientationName())]
        case "SetSplitViewThreshold": arguments = [.u(chance(10) ? 100_001 : UInt32.random(in: 0...1200, using: &random))]
        case "SetSettleTime": arguments = [.u(chance(10) ? 10_001 : UInt32.random(in: 0...20, using: &random))]
        case "SetAppPolicy": arguments = [.s(pick(Self.appIds)), policy()]
        case "GetHistory": arguments = [.u(UInt32.random(in: 0...300, using: &random))]
        case "SetRootController": arguments = [id(), kind(), controllerProperties()]
        case "PushController", "AddTab", "PresentController": arguments = [id(), id(), kind(), controllerProperties()]
        case "PopController", "DismissController": arguments = [id()]
        case "SelectTab": arguments = [id(), id()]
        case "SetControllerProperties": arguments = [id(), controllerProperties()]
        case "SetOrientationMode": arguments = [id(), .s(pick(Self.modes))]
        case "RequestOrientation": arguments = [.s(orientationName())]
        case "SetWindowOrientations": arguments = [chance(50) ? .strings([]) : mask(), chance(60) ? .strings([]) : mask()]
        case "SetGeometry": arguments = [.u(dimension()), .u(dimension())]
        case "SetActivationState": arguments = [.s(pick(Self.states))]
        default: arguments = []
        }
        return FuzzCall(path: path, interface: interface, method: method, arguments: arguments, replyType: replyType)
    }
}
